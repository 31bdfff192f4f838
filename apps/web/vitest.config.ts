import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

const TEST_FILES = ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'];

/**
 * Test files that need a module graph of their own (decision 052): those that replace a module
 * with `vi.mock`, which would reach every later file of the worker, and those that say so because
 * they test what happens when a module is first loaded.
 */
const ISOLATED_FILES = globSync(TEST_FILES, {
  cwd: import.meta.dirname,
  exclude: ['**/node_modules/**'],
}).filter((file) => {
  const source = readFileSync(new URL(file, import.meta.url), 'utf8');
  return source.includes('vi.mock(') || source.includes('@vitest-isolate');
});

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    // Node 25 and later have a Web Storage of their own: without --localstorage-file its
    // `localStorage` is undefined and hides jsdom's, so every test that signs in fails. The tests
    // stand in a browser, where jsdom's storage is the one (decision 025).
    execArgv: ['--no-experimental-webstorage'],
    setupFiles: ['./src/test/setup.ts'],
    clearMocks: true,
    restoreMocks: true,
    unstubGlobals: true,
    // Whole-app renders (antd, lazy routes) take seconds on a busy 2-core machine.
    testTimeout: 20_000,
    // Vitest keeps a core free by default, which on a 2-core machine is one worker: the web
    // suite took 639 s that way and 406 s with two (CI, a quiet machine).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          include: TEST_FILES,
          exclude: [...configDefaults.exclude, ...ISOLATED_FILES],
          // A worker keeps its modules and its jsdom window from one file to the next: loading
          // the app, Ant Design and jsdom again took about 3 s of each file (decision 052).
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'web-isolated', include: ISOLATED_FILES },
      },
    ],
  },
});
