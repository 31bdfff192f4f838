import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrationsDir } from '../lib/package-paths';
import { queryRows, type DatabaseHandle, type Schema } from './client';

/** Any number will do as long as no other part of the product takes the same advisory lock. */
const MIGRATION_LOCK_KEY = 7_211_442_001;

interface JournalEntry {
  idx: number;
  tag: string;
}

export function readJournal(dir = migrationsDir): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/**
 * Applies the committed SQL migrations. On PostgreSQL an advisory lock makes instances that start
 * together take turns, so each migration runs exactly once.
 */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, {
      migrationsFolder: migrationsDir,
    });
    return;
  }
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await migratePg(tx as unknown as NodePgDatabase<Schema>, { migrationsFolder: migrationsDir });
  });
}

export interface MigrationLevel {
  applied: number;
  expected: number;
  latest: string | null;
  upToDate: boolean;
}

export async function migrationLevel(handle: DatabaseHandle): Promise<MigrationLevel> {
  const journal = readJournal();
  const rows = await queryRows<{ count: number | string }>(
    handle.db,
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  const applied = Number(rows[0]?.count ?? 0);
  const latest = applied > 0 ? (journal[applied - 1]?.tag ?? null) : null;
  return { applied, expected: journal.length, latest, upToDate: applied >= journal.length };
}
