import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { serverListings, serverStatusChecks } from '../../src/db/schema/index';
import { JobScheduler } from '../../src/lib/jobs';
import { A2sResponder, type GameServerResponder } from '@crimsonhost/devnet/a2s-responder';
import {
  GameStatusWorker,
  type GameStatusSettings,
} from '../../src/modules/catalog/game-status.job';
import { claimDueChecks } from '../../src/modules/catalog/game-status.repository';
import { MinecraftStatusResponder } from '@crimsonhost/devnet/minecraft-status-responder';
import { createTestDatabase, type TestDatabase } from '../database';
import { createListing, createVendor } from './catalog-factories';

const log = pino({ level: 'silent' });
const settings: GameStatusSettings = {
  intervalMs: 60_000,
  timeoutMs: 300,
  attempts: 1,
  missThreshold: 2,
  concurrency: 4,
  // The responders listen on loopback, let through as the demo's game servers are.
  hostCheck: { allowedHosts: ['127.0.0.1'] },
};

let database: TestDatabase;
let vendorId: string;
let responders: GameServerResponder[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  vendorId = (await createVendor(database.db)).id;
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(serverListings);
});
afterEach(async () => {
  await Promise.all(responders.map((r) => r.close()));
  responders = [];
});

async function a2s(players: number, maxPlayers: number, delayMs = 0) {
  const responder = await A2sResponder.start({ name: 'A2S', players, maxPlayers, delayMs });
  responders.push(responder);
  return responder;
}

async function minecraft(players: number, maxPlayers: number) {
  const responder = await MinecraftStatusResponder.start({ name: 'MC', players, maxPlayers });
  responders.push(responder);
  return responder;
}

function listingFor(responder: GameServerResponder, gameId = 'csgo', status = 'offline') {
  return createListing(database.db, {
    vendorId,
    gameId,
    status,
    playersCurrent: 0,
    playersMax: 1,
    queryPort: responder.port,
  });
}

/** Moves every check's due time into the past, as if the interval had gone by. */
async function letIntervalPass() {
  await database.db.execute(
    sql`update server_status_checks set next_check_at = now() - interval '1 second'`,
  );
}

async function stored(id: string) {
  const [listing] = await database.db
    .select({
      status: serverListings.status,
      current: serverListings.playersCurrent,
      max: serverListings.playersMax,
      misses: serverStatusChecks.misses,
      lastAnswerAt: serverStatusChecks.lastAnswerAt,
      lastCheckedAt: serverStatusChecks.lastCheckedAt,
      lastError: serverStatusChecks.lastError,
      leaseHolder: serverStatusChecks.leaseHolder,
    })
    .from(serverListings)
    .innerJoin(serverStatusChecks, eq(serverStatusChecks.listingId, serverListings.id))
    .where(eq(serverListings.id, id));
  return listing!;
}

describe('the game status job', () => {
  it('stores the players each game server reports, over A2S and the Minecraft list ping', async () => {
    const cs = await a2s(9, 24);
    const mc = await minecraft(31, 80);
    const csListing = await listingFor(cs, 'csgo');
    const mcListing = await listingFor(mc, 'minecraft');
    const worker = new GameStatusWorker(database.db, log, settings);

    expect(await worker.checkDueServers()).toEqual({ answered: 2, missed: 0, skipped: 0 });

    expect(await stored(csListing.id)).toMatchObject({
      status: 'online',
      current: 9,
      max: 24,
      misses: 0,
      leaseHolder: null,
    });
    const mcStored = await stored(mcListing.id);
    expect(mcStored).toMatchObject({ status: 'online', current: 31, max: 80 });
    expect(mcStored.lastAnswerAt).toBeInstanceOf(Date);
    expect(mcStored.lastCheckedAt).toEqual(mcStored.lastAnswerAt);
  });

  it('follows the players as they change, once per interval', async () => {
    const cs = await a2s(3, 16);
    const mc = await minecraft(5, 20);
    const csListing = await listingFor(cs);
    const mcListing = await listingFor(mc, 'minecraft');
    const worker = new GameStatusWorker(database.db, log, settings);
    await worker.checkDueServers();

    cs.players = 15;
    mc.players = 0;
    mc.maxPlayers = 40;
    // Not due yet: nobody is asked and the stored values stay.
    expect(await worker.checkDueServers()).toEqual({ answered: 0, missed: 0, skipped: 0 });
    expect((await stored(csListing.id)).current).toBe(3);
    expect(cs.answered).toBe(1);

    await letIntervalPass();
    await worker.checkDueServers();
    expect(await stored(csListing.id)).toMatchObject({ current: 15, max: 16 });
    expect(await stored(mcListing.id)).toMatchObject({ current: 0, max: 40, status: 'online' });
  });

  it('turns a server that stops answering offline after the configured misses, and back', async () => {
    const cs = await a2s(6, 10);
    const listing = await listingFor(cs);
    const worker = new GameStatusWorker(database.db, log, settings);
    await worker.checkDueServers();
    expect((await stored(listing.id)).status).toBe('online');

    cs.silent = true;
    await letIntervalPass();
    expect(await worker.checkDueServers()).toEqual({ answered: 0, missed: 1, skipped: 0 });
    // One miss of two: still shown online with its last players.
    const afterOne = await stored(listing.id);
    expect(afterOne).toMatchObject({ status: 'online', current: 6, misses: 1 });
    expect(afterOne.lastError).toMatch(/fail|timeout/i);

    await letIntervalPass();
    await worker.checkDueServers();
    expect(await stored(listing.id)).toMatchObject({ status: 'offline', current: 0, misses: 2 });

    cs.silent = false;
    cs.players = 4;
    await letIntervalPass();
    await worker.checkDueServers();
    expect(await stored(listing.id)).toMatchObject({
      status: 'online',
      current: 4,
      misses: 0,
      lastError: null,
    });
  });

  it('counts a closed port as a miss', async () => {
    const mc = await minecraft(1, 10);
    const listing = await listingFor(mc, 'minecraft', 'online');
    await mc.close();
    responders = responders.filter((r) => r !== mc);
    const worker = new GameStatusWorker(database.db, log, { ...settings, missThreshold: 1 });
    expect(await worker.checkDueServers()).toEqual({ answered: 0, missed: 1, skipped: 0 });
    expect((await stored(listing.id)).status).toBe('offline');
  });

  it('leaves a server in maintenance alone', async () => {
    const cs = await a2s(2, 10);
    const listing = await listingFor(cs, 'csgo', 'maintenance');
    const worker = new GameStatusWorker(database.db, log, settings);
    expect(await worker.checkDueServers()).toEqual({ answered: 0, missed: 0, skipped: 1 });
    expect(cs.answered).toBe(0);
    expect((await stored(listing.id)).status).toBe('maintenance');
  });

  it('runs on the job scheduler', async () => {
    const cs = await a2s(12, 32);
    const listing = await listingFor(cs);
    const scheduler = new JobScheduler(database.db, log, 50);
    scheduler.register(new GameStatusWorker(database.db, log, settings).job());
    scheduler.start();
    try {
      await expect
        .poll(async () => (await stored(listing.id)).current, { timeout: 5000, interval: 50 })
        .toBe(12);
    } finally {
      await scheduler.stop();
    }
  });

  it('hands a claimed server to nobody else until its result is written', async () => {
    const cs = await a2s(1, 10);
    await listingFor(cs);
    const first = await claimDueChecks(database.db, 'instance-a', 10, 60_000);
    expect(first).toHaveLength(1);
    expect(await claimDueChecks(database.db, 'instance-b', 10, 60_000)).toEqual([]);
    // A lease that ran out (its holder died) can be taken over.
    await database.db.execute(
      sql`update server_status_checks set lease_until = now() - interval '1 second'`,
    );
    expect(await claimDueChecks(database.db, 'instance-b', 10, 60_000)).toHaveLength(1);
  });

  it('never lets two workers query the same game server', async () => {
    const slow = await Promise.all(Array.from({ length: 12 }, (_, i) => a2s(i, 20, 100)));
    await Promise.all(slow.map((responder) => listingFor(responder)));
    // On PostgreSQL each worker has its own connection pool, as two API instances would.
    const handles: DatabaseHandle[] = database.url
      ? await Promise.all(
          [1, 2].map(() => openDatabase({ driver: 'postgres', url: database.url! })),
        )
      : [database, database];
    try {
      const workers = handles.map(
        (handle) => new GameStatusWorker(handle.db, log, { ...settings, concurrency: 3 }),
      );
      const tallies = await Promise.all(workers.map((worker) => worker.checkDueServers()));
      expect(slow.map((responder) => responder.answered)).toEqual(slow.map(() => 1));
      expect(tallies[0]!.answered + tallies[1]!.answered).toBe(12);
      expect(tallies[0]!.answered).toBeGreaterThan(0);
      expect(tallies[1]!.answered).toBeGreaterThan(0);
    } finally {
      if (database.url) await Promise.all(handles.map((handle) => handle.close()));
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('claiming status checks on PostgreSQL', () => {
  it('gives each due server to exactly one of many instances claiming at once', async () => {
    const ports = Array.from({ length: 60 }, (_, i) => 20_000 + i);
    for (const port of ports) {
      await createListing(database.db, { vendorId, queryPort: port });
    }
    const instances = await Promise.all(
      Array.from({ length: 6 }, () => openDatabase({ driver: 'postgres', url: database.url! })),
    );
    try {
      const claims = await Promise.all(
        instances.flatMap((handle, i) =>
          [0, 1, 2].map(() => claimDueChecks(handle.db, `instance-${i}`, 4, 60_000)),
        ),
      );
      const claimed = claims.flat().map((check) => check.listingId);
      expect(claimed).toHaveLength(Math.min(60, 6 * 3 * 4));
      expect(new Set(claimed).size).toBe(claimed.length);
    } finally {
      await Promise.all(instances.map((handle) => handle.close()));
    }
  });
});
