import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { serverListings, users } from '../../src/db/schema/index';
import { seedDemoData } from '../../src/db/seed/demo-seed';
import {
  DEMO_LISTINGS,
  DEMO_SPARE_GAME_SERVERS,
} from '../../src/modules/catalog/catalog-demo-listings';
import { startOfflineWorld } from '@crimsonhost/devnet/offline-world';
import { demoGameServerSpecs } from '../../src/demo/offline-demo';
import { GameStatusWorker } from '../../src/modules/catalog/game-status.job';
import { createTestDatabase, type TestDatabase } from '../database';
import { vendorBalances } from '../../src/modules/vendors/vendor-money';
import { checkTheBooks } from '../../src/modules/ledger-admin/ledger-check.service';
import { toUsdtString } from '@crimsonhost/shared/money';

const log = pino({ level: 'silent' });
// Away from the default 39100, which a running demo may hold.
// Below Linux's ephemeral range (32768-60999): a port the system hands to some other socket of a
// parallel test file can never be one the demo game servers need. demo-panel-link uses 26000+.
const portBase = 21_000 + randomInt(0, 40) * 100;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, log, { gamePortBase: portBase });
});
afterAll(() => database.close());

describe('the demo data', () => {
  it('makes the two vendors and one signed-in account of each role, with passwords', async () => {
    const accounts = await database.db
      .select({
        email: users.email,
        displayName: users.displayName,
        role: users.role,
        passwordHash: users.passwordHash,
      })
      .from(users)
      .orderBy(users.email);
    expect(accounts.map(({ email, role }) => ({ email, role }))).toEqual([
      { email: 'admin@crimsonhost.demo', role: 'admin' },
      { email: 'applicant.pixelforge@crimsonhost.demo', role: 'user' },
      { email: 'renter.aiko@crimsonhost.demo', role: 'user' },
      { email: 'renter.lukas@crimsonhost.demo', role: 'user' },
      { email: 'renter.mira@crimsonhost.demo', role: 'user' },
      { email: 'renter.tomas@crimsonhost.demo', role: 'user' },
      { email: 'renter@crimsonhost.demo', role: 'user' },
      { email: 'support@crimsonhost.demo', role: 'support' },
      { email: 'vendor.nordic@crimsonhost.demo', role: 'vendor' },
      { email: 'vendor.pacific@crimsonhost.demo', role: 'vendor' },
    ]);
    // The second vendor owns listings, the applicant waits for staff and the renters of the demo
    // vendor's rental history only rented, none with a sign-in; everyone else got a password.
    for (const account of accounts) {
      if (
        account.email === 'vendor.pacific@crimsonhost.demo' ||
        account.email === 'applicant.pixelforge@crimsonhost.demo' ||
        account.email.startsWith('renter.')
      )
        expect(account.passwordHash).toBeNull();
      else expect(account.passwordHash).toMatch(/^\$argon2id\$/);
    }
  });

  it('seeds about 60 listings across the five games, six or more regions and both vendors', async () => {
    const [summary] = await queryRows<{
      listings: number;
      games: number;
      regions: number;
      vendors: number;
      min_per_game: number;
      cheapest: string;
      dearest: string;
    }>(
      database.db,
      sql`select count(*)::int as listings,
                 count(distinct game_id)::int as games,
                 count(distinct region_code)::int as regions,
                 count(distinct vendor_id)::int as vendors,
                 (select min(n)::int from (select count(*) as n from server_listings group by game_id) g) as min_per_game,
                 min(price_micro)::text as cheapest,
                 max(price_micro)::text as dearest
            from server_listings`,
    );
    expect(summary).toMatchObject({ listings: 60, games: 5, vendors: 2 });
    expect(summary!.regions).toBeGreaterThanOrEqual(6);
    expect(summary!.min_per_game).toBeGreaterThanOrEqual(10);
    // Cents per hour, as the derivation in docs/catalog-demo-data.md gives.
    expect(BigInt(summary!.cheapest) % 10_000n).toBe(0n);
    expect(BigInt(summary!.cheapest)).toBeGreaterThan(0n);
    expect(BigInt(summary!.dearest)).toBeLessThan(1_000_000n);
  });

  it('fills the support centre: the FAQ, canned replies and the demo renter’s tickets', async () => {
    const [row] = await queryRows<{
      categories: number;
      articles: number;
      canned: number;
      statuses: string[];
    }>(
      database.db,
      sql`select (select count(*)::int from faq_categories) as categories,
                 (select count(*)::int from faq_articles where published) as articles,
                 (select count(*)::int from canned_replies) as canned,
                 (select array_agg(t.status order by t.status) from support_tickets t
                    join users u on u.id = t.requester_id
                   where u.email = 'renter@crimsonhost.demo') as statuses`,
    );
    expect(row!.categories).toBe(5);
    expect(row!.articles).toBeGreaterThanOrEqual(15);
    expect(row!.canned).toBeGreaterThanOrEqual(6);
    expect(row!.statuses).toEqual(['OPEN', 'RESOLVED', 'WAITING_CUSTOMER']);
  });

  it('makes both demo vendors ACTIVE with payout addresses, and one application waits', async () => {
    const rows = await queryRows<{
      email: string;
      status: string;
      games: string[];
      addresses: number;
      applications: string[] | null;
    }>(
      database.db,
      sql`select u.email, v.status, v.games,
                 (select count(*)::int from vendor_payout_addresses a where a.vendor_id = v.user_id) as addresses,
                 (select array_agg(p.status) from vendor_applications p where p.user_id = v.user_id) as applications
            from vendors v join users u on u.id = v.user_id order by u.email`,
    );
    expect(
      rows.map(({ email, status, addresses, applications }) => [
        email,
        status,
        addresses,
        applications,
      ]),
    ).toEqual([
      ['applicant.pixelforge@crimsonhost.demo', 'PENDING', 0, ['PENDING']],
      ['vendor.nordic@crimsonhost.demo', 'ACTIVE', 3, null],
      ['vendor.pacific@crimsonhost.demo', 'ACTIVE', 3, null],
    ]);
    expect(rows[1]!.games.length).toBeGreaterThanOrEqual(1);
  });

  it('gives the demo vendor a rental history whose money the ledger holds, and a status history', async () => {
    const [nordic] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from users where email = 'vendor.nordic@crimsonhost.demo'`,
    );
    const [rentals] = await queryRows<{
      active: number;
      pending: number;
      cleared: number;
      pending_released: string;
      rented_without_rental: number;
    }>(
      database.db,
      sql`select count(*) filter (where status = 'ACTIVE')::int as active,
                 count(*) filter (where status <> 'ACTIVE' and cleared_at is null)::int as pending,
                 count(*) filter (where cleared_at is not null)::int as cleared,
                 coalesce(sum(released) filter (where status <> 'ACTIVE' and cleared_at is null), 0)::text
                   as pending_released,
                 (select count(*)::int from server_listings l
                   where l.vendor_id = ${nordic!.id} and l.availability = 'RENTED'
                     and not exists (select 1 from rentals r
                                      where r.listing_id = l.id and r.status = 'ACTIVE'))
                   as rented_without_rental
            from rentals where vendor_id = ${nordic!.id}`,
    );
    expect(rentals).toMatchObject({ active: 5, pending: 5, cleared: 9, rented_without_rental: 0 });
    const balances = await vendorBalances(database.db, nordic!.id);
    expect(balances.pending).toBe(toUsdtString(BigInt(rentals!.pending_released)));
    expect(balances.escrow).not.toBe('0.000000');
    // The books hold every movement of it: escrow by rental, pending by rental, all balanced.
    expect((await checkTheBooks(database.db)).violations).toEqual([]);
    const [days] = await queryRows<{ n: number; answered: number; checks: number }>(
      database.db,
      sql`select count(*)::int as n, sum(answered)::int as answered, sum(checks)::int as checks
            from server_status_days`,
    );
    expect(days!.n).toBeGreaterThan(1000);
    expect(days!.answered).toBeLessThan(days!.checks);
  });

  it('does nothing the second time', async () => {
    const statusDays = () =>
      queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from server_status_days`,
      ).then(([row]) => row!.n);
    const daysBefore = await statusDays();
    await seedDemoData(database.db, log, { gamePortBase: portBase });
    expect(await statusDays()).toBe(daysBefore);
    const [row] = await queryRows<{
      n: number;
      users: number;
      tickets: number;
      articles: number;
      vendors: number;
      applications: number;
      rentals: number;
    }>(
      database.db,
      sql`select (select count(*)::int from server_listings) as n,
                 (select count(*)::int from users) as users,
                 (select count(*)::int from support_tickets) as tickets,
                 (select count(*)::int from faq_articles) as articles,
                 (select count(*)::int from vendors) as vendors,
                 (select count(*)::int from vendor_applications) as applications,
                 (select count(*)::int from rentals) as rentals`,
    );
    expect(row).toMatchObject({
      n: 60,
      users: 10,
      tickets: 3,
      vendors: 3,
      applications: 1,
      rentals: 19,
    });
    expect(row!.articles).toBeGreaterThanOrEqual(15);
  });

  it('goes live from the demo game servers through the status job', async () => {
    const world = await startOfflineWorld({ log, gameServers: demoGameServerSpecs(portBase) });
    const demo = world.gameServers!;
    try {
      const worker = new GameStatusWorker(database.db, log, {
        intervalMs: 60_000,
        // Generous: on a loaded machine 51 answers within 300 ms each is not a given.
        timeoutMs: 2000,
        attempts: 2,
        missThreshold: 1,
        concurrency: 20,
        hostCheck: { allowedHosts: ['127.0.0.1'] },
      });
      const tally = await worker.checkDueServers();
      const answering = DEMO_LISTINGS.filter((l) => l.behaviour === 'answers');
      // The spare game servers answer too, for a vendor to list; no listing names them yet.
      expect(demo.responders).toHaveLength(answering.length + DEMO_SPARE_GAME_SERVERS.length);
      const spares = new Set(DEMO_SPARE_GAME_SERVERS.map((spare) => portBase + spare.index));
      const listedPorts = DEMO_LISTINGS.map((listing) => portBase + listing.index);
      expect(listedPorts.filter((port) => spares.has(port))).toEqual([]);
      expect(tally.answered).toBe(answering.length);

      for (const listing of DEMO_LISTINGS) {
        const [row] = await database.db
          .select({ status: serverListings.status, players: serverListings.playersCurrent })
          .from(serverListings)
          .where(eq(serverListings.queryPort, portBase + listing.index));
        const expected = {
          answers: { status: 'online', players: listing.players },
          silent: { status: 'offline', players: 0 },
          maintenance: { status: 'maintenance', players: 0 },
        }[listing.behaviour];
        expect(row, listing.name).toEqual(expected);
      }
    } finally {
      await demo.stop();
    }
  });
});
