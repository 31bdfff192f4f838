import type { Health } from '@crimsonhost/shared/health';
import type { DatabaseHandle } from '../../db/client';
import { migrationLevel, readJournal } from '../../db/migrate';

export async function readHealth(database: DatabaseHandle, version: string): Promise<Health> {
  const base = { version, uptimeSeconds: Math.round(process.uptime()) };
  try {
    const migration = await migrationLevel(database);
    return {
      ...base,
      status: migration.upToDate ? 'ok' : 'degraded',
      database: { driver: database.driver, reachable: true, migration },
    };
  } catch {
    const expected = readJournal().length;
    return {
      ...base,
      status: 'degraded',
      database: {
        driver: database.driver,
        reachable: false,
        migration: { applied: 0, expected, latest: null, upToDate: false },
      },
    };
  }
}
