import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { outboxMailer } from '../src/lib/mailer';
import { postgresServer } from './bench-postgres';

/**
 * The app of a benchmark that drives it through `app.inject`: a fresh, migrated database (PGlite
 * in a temporary folder, or a database of its own on the PostgreSQL server at `serverUrl`), silent
 * logs, mail to a throwaway outbox.
 */
export async function openBenchApp({
  name,
  driver,
  serverUrl,
}: {
  /** Names the temporary folder and the PostgreSQL database: `crimsonhost_bench_<name>`. */
  name: string;
  driver: string;
  serverUrl: string;
}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `crimsonhost-${name}-bench-`));
  let database: DatabaseHandle;
  if (driver === 'postgres') {
    const databaseName = `crimsonhost_bench_${name}`;
    const { databaseUrl, admin } = postgresServer(serverUrl);
    await admin(async (client) => {
      await client.query(`drop database if exists ${databaseName} with (force)`);
      await client.query(`create database ${databaseName}`);
    });
    database = await openDatabase({ driver: 'postgres', url: databaseUrl(databaseName) });
  } else {
    database = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'db') });
  }
  await runMigrations(database);
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const app = await buildApp({
    config,
    database,
    jwtSecret: `${name}-bench-secret-that-is-long-enough-0123456789`,
    mailer: outboxMailer(path.join(dataDir, 'outbox'), config.MAIL_FROM),
    logger: pino({ level: 'silent' }),
  });
  await app.ready();
  return { app, database };
}
