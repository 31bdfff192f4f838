import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { serverUrl, templateName, testDatabaseUrl, withAdminClient } from './database';

/** On PostgreSQL, migrate one template database that every test file copies. */
export default async function setup() {
  const url = testDatabaseUrl();
  if (!url) return;
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
