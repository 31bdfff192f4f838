import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    clearMocks: true,
    restoreMocks: true,
    unstubGlobals: true,
    // Whole-app renders (antd, lazy routes) take seconds on a busy 2-core machine.
    testTimeout: 20_000,
    // Vitest keeps a core free by default, which on a 2-core machine is one worker: the web
    // suite took 639 s that way and 406 s with two (CI, a quiet machine).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
