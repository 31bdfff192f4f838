import { expect } from 'vitest';
import type { ServerCard } from '@crimsonhost/shared/catalog';
import { GAMES } from '@crimsonhost/shared/constants';
import { serverListings } from '../../src/db/schema/index';
import { createTestApp, type TestContext } from '../app';
import { buildListing, createVendor } from './catalog-factories';

const REGION_CYCLE = ['fra', 'ams', 'nyc', 'sgp'] as const;
const STATUS_CYCLE = ['online', 'online', 'offline', 'maintenance'] as const;
const AVAILABILITY_CYCLE = [
  'AVAILABLE',
  'RENTED',
  'AVAILABLE',
  'MAINTENANCE',
  'AVAILABLE',
] as const;

export interface ListBody {
  data: ServerCard[];
  meta: { page: number; pageSize: number; total: number };
}

export interface CatalogFixture {
  ctx: TestContext;
  vendorId: string;
  listings: { id: string; name: string }[];
  list(query: string): Promise<{ status: number; body: ListBody }>;
  /** Every card under the query, on one page of 100. */
  listAll(query: string): Promise<ServerCard[]>;
}

/**
 * An app with 40 listings: every game, region, status and availability, prices with ties, and
 * equal performance and popularity in groups, so that every sort needs its tie-breaker.
 * Listing i: game GAMES[i % 5], region fra/ams/nyc/sgp by i % 4, price 0.25 x (i % 8 + 1).
 */
export async function createCatalogFixture(): Promise<CatalogFixture> {
  const ctx = await createTestApp();
  const vendor = await createVendor(ctx.database.db, 'Catalog Test Vendor');
  const rows = Array.from({ length: 40 }, (_, i) =>
    buildListing({
      vendorId: vendor.id,
      name: i === 7 ? 'Dust2 100% Frag_Zone' : `Server ${String(i).padStart(2, '0')}`,
      description: i === 12 ? 'Weekly WIPE with Oxide plugins' : 'A plain test server.',
      gameId: GAMES[i % 5],
      regionCode: REGION_CYCLE[i % 4],
      status: STATUS_CYCLE[Math.floor(i / 5) % 4],
      availability: AVAILABILITY_CYCLE[Math.floor(i / 3) % 5],
      priceMicro: BigInt(((i % 8) + 1) * 250_000), // 0.25 .. 2.00, five of each
      performanceScore: 40 + (i % 6) * 10,
      popularity: (i * 7) % 5,
      playersCurrent: i % 10,
      playersMax: 20,
    }),
  );
  const listings = await ctx.database.db
    .insert(serverListings)
    .values(rows)
    .returning({ id: serverListings.id, name: serverListings.name });

  const list = async (query: string) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/servers?${query}` });
    return { status: response.statusCode, body: response.json<ListBody>() };
  };
  const listAll = async (query: string) => {
    const { status, body } = await list(`${query}&pageSize=100`);
    expect(status).toBe(200);
    expect(body.meta.total).toBeLessThanOrEqual(100);
    return body.data;
  };
  return { ctx, vendorId: vendor.id, listings, list, listAll };
}
