import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    // Node 25 and later have a Web Storage of their own: without --localstorage-file its
    // `localStorage` is undefined and hides jsdom's, so every test that signs in fails. The tests
    // stand in a browser, where jsdom's storage is the one (decision 025).
    execArgv: ['--no-experimental-webstorage'],
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
