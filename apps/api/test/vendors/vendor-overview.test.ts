// The vendor area's Overview and "Rentals of my listings" (issue 16 points 3 and 6): a vendor with
// a running, an ended and a cleared rental reads its figures exact to the micro-USDT, never sees
// another vendor's rentals, and never a renter's e-mail.
import type {
  VendorOverview,
  VendorRental,
  VendorRentalsPage,
} from '@crimsonhost/shared/vendor-overview';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { recordAnswer, recordMiss } from '../../src/modules/catalog/game-status.repository';
import { clearDueEarnings } from '../../src/modules/vendors/vendor-money';
import { createTestApp, type TestContext } from '../app';
import { createListing } from '../catalog/catalog-factories';
import { rentServer } from '../ledger-admin/ledger-fixture';
import { renter, USDT, withKey } from '../rentals/rentals-fixture';
import { signedIn } from '../support/support-fixture';
import { activeVendor } from './vendor-fixture';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let ctx: TestContext;
let vendor: Awaited<ReturnType<typeof activeVendor>>;
let other: Awaited<ReturnType<typeof activeVendor>>;
const renters: Array<Awaited<ReturnType<typeof renter>>> = [];
const ids = { running: '', ended: '', cleared: '', otherRental: '' };
const listings = { a: '', b: '', paused: '', checking: '' };

async function named(funds: bigint, displayName: string) {
  const account = await renter(ctx, funds);
  await ctx.database.db.execute(
    sql`update users set display_name = ${displayName} where id = ${account.user.id}`,
  );
  renters.push(account);
  return account;
}

async function endedAt(rentalId: string) {
  const [row] = await queryRows<{ ended_at: Date | string }>(
    ctx.database.db,
    sql`select ended_at from rentals where id = ${rentalId}`,
  );
  return new Date(row!.ended_at);
}

/** One status check of a listing recorded as the status job records it. */
async function check(listingId: string, answered: boolean) {
  await ctx.database.db.execute(
    sql`update server_status_checks set lease_holder = 'test', lease_until = now() + interval '1 minute'
         where listing_id = ${listingId}`,
  );
  if (answered)
    await recordAnswer(ctx.database.db, listingId, 'test', { current: 1, max: 16 }, 60_000);
  else await recordMiss(ctx.database.db, listingId, 'test', 'timeout', 3, 60_000);
}

beforeAll(async () => {
  ctx = await createTestApp();
  vendor = await activeVendor(ctx, 'Overview Vendor');
  other = await activeVendor(ctx, 'Other Vendor');
  const db = ctx.database.db;
  listings.a = (await createListing(db, { vendorId: vendor.user.id, priceMicro: 3_333_333n })).id;
  listings.b = (await createListing(db, { vendorId: vendor.user.id, priceMicro: 1_250_000n })).id;
  listings.paused = (
    await createListing(db, {
      vendorId: vendor.user.id,
      status: 'maintenance',
      availability: 'MAINTENANCE',
    })
  ).id;
  listings.checking = (await createListing(db, { vendorId: vendor.user.id, checkedAt: null })).id;
  const otherListing = await createListing(db, { vendorId: other.user.id, priceMicro: 7n * USDT });

  const rita = await named(100n * USDT, 'Rita Renter');
  const sam = await named(100n * USDT, 'Sam Renter');

  // Cleared: rented for 1 hour and cancelled at once (the begun hour is not refunded), so 1.25 is
  // released less 10 %: 1.125; its dispute window then closes.
  ids.cleared = (await rentServer(ctx, rita.headers, listings.b, 1)).id;
  const cancel = await ctx.request({
    method: 'POST',
    url: `/api/rentals/${ids.cleared}/cancel`,
    headers: withKey(rita.headers),
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  await clearDueEarnings(db, new Date((await endedAt(ids.cleared)).getTime() + 7 * DAY + 1000));

  // Ended: 2 hours at 1.25 run out: 2.5 released less 10 %: 2.25, pending.
  ids.ended = (await rentServer(ctx, sam.headers, listings.b, 2)).id;
  // Running: 3 hours at 3.333333: 9.999999 in escrow.
  ids.running = (await rentServer(ctx, rita.headers, listings.a, 3)).id;
  expect(await ctx.app.services.rentals.expireDue(new Date(Date.now() + 2 * HOUR + 1000))).toBe(1);

  // Another vendor's rental, by the same renter.
  ids.otherRental = (await rentServer(ctx, rita.headers, otherListing.id, 1)).id;
});
afterAll(() => ctx.close());

const overviewOf = async (headers: Record<string, string>) => {
  const response = await ctx.request({ method: 'GET', url: '/api/vendor/overview', headers });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.body, data: response.json<{ data: VendorOverview }>().data };
};

const rentalsOf = async (headers: Record<string, string>, query = '') => {
  const response = await ctx.request({
    method: 'GET',
    url: `/api/vendor/rentals${query}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.body, page: response.json<VendorRentalsPage>() };
};

describe("the rentals of a vendor's listings", () => {
  it('lists them newest first with what each earned, exact to the micro-USDT', async () => {
    const { page, body } = await rentalsOf(vendor.headers);
    expect(page.meta).toEqual({
      page: 1,
      pageSize: 20,
      total: 3,
      totalExact: true,
      nextCursor: null,
    });
    const summary = page.data.map((rental: VendorRental) => ({
      id: rental.id,
      renter: rental.renter.displayName,
      status: rental.status,
      hours: rental.hours,
      earned: rental.earned,
    }));
    expect(summary).toEqual([
      {
        id: ids.running,
        renter: 'Rita Renter',
        status: 'ACTIVE',
        hours: 3,
        earned: { amount: '9.999999', state: 'ESCROW' },
      },
      {
        id: ids.ended,
        renter: 'Sam Renter',
        status: 'EXPIRED',
        hours: 2,
        earned: { amount: '2.250000', state: 'PENDING' },
      },
      {
        id: ids.cleared,
        renter: 'Rita Renter',
        status: 'CANCELLED',
        hours: 1,
        earned: { amount: '1.125000', state: 'AVAILABLE' },
      },
    ]);
    const running = page.data[0]!;
    expect(running.server.id).toBe(listings.a);
    expect(running.endedAt).toBeNull();
    // The demo listings' panels are not linked to test listings: no run state to read.
    expect(running.runState).toBeNull();
    expect(page.data[1]!.endedAt).not.toBeNull();

    for (const account of renters) expect(body).not.toContain(account.user.email);
    expect(body).not.toContain(ids.otherRental);
  });

  it('filters running and ended rentals', async () => {
    const running = await rentalsOf(vendor.headers, '?status=ACTIVE');
    expect(running.page.data.map((rental) => rental.id)).toEqual([ids.running]);
    const ended = await rentalsOf(vendor.headers, '?status=ended');
    expect(ended.page.data.map((rental) => rental.id)).toEqual([ids.ended, ids.cleared]);
    expect(ended.page.meta.total).toBe(2);

    const bad = await ctx.request({
      method: 'GET',
      url: '/api/vendor/rentals?status=EXPIRED',
      headers: vendor.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("shows another vendor only their own listing's rental", async () => {
    const { page, body } = await rentalsOf(other.headers);
    expect(page.data.map((rental) => rental.id)).toEqual([ids.otherRental]);
    expect(page.data[0]!.earned).toEqual({ amount: '7.000000', state: 'ESCROW' });
    for (const id of [ids.running, ids.ended, ids.cleared]) expect(body).not.toContain(id);
  });
});

describe("a vendor's overview", () => {
  it('counts listings by state and the running rentals', async () => {
    const { data } = await overviewOf(vendor.headers);
    expect(data.listings).toEqual({
      total: 4,
      byState: { CHECKING: 1, LIVE: 2, PAUSED: 1, HIDDEN: 0 },
    });
    expect(data.activeRentals).toBe(1);
    expect(data.openDisputes).toBe(0);
  });

  it('sums the shares released per day, after the commission', async () => {
    const { data } = await overviewOf(vendor.headers);
    // Released today: 1.125 (cancelled, since cleared) + 2.25 (expired); the running 9.999999 is
    // still in escrow and earns nothing yet.
    expect(data.earnings.last7Days).toBe('3.375000');
    expect(data.earnings.last30Days).toBe('3.375000');
    expect(data.earnings.days).toHaveLength(30);
    expect(data.earnings.days.at(-1)).toEqual({
      day: new Date().toISOString().slice(0, 10),
      amount: '3.375000',
    });
    expect(data.earnings.days.slice(0, -1).every((day) => day.amount === '0.000000')).toBe(true);

    const others = await overviewOf(other.headers);
    expect(others.data.earnings.last30Days).toBe('0.000000');
    expect(others.data.activeRentals).toBe(1);
    expect(others.data.listings.total).toBe(1);
  });

  it('measures occupancy over 7 and 30 days from when listings and rentals ran', async () => {
    const db = ctx.database.db;
    // Four listings made 10 days ago; rented 24 h (running since yesterday), 2 h five days ago
    // and 1 h three days ago: 27 of 4 × 168 h in 7 days, of 4 × 240 h in 30.
    await db.execute(
      sql`update server_listings set created_at = now() - interval '10 days'
           where vendor_id = ${vendor.user.id}`,
    );
    await db.execute(
      sql`update rentals set starts_at = now() - interval '1 day' where id = ${ids.running}`,
    );
    await db.execute(
      sql`update rentals set starts_at = now() - interval '5 days',
                             ended_at = now() - interval '5 days' + interval '2 hours'
           where id = ${ids.ended}`,
    );
    await db.execute(
      sql`update rentals set starts_at = now() - interval '3 days',
                             ended_at = now() - interval '3 days' + interval '1 hour'
           where id = ${ids.cleared}`,
    );
    const { data } = await overviewOf(vendor.headers);
    expect(data.occupancy).toEqual([
      { days: 7, rentedHours: 27, listedHours: 672, rate: 0.0402 },
      { days: 30, rentedHours: 27, listedHours: 960, rate: 0.0281 },
    ]);
  });

  it("reads each listing's uptime over 30 days from the status checks", async () => {
    for (const answered of [true, true, true, false]) await check(listings.a, answered);
    // Days before: one inside the 30 days, one outside.
    await ctx.database.db.execute(
      sql`insert into server_status_days (listing_id, day, checks, answered) values
            (${listings.a}, (now() at time zone 'UTC')::date - 10, 4, 4),
            (${listings.a}, (now() at time zone 'UTC')::date - 40, 100, 0)`,
    );
    const { data } = await overviewOf(vendor.headers);
    const a = data.uptime.find((row) => row.listingId === listings.a);
    expect(a).toMatchObject({
      checks: 8,
      answered: 7,
      uptime: 0.875,
      daysChecked: 2,
      state: 'LIVE',
    });
    const b = data.uptime.find((row) => row.listingId === listings.b);
    expect(b).toMatchObject({ checks: 0, answered: 0, uptime: null, daysChecked: 0 });
    expect(data.uptime).toHaveLength(4);
  });
});

describe('who may read them', () => {
  it('answers 401 to a visitor and 403 to a renter', async () => {
    const renterAccount = await signedIn(ctx, 'user');
    for (const url of ['/api/vendor/overview', '/api/vendor/rentals']) {
      expect((await ctx.request({ method: 'GET', url })).statusCode, url).toBe(401);
      const forbidden = await ctx.request({ method: 'GET', url, headers: renterAccount.headers });
      expect(forbidden.statusCode, url).toBe(403);
    }
  });
});
