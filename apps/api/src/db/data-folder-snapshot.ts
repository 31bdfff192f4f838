import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback } from 'node:zlib';

const gunzip = promisify(gunzipCallback);

/** A field of a tar header: bytes up to the first NUL. */
const field = (header: Buffer, start: number, length: number) => {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
};

/**
 * Writes a (ustar) tarball of a data folder into `dir`: directories and regular files, nothing
 * else. `PG_VERSION`, which marks a folder as holding a database, is written last, so a start
 * stopped half way leaves a folder that the next start fills again.
 */
export async function extractDataDir(tar: Buffer, dir: string) {
  const root = path.resolve(dir);
  let last: { file: string; body: Buffer } | undefined;
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const name = [field(header, 345, 155), field(header, 0, 100)].filter(Boolean).join('/');
    const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const body = tar.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
    const target = path.resolve(root, `.${path.sep}${name}`);
    if (target !== root && !target.startsWith(root + path.sep)) {
      throw new Error(`the snapshot names a path outside the data folder: ${name}`);
    }
    if (type === '5') {
      await mkdir(target, { recursive: true });
    } else if (type === '0' || type === '\0') {
      await mkdir(path.dirname(target), { recursive: true });
      if (path.relative(root, target) === 'PG_VERSION') last = { file: target, body };
      else await writeFile(target, body, { mode: 0o600 });
    }
  }
  if (!last) throw new Error('the snapshot holds no PG_VERSION: not a data folder');
  await writeFile(last.file, last.body, { mode: 0o600 });
}

/** Whether `dataDir` already holds a database (its `PG_VERSION` file). */
export const holdsDatabase = (dataDir: string) => existsSync(path.join(dataDir, 'PG_VERSION'));

/**
 * Fills a new data folder from the build's migrated snapshot, when the build wrote one; answers
 * whether it did. The caller holds the folder's lock. Migrations still run after it: a snapshot
 * older than the code gets the newer ones.
 */
export async function fillFromSnapshot(dataDir: string, snapshotFile: string): Promise<boolean> {
  if (holdsDatabase(dataDir) || !existsSync(snapshotFile)) return false;
  await extractDataDir(await gunzip(await readFile(snapshotFile)), dataDir);
  return true;
}
