import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { openDatabase } from './client';
import { runMigrations } from './migrate';

const gzip = promisify(gzipCallback);

/**
 * The embedded database with every migration applied, as the build writes it beside the API's
 * bundle (decision 065): a fresh data folder starts from it instead of creating a cluster and
 * migrating it, which took 3 of a fresh start's 7 seconds.
 */
export const MIGRATED_SNAPSHOT_FILE = 'migrated-pglite.tar.gz';

/** Migrates an in-memory embedded database and writes its data folder, gzipped, to `file`. */
export async function writeMigratedSnapshot(file: string): Promise<number> {
  const handle = await openDatabase({ driver: 'pglite' });
  try {
    await runMigrations(handle);
    const tar = Buffer.from(await (await handle.dumpDataDir!()).arrayBuffer());
    const packed = await gzip(tar, { level: 6 });
    await writeFile(file, packed);
    return packed.length;
  } finally {
    await handle.close();
  }
}
