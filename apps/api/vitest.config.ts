import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file has its own database, chains and servers on ports the system picks, so files run
    // side by side. Vitest keeps a core free by default, which on a 2-core machine is one worker.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A worker keeps the modules it imported from one file to the next (decision 051): each file
    // used to import and transform the whole API again, about 6 s of a worker's time a file, more
    // than its tests took. Files share no state but what the modules cache (the common-password
    // list, a dummy hash); each builds its own app on its own database.
    isolate: false,
  },
});
