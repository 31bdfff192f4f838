import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerDetail } from '@crimsonhost/shared/catalog';
import { GAMES } from '@crimsonhost/shared/constants';
import { queryRows } from '../../src/db/client';
import { serverListings } from '../../src/db/schema/index';
import { createListing } from './catalog-factories';
import { createCatalogFixture, type CatalogFixture } from './catalog-fixture';

let fixture: CatalogFixture;

beforeAll(async () => {
  fixture = await createCatalogFixture();
});
afterAll(() => fixture.ctx.close());

describe('GET /api/servers/:id', () => {
  it('answers the detail with the vendor, the description and the status times', async () => {
    const target = fixture.listings.find((row) => row.name === 'Server 12')!;
    const response = await fixture.ctx.app.inject({
      method: 'GET',
      url: `/api/servers/${target.id}`,
    });
    expect(response.statusCode).toBe(200);
    const detail = response.json<{ data: ServerDetail }>().data;
    expect(detail).toMatchObject({
      id: target.id,
      name: 'Server 12',
      description: 'Weekly WIPE with Oxide plugins',
      vendor: { id: fixture.vendorId, name: 'Catalog Test Vendor' },
      lastCheckedAt: null,
      lastAnswerAt: null,
      game: 'rust',
      region: { code: 'fra', name: 'Frankfurt', country: 'Germany' },
    });
    expect(new Date(detail.createdAt).toISOString()).toBe(detail.createdAt);
  });

  it.each([
    ['an unknown id', '5b0f9c1e-9c1d-4a59-8d41-3f1f6f0c2a11'],
    ['a malformed id', 'not-a-uuid'],
    ['a number', '42'],
    ['an id with SQL in it', "1'%20or%20'1'='1"],
  ])('answers 404 for %s', async (_what, id) => {
    const response = await fixture.ctx.app.inject({ method: 'GET', url: `/api/servers/${id}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Server not found' },
    });
  });
});

describe('GET /api/games and /api/regions', () => {
  it('counts listings per game under the other filters', async () => {
    const response = await fixture.ctx.app.inject({ method: 'GET', url: '/api/games?region=fra' });
    expect(response.statusCode).toBe(200);
    const games = response.json<{ data: { id: string; listings: number; name: string }[] }>().data;
    expect(games.map((g) => g.id)).toEqual([...GAMES]);
    expect(games.find((g) => g.id === 'csgo')).toMatchObject({ name: 'CS:GO', listings: 2 });
    const everything = await fixture.listAll('region=fra');
    for (const game of games) {
      expect(game.listings).toBe(everything.filter((c) => c.game === game.id).length);
    }
  });

  it('counts under Available only the servers rentable now, through the counters and the rows', async () => {
    const rentable = (await fixture.listAll('availability=AVAILABLE')).filter(
      (c) => c.status === 'online',
    );
    for (const query of ['availability=AVAILABLE', 'availability=AVAILABLE&minPrice=0']) {
      const response = await fixture.ctx.app.inject({ method: 'GET', url: `/api/games?${query}` });
      const games = response.json<{ data: { id: string; listings: number }[] }>().data;
      for (const game of games) {
        expect(game.listings).toBe(rentable.filter((c) => c.game === game.id).length);
      }
      expect(games.reduce((total, g) => total + g.listings, 0)).toBe(12);
    }
  });

  it('leaves out its own filter, so the other choices keep their counts', async () => {
    const withGame = await fixture.ctx.app.inject({ method: 'GET', url: '/api/games?game=rust' });
    const without = await fixture.ctx.app.inject({ method: 'GET', url: '/api/games' });
    expect(withGame.json()).toEqual(without.json());
  });

  it('counts listings per region, the same through the counters and through the rows', async () => {
    // status alone is answered from catalog_counts; adding a price range counts the rows.
    const counted = await fixture.ctx.app.inject({
      method: 'GET',
      url: '/api/regions?status=online',
    });
    const scanned = await fixture.ctx.app.inject({
      method: 'GET',
      url: '/api/regions?status=online&minPrice=0&maxPrice=100',
    });
    expect(counted.statusCode).toBe(200);
    expect(scanned.json()).toEqual(counted.json());
    const regions = counted.json<{ data: { code: string; listings: number }[] }>().data;
    expect(regions.length).toBeGreaterThanOrEqual(6);
    const online = await fixture.listAll('status=online');
    for (const region of regions) {
      expect(region.listings).toBe(online.filter((c) => c.region.code === region.code).length);
    }
  });

  it('answers 400 for a bad filter', async () => {
    const response = await fixture.ctx.app.inject({
      method: 'GET',
      url: '/api/regions?minPrice=x',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('the catalog counters', () => {
  it('stay equal to the listings through inserts, updates and deletes', async () => {
    const db = fixture.ctx.database.db;
    const extra = await createListing(db, {
      vendorId: fixture.vendorId,
      gameId: 'ark',
      regionCode: 'syd',
    });
    await db
      .update(serverListings)
      .set({ status: 'offline', availability: 'RENTED' })
      .where(eq(serverListings.id, extra.id));
    await db
      .update(serverListings)
      .set({ regionCode: 'tyo' })
      .where(eq(serverListings.id, fixture.listings[0]!.id));
    await db.delete(serverListings).where(eq(serverListings.id, extra.id));
    const [mismatch] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (
            select game_id, region_code, status, availability, count(*)::int as listings
              from server_listings group by 1, 2, 3, 4
            ) actual
            full join (
              select game_id, region_code, status, availability, sum(listings)::int as listings
                from catalog_counts group by 1, 2, 3, 4 having sum(listings) <> 0
            ) counted
              using (game_id, region_code, status, availability)
           where actual.listings is distinct from counted.listings`,
    );
    expect(mismatch!.n).toBe(0);
    // The counts are spread over the buckets, and no bucket goes below zero.
    const [spread] = await queryRows<{ buckets: number; lowest: number }>(
      db,
      sql`select count(distinct bucket)::int as buckets, min(listings)::int as lowest
            from catalog_counts`,
    );
    expect(spread!.buckets).toBeGreaterThan(8);
    expect(spread!.lowest).toBeGreaterThanOrEqual(0);
    await db
      .update(serverListings)
      .set({ regionCode: 'fra' })
      .where(eq(serverListings.id, fixture.listings[0]!.id));
  });
});
