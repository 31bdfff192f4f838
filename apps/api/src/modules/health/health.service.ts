import type { Health } from '@crimsonhost/shared/health';
import type { DatabaseHandle } from '../../db/client';
import { migrationLevel, readJournal } from '../../db/migrate';
import { jobRuns } from '../../lib/jobs';
import { watcherStates } from '../chains/chain-watcher';
import { countAddressCollisions } from '../wallet/wallet.repository';

export async function readHealth(
  database: DatabaseHandle,
  version: string,
  catalog?: Health['catalog'],
): Promise<Health> {
  const base = { version, uptimeSeconds: Math.round(process.uptime()), catalog };
  try {
    const migration = await migrationLevel(database);
    const health: Health = {
      ...base,
      status: migration.upToDate ? 'ok' : 'degraded',
      database: { driver: database.driver, reachable: true, migration },
    };
    if (!migration.upToDate) return health;
    // Watcher states are shared by every instance: a stuck watcher shows here, it does not make
    // this instance unhealthy (a load balancer must not take it out for the chain's sake).
    return {
      ...health,
      chains: await watcherStates(database.db),
      jobs: await jobRuns(database.db),
      deposits: { addressCollisions: await countAddressCollisions(database.db) },
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
