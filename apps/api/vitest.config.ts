import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // At least two workers: one (Vitest's default on 2 cores) took 251 s for this suite, two 192 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
