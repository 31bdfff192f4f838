import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/db/client';
import { extractDataDir, fillFromSnapshot, holdsDatabase } from '../src/db/data-folder-snapshot';
import { runMigrations } from '../src/db/migrate';

/** A ustar archive of `entries` (type '0' a file, '5' a directory), as tar writes one. */
function tarOf(entries: { name: string; type?: '0' | '5'; body?: string }[]) {
  const blocks: Buffer[] = [];
  for (const { name, type = '0', body = '' } of entries) {
    const header = Buffer.alloc(512);
    header.write(name, 0, 100, 'utf8');
    header.write('0000600\0', 100);
    header.write(`${Buffer.byteLength(body).toString(8).padStart(11, '0')}\0`, 124);
    header.write(type, 156);
    header.write('ustar\0', 257);
    blocks.push(header);
    const data = Buffer.alloc(Math.ceil(Buffer.byteLength(body) / 512) * 512);
    data.write(body);
    blocks.push(data);
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'crimsonhost-snapshot-test-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// The embedded database's own behaviour: on the PostgreSQL run there is no migrated snapshot.
describe.skipIf(process.env.TEST_DATABASE_URL)(
  'a new data folder filled from a migrated snapshot',
  () => {
    it('opens as a migrated database, and a folder that holds one is left alone', async () => {
      // The snapshot global setup migrated, packed as the build packs its own (writeMigratedSnapshot,
      // which the build runs, does the same from an in-memory database).
      const file = path.join(scratch, 'migrated.tar.gz');
      writeFileSync(file, gzipSync(readFileSync(inject('pgliteSnapshot'))));
      const dataDir = path.join(scratch, 'data');
      const handle = await openDatabase({ driver: 'pglite', dataDir, snapshotFile: file });
      try {
        expect(holdsDatabase(dataDir)).toBe(true);
        const applied = await queryRows<{ n: number }>(
          handle.db,
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect(applied[0]!.n).toBeGreaterThan(10);
        // Already at the latest migration: nothing more to apply, and the schema answers.
        await runMigrations(handle);
        await handle.db.execute(sql`insert into platform_settings (key, value) values ('t', '1')`);
      } finally {
        await handle.close();
      }
      expect(await fillFromSnapshot(dataDir, file)).toBe(false);
      const reopened = await openDatabase({ driver: 'pglite', dataDir, snapshotFile: file });
      try {
        const kept = await queryRows<{ value: string }>(
          reopened.db,
          sql`select value from platform_settings where key = 't'`,
        );
        expect(kept).toEqual([{ value: 1 }]);
      } finally {
        await reopened.close();
      }
    }, 60_000);
  },
);

describe('unpacking a data folder', () => {
  it('writes PG_VERSION last and refuses paths outside the folder or a tar without it', async () => {
    const dir = path.join(scratch, 'crafted');
    await extractDataDir(
      tarOf([
        { name: 'PG_VERSION', body: '17\n' },
        { name: 'base', type: '5' },
        { name: 'base/1', body: 'x' },
      ]),
      dir,
    );
    expect(holdsDatabase(dir)).toBe(true);
    expect(existsSync(path.join(dir, 'base', '1'))).toBe(true);
    await expect(
      extractDataDir(tarOf([{ name: '../outside', body: 'x' }]), path.join(scratch, 'evil')),
    ).rejects.toThrow(/outside the data folder/);
    expect(existsSync(path.join(scratch, 'outside'))).toBe(false);
    const noVersion = path.join(scratch, 'no-version');
    await expect(extractDataDir(tarOf([{ name: 'base/1', body: 'x' }]), noVersion)).rejects.toThrow(
      /no PG_VERSION/,
    );
    expect(holdsDatabase(noVersion)).toBe(false);
  });
});
