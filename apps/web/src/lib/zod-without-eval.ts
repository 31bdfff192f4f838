import { config } from 'zod';

// Zod compiles object parsers with `new Function` and probes for it when a schema is created. Our
// CSP has no 'unsafe-eval', so that probe would be reported as a violation: parse without it. This
// module must be imported before any module that creates a schema (main.tsx imports it first).
config({ jitless: true });
