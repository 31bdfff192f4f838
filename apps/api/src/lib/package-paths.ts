import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API's package folder, found by walking up from this module: the same answer from the
 * TypeScript sources (tests, `tsx`) and from the bundled `dist/main.js`.
 */
function findApiRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'drizzle.config.ts'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the API package folder (drizzle.config.ts)');
    dir = parent;
  }
  return dir;
}

export const apiRoot = findApiRoot();
export const migrationsDir = path.join(apiRoot, 'src', 'db', 'migrations');
export const defaultWebDistDir = path.resolve(apiRoot, '..', 'web', 'dist');
