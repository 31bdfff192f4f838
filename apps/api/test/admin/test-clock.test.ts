// The test clock (decision 042): off unless TEST_CLOCK is on; admin only; moving it ahead ends the
// rentals whose time is up and clears the earnings whose dispute window closed, as the jobs would
// at that time; every instance on the database reads the same time; each move is audit-logged.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { TestClock } from '../../src/lib/clock';
import { vendorBalances } from '../../src/modules/vendors/vendor-money';
import { createTestApp, type TestContext } from '../app';
import { createListing, createVendor } from '../catalog/catalog-factories';
import { rentServer } from '../ledger-admin/ledger-fixture';
import { renter, USDT } from '../rentals/rentals-fixture';
import { signedIn } from '../support/support-fixture';

const HOUR = 3_600_000;

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  ctx = await createTestApp({ TEST_CLOCK: 'true' });
  admin = await signedIn(ctx, 'admin', 'Ada Admin');
});
afterAll(() => ctx.close());

const move = (hours: number) =>
  ctx.request({
    method: 'POST',
    url: '/api/admin/test-clock/advance',
    headers: admin.headers,
    payload: { hours },
  });

describe('the test clock', () => {
  it('reads null and cannot be moved without TEST_CLOCK', async () => {
    const plain = await createTestApp();
    try {
      const staff = await signedIn(plain, 'admin');
      const response = await plain.request({
        method: 'POST',
        url: '/api/admin/test-clock/advance',
        headers: staff.headers,
        payload: { hours: 1 },
      });
      expect(response.statusCode).toBe(404);
      const read = await plain.request({
        method: 'GET',
        url: '/api/admin/test-clock',
        headers: staff.headers,
      });
      expect(read.json()).toEqual({ data: null });
    } finally {
      await plain.close();
    }
  });

  it('ends a rental, then clears its share once the dispute window closed, and goes back', async () => {
    const vendor = await createVendor(ctx.database.db, 'Clocked Vendor');
    const listing = await createListing(ctx.database.db, { vendorId: vendor.id, priceMicro: USDT });
    const { headers } = await renter(ctx, 10n * USDT);
    const rental = await rentServer(ctx, headers, listing.id, 2);

    // One hour on: still running.
    const first = await move(1);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ offsetMs: HOUR, rentalsEnded: 0 });
    const running = await ctx.request({ method: 'GET', url: `/api/rentals/${rental.id}`, headers });
    expect(running.json().data.status).toBe('ACTIVE');

    // Past its end: ended at the clock's time, the vendor's share pending.
    const ended = (await move(2)).json().data;
    expect(ended.rentalsEnded).toBeGreaterThanOrEqual(1);
    const after = await ctx.request({ method: 'GET', url: `/api/rentals/${rental.id}`, headers });
    expect(after.json().data.status).toBe('EXPIRED');
    const [row] = await queryRows<{ ended_at: Date | string }>(
      ctx.database.db,
      sql`select ended_at from rentals where id = ${rental.id}`,
    );
    expect(new Date(row!.ended_at).getTime()).toBeGreaterThan(Date.now() + 2 * HOUR);
    expect(await vendorBalances(ctx.database.db, vendor.id)).toMatchObject({
      pending: '1.800000',
      available: '0.000000',
    });

    // Six days on, the window is still open; a day later it closed.
    expect((await move(6 * 24)).json().data.earningsCleared).toBe(0);
    const cleared = (await move(24)).json().data;
    expect(cleared.earningsCleared).toBeGreaterThanOrEqual(1);
    expect(await vendorBalances(ctx.database.db, vendor.id)).toMatchObject({
      pending: '0.000000',
      available: '1.800000',
    });

    // Every move is in the audit log; reset puts the clock back on the real time.
    const reset = await ctx.request({
      method: 'POST',
      url: '/api/admin/test-clock/reset',
      headers: admin.headers,
    });
    expect(reset.json().data.offsetMs).toBe(0);
    const [audit] = await queryRows<{ n: string }>(
      ctx.database.db,
      sql`select count(*)::text as n from audit_log where action = 'clock.moved'`,
    );
    expect(Number(audit!.n)).toBeGreaterThanOrEqual(5);
  });

  it('reads the same time on every instance', async () => {
    // Another instance moves the clock: this one's next request reads it.
    const other = new TestClock(ctx.database.db);
    await other.advance(5 * HOUR);
    const read = await ctx.request({
      method: 'GET',
      url: '/api/admin/test-clock',
      headers: admin.headers,
    });
    expect(read.json().data.offsetMs).toBe(5 * HOUR);
    expect(Date.parse(read.json().data.now)).toBeGreaterThan(Date.now() + 5 * HOUR - 60_000);
    await other.reset();
  });

  it('refuses a step of no time, a backward one, or over 60 days, in words', async () => {
    for (const hours of [0, -1, 1.5, 24 * 61]) {
      const response = await move(hours);
      expect(response.statusCode, String(hours)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect((await move(24 * 61)).json().error.message).toMatch(/at most 60 days/);
  });
});
