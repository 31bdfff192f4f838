// Decides whether the built storefront is older than its sources, so `npm start` builds only
// when it must. The fingerprint covers every source file's path, size and modification time.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = path.join(root, 'apps', 'api', 'dist', '.build-fingerprint');
const sources = [
  'package-lock.json',
  'packages/shared/src',
  'apps/api/src',
  'apps/api/build.mjs',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/build',
  'apps/web/vite.config.ts',
];
const outputs = ['apps/api/dist/main.js', 'apps/web/dist/index.html'];

function walk(target, hash) {
  if (!existsSync(target)) return;
  const stat = statSync(target);
  if (stat.isDirectory()) {
    for (const entry of readdirSync(target).sort()) walk(path.join(target, entry), hash);
    return;
  }
  hash.update(`${path.relative(root, target)}:${stat.size}:${stat.mtimeMs}\n`);
}

export function fingerprint() {
  const hash = createHash('sha256');
  for (const source of sources) walk(path.join(root, source), hash);
  return hash.digest('hex');
}

export function isBuildCurrent() {
  if (!outputs.every((output) => existsSync(path.join(root, output)))) return false;
  return existsSync(stampFile) && readFileSync(stampFile, 'utf8') === fingerprint();
}

export function markBuilt() {
  writeFileSync(stampFile, fingerprint());
}
