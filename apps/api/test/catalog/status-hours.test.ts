// The status job counts every check into its listing's hour (UTC) with the players it reported,
// in the statement that records it, as it counts it into its day: the hours a dispute's evidence
// reads (issue 17 point 4) always add up to the days the vendor's uptime reads.
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A2sResponder } from '@crimsonhost/devnet/a2s-responder';
import { queryRows } from '../../src/db/client';
import {
  GameStatusWorker,
  type GameStatusSettings,
} from '../../src/modules/catalog/game-status.job';
import { createTestDatabase, type TestDatabase } from '../database';
import { createListing, createVendor } from './catalog-factories';

const log = pino({ level: 'silent' });
const settings: GameStatusSettings = {
  intervalMs: 60_000,
  timeoutMs: 300,
  attempts: 1,
  missThreshold: 2,
  concurrency: 4,
  hostCheck: { allowedHosts: ['127.0.0.1'] },
};

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function counted(listingId: string) {
  const [row] = await queryRows<{
    hours: number;
    checks: number;
    answered: number;
    players_max: number;
    players_sum: number;
    aligned: boolean;
    day_checks: number;
    day_answered: number;
  }>(
    database.db,
    sql`select count(*)::int as hours,
               sum(checks)::int as checks,
               sum(answered)::int as answered,
               max(players_max)::int as players_max,
               sum(players_sum)::int as players_sum,
               bool_and(hour = date_trunc('hour', hour at time zone 'UTC') at time zone 'UTC')
                 as aligned,
               (select sum(checks)::int from server_status_days where listing_id = ${listingId})
                 as day_checks,
               (select sum(answered)::int from server_status_days where listing_id = ${listingId})
                 as day_answered
          from server_status_hours
         where listing_id = ${listingId}`,
  );
  return row!;
}

describe('the status hours', () => {
  it('count each check into its UTC hour with its players, as the days count it', async () => {
    const responder = await A2sResponder.start({ name: 'A2S', players: 9, maxPlayers: 24 });
    const vendor = await createVendor(database.db);
    const listing = await createListing(database.db, {
      vendorId: vendor.id,
      gameId: 'csgo',
      status: 'offline',
      playersCurrent: 0,
      playersMax: 1,
      queryPort: responder.port,
    });
    const worker = new GameStatusWorker(database.db, log, settings);
    try {
      expect(await worker.checkDueServers()).toMatchObject({ answered: 1 });
      expect(await counted(listing.id)).toMatchObject({
        hours: 1,
        checks: 1,
        answered: 1,
        players_max: 9,
        players_sum: 9,
        aligned: true,
      });
    } finally {
      await responder.close();
    }

    // The game server is gone: the next check is a miss, counted with no players.
    await database.db.execute(
      sql`update server_status_checks set next_check_at = now() - interval '1 second'`,
    );
    expect(await worker.checkDueServers()).toMatchObject({ missed: 1 });
    const after = await counted(listing.id);
    expect(after).toMatchObject({
      checks: 2,
      answered: 1,
      players_max: 9,
      players_sum: 9,
      aligned: true,
      day_checks: 2,
      day_answered: 1,
    });
  });
});
