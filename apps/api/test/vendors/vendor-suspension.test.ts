// A suspended or closed vendor's listings leave the catalog (issue 16 point 2): not listed, not
// counted, not found, not rentable; a rental already running runs on to its end; reactivation
// brings the listings back.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../app';
import { createListing, createVendor } from '../catalog/catalog-factories';
import { rentServer } from '../ledger-admin/ledger-fixture';
import { renter, USDT, withKey } from '../rentals/rentals-fixture';
import { signedIn } from '../support/support-fixture';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  // No answer cache: each read of the catalog sees the change at once.
  ctx = await createTestApp({ CATALOG_CACHE_TTL_MS: '0' });
  admin = await signedIn(ctx, 'admin', 'Ada Admin');
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.request({ method: 'GET', url, headers });
const setStatus = (vendorId: string, status: string, reason: string) =>
  ctx.request({
    method: 'POST',
    url: `/api/admin/vendors/${vendorId}/status`,
    headers: admin.headers,
    payload: { status, reason },
  });

async function catalogOf(name: string) {
  const response = await get(`/api/servers?q=${encodeURIComponent(name)}&game=rust`);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Array<{ id: string }>; meta: { total: number } }>();
}

async function rustCount() {
  const response = await get('/api/servers?game=rust&region=sgp');
  return response.json<{ meta: { total: number } }>().meta.total;
}

describe('suspending a vendor', () => {
  it('takes its listings out of the catalog while its running rental runs on', async () => {
    const vendor = await createVendor(ctx.database.db, 'Suspended Seller');
    // A vendor row as an approved application leaves it.
    await ctx.database.db.execute(
      sql`insert into vendors (user_id, status, display_name, contact_email,
        games, regions, terms_version, terms_accepted_at)
        values (${vendor.id}, 'ACTIVE', 'Suspended Seller', ${vendor.email}, '{rust}', '{sgp}', 'test', now())`,
    );
    const name = `Islands ${vendor.id.slice(0, 6)}`;
    const rented = await createListing(ctx.database.db, {
      vendorId: vendor.id,
      gameId: 'rust',
      regionCode: 'sgp',
      name: `${name} one`,
    });
    const free = await createListing(ctx.database.db, {
      vendorId: vendor.id,
      gameId: 'rust',
      regionCode: 'sgp',
      name: `${name} two`,
    });
    const { headers } = await renter(ctx, 20n * USDT);
    const rental = await rentServer(ctx, headers, rented.id, 2);
    expect((await catalogOf(name)).meta.total).toBe(2);
    const before = await rustCount();

    const suspended = await setStatus(vendor.id, 'SUSPENDED', 'Listings copied from another shop');
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(await catalogOf(name)).toMatchObject({ data: [], meta: { total: 0 } });
    expect(await rustCount()).toBe(before - 2);
    expect((await get(`/api/servers/${free.id}`)).statusCode).toBe(404);
    const refused = await ctx.request({
      method: 'POST',
      url: '/api/rentals',
      headers: withKey(headers),
      payload: { serverId: free.id, hours: 1 },
    });
    expect(refused.statusCode).toBe(404);
    // The renter's running rental is untouched: still active, and it can be extended.
    const mine = await get(`/api/rentals/${rental.id}`, headers);
    expect(mine.json().data).toMatchObject({ status: 'ACTIVE', server: { id: rented.id } });
    const extended = await ctx.request({
      method: 'POST',
      url: `/api/rentals/${rental.id}/extend`,
      headers: withKey(headers),
      payload: { hours: 1 },
    });
    expect(extended.statusCode, extended.body).toBe(200);

    // Closing keeps them out; reactivating brings both back, counted again.
    expect((await setStatus(vendor.id, 'CLOSED', 'Stopped selling for now')).statusCode).toBe(200);
    expect((await catalogOf(name)).meta.total).toBe(0);
    expect((await setStatus(vendor.id, 'ACTIVE', 'Listings are their own')).statusCode).toBe(200);
    expect((await catalogOf(name)).data.map((s) => s.id).sort()).toEqual(
      [rented.id, free.id].sort(),
    );
    expect(await rustCount()).toBe(before);
    expect((await get(`/api/servers/${free.id}`)).statusCode).toBe(200);
  });
});
