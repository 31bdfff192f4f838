import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { serverUrl, templateName, testDatabaseUrl, withAdminClient } from './database';

/**
 * Migrate once for the whole run. On PostgreSQL, a template database that every test file copies;
 * on PGlite, a snapshot of a migrated data folder that every test file loads (about four times
 * faster than migrating an empty cluster, see docs/benchmarks.md).
 */
export default async function setup(project: TestProject) {
  const url = testDatabaseUrl();
  if (!url) {
    const handle = await openDatabase({ driver: 'pglite' });
    await runMigrations(handle);
    const snapshot = await handle.dumpDataDir!();
    await handle.close();
    const folder = mkdtempSync(path.join(tmpdir(), 'crimsonhost-test-snapshot-'));
    const file = path.join(folder, 'migrated.tar');
    writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
    project.provide('pgliteSnapshot', file);
    return () => rmSync(folder, { recursive: true, force: true });
  }
  const template = templateName(url);
  await withAdminClient(url, async (client) => {
    await client.query(`drop database if exists "${template}" with (force)`);
    await client.query(`create database "${template}"`);
  });
  const handle = await openDatabase({ driver: 'postgres', url: serverUrl(url, template) });
  await runMigrations(handle);
  await handle.close();
  return async () => {
    await withAdminClient(url, (client) =>
      client.query(`drop database if exists "${template}" with (force)`),
    );
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding the migrated PGlite data folder; empty on PostgreSQL. */
    pgliteSnapshot: string;
  }
}
