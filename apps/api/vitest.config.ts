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
  },
});
