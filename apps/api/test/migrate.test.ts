import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { migrationLevel, readJournal, runMigrations } from '../src/db/migrate';
import { createTestDatabase, serverUrl, withAdminClient, type TestDatabase } from './database';

let database: TestDatabase;
const extra: DatabaseHandle[] = [];

afterAll(async () => {
  await Promise.all(extra.map((handle) => handle.close()));
  await database?.close();
});

describe('migrations', () => {
  it('bring a fresh database to the committed level, and a second run changes nothing', async () => {
    database = await createTestDatabase();
    const level = await migrationLevel(database);
    expect(level).toEqual({
      applied: readJournal().length,
      expected: readJournal().length,
      latest: readJournal().at(-1)!.tag,
      upToDate: true,
    });
    await runMigrations(database);
    expect(await migrationLevel(database)).toEqual(level);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'run once when several instances start together on an empty PostgreSQL database',
    async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const name = `crimsonhost_migrate_race_${process.pid}`;
      await withAdminClient(url, async (client) => {
        await client.query(`drop database if exists "${name}" with (force)`);
        await client.query(`create database "${name}"`);
      });
      try {
        for (let i = 0; i < 4; i += 1) {
          extra.push(await openDatabase({ driver: 'postgres', url: serverUrl(url, name) }));
        }
        await Promise.all(extra.map((handle) => runMigrations(handle)));
        const level = await migrationLevel(extra[0]!);
        expect(level.applied).toBe(readJournal().length);
        expect(level.upToDate).toBe(true);
      } finally {
        await Promise.all(extra.splice(0).map((handle) => handle.close()));
        await withAdminClient(url, (client) =>
          client.query(`drop database if exists "${name}" with (force)`),
        );
      }
    },
  );
});
