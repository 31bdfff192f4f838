import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client';

/**
 * Test databases. With TEST_DATABASE_URL set, each call makes a fresh PostgreSQL database from a
 * template that global setup migrated once; otherwise a fresh in-memory PGlite loaded from the
 * migrated snapshot global setup wrote.
 */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

export function templateName(url: string): string {
  return `${new URL(url).pathname.slice(1) || 'crimsonhost_test'}_template`;
}

export function serverUrl(url: string, database = 'postgres'): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: serverUrl(url) });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase extends DatabaseHandle {
  /** Connection URL on PostgreSQL, for tests that open more connections of their own. */
  url?: string;
}

let snapshot: Promise<Blob> | undefined;

/** The migrated data folder, read once per worker. */
function migratedSnapshot(): Promise<Blob> {
  snapshot ??= readFile(inject('pgliteSnapshot')).then((bytes) => new Blob([bytes]));
  return snapshot;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = testDatabaseUrl();
  if (!url) return openDatabase({ driver: 'pglite', loadDataDir: await migratedSnapshot() });
  const name = `${templateName(url).replace(/_template$/, '')}_${randomBytes(5).toString('hex')}`;
  await withAdminClient(url, (client) =>
    client.query(`create database "${name}" template "${templateName(url)}"`),
  );
  const dbUrl = serverUrl(url, name);
  const handle = await openDatabase({ driver: 'postgres', url: dbUrl, poolSize: 20 });
  return {
    ...handle,
    url: dbUrl,
    async close() {
      await handle.close();
      await withAdminClient(url, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      );
    },
  };
}
