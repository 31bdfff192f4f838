import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { expect } from 'vitest';
import { openDatabase, type DatabaseHandle, type Schema } from '../src/db/client';
import { migrationsDir } from '../src/lib/package-paths';
import { serverUrl, withAdminClient } from './database';

/**
 * A database brought to an earlier migration level, to test what a data migration does to rows
 * the previous level wrote: PGlite, or a database of its own on TEST_DATABASE_URL.
 */
export class MigrationLevels {
  private readonly folders: string[] = [];
  private readonly handles: DatabaseHandle[] = [];
  private drop: (() => Promise<void>) | undefined;

  /** `name` keeps two test files' databases apart on one server. */
  constructor(private readonly name: string) {}

  async emptyDatabase(): Promise<DatabaseHandle> {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return this.keep(await openDatabase({ driver: 'pglite' }));
    const name = `crimsonhost_migrate_${this.name}_${process.pid}`;
    await withAdminClient(url, async (client) => {
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.query(`create database "${name}"`);
    });
    this.drop = () =>
      withAdminClient(url, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      ).then(() => undefined);
    return this.keep(await openDatabase({ driver: 'postgres', url: serverUrl(url, name) }));
  }

  /** Applies the committed migrations up to and including `tag`. */
  async migrateTo(database: DatabaseHandle, tag: string) {
    const migrationsFolder = this.migrationsUpTo(tag);
    if (database.driver === 'pglite')
      await migratePglite(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
    else await migratePg(database.db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
  }

  async cleanUp() {
    await Promise.all(this.handles.map((handle) => handle.close()));
    await this.drop?.();
    for (const folder of this.folders) rmSync(folder, { recursive: true, force: true });
  }

  private keep(handle: DatabaseHandle) {
    this.handles.push(handle);
    return handle;
  }

  /** The committed migrations up to and including `tag`, in a folder of their own. */
  private migrationsUpTo(tag: string): string {
    const folder = mkdtempSync(path.join(tmpdir(), 'crimsonhost-migrations-'));
    this.folders.push(folder);
    cpSync(migrationsDir, folder, { recursive: true });
    const journalPath = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
      entries: { tag: string }[];
    };
    const last = journal.entries.findIndex((entry) => entry.tag === tag);
    expect(last).toBeGreaterThanOrEqual(0);
    journal.entries = journal.entries.slice(0, last + 1);
    writeFileSync(journalPath, JSON.stringify(journal));
    return folder;
  }
}
