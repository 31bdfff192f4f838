import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The signing key when JWT_SECRET is not set: made once and kept in the data folder, so tokens
 * survive a restart of a single-instance storefront. (With DATABASE_URL, JWT_SECRET is required.)
 */
export function dataFolderSecret(dataDir: string, name = 'jwt-secret'): string {
  const dir = path.resolve(dataDir, 'secrets');
  const file = path.join(dir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
