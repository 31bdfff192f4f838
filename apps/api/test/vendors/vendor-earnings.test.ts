// A vendor's money by state (issue 16 point 7, decision 037), driven by a fake clock: escrow while
// a rental runs, pending through the dispute window after it ends, then available; each movement
// once, whatever runs it twice or at the same time, and the books balanced after.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { clearDueEarnings, vendorBalances } from '../../src/modules/vendors/vendor-money';
import { createTestApp, type TestContext } from '../app';
import { createListing, createVendor } from '../catalog/catalog-factories';
import { checkBooks, rentServer } from '../ledger-admin/ledger-fixture';
import { renter, USDT, withKey } from '../rentals/rentals-fixture';
import { signedIn } from '../support/support-fixture';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedIn(ctx, 'admin', 'Ada Admin');
});
afterAll(() => ctx.close());

const balances = (vendorId: string) => vendorBalances(ctx.database.db, vendorId);

/**
 * What "Check the books" finds wrong, less the deposit credits of the test's own funding
 * (rentals-fixture `fundWallet` credits wallets without a chain, so their credits name no transfer).
 */
async function booksProblems() {
  const check = await checkBooks(ctx, admin.headers);
  return {
    check,
    problems: check.violations.filter(
      (v) => !(v.kind === 'CREDIT_WITHOUT_TRANSFER' && v.message.includes('test-deposit:')),
    ),
  };
}

async function endedAt(rentalId: string) {
  const [row] = await queryRows<{ ended_at: Date | string }>(
    ctx.database.db,
    sql`select ended_at from rentals where id = ${rentalId}`,
  );
  return new Date(row!.ended_at);
}

describe("a vendor's money", () => {
  it('moves from escrow to pending at the end, and to available 7 days later, once', async () => {
    const vendor = await createVendor(ctx.database.db, 'Earning Vendor');
    const listing = await createListing(ctx.database.db, {
      vendorId: vendor.id,
      priceMicro: 3_333_333n,
    });
    const { headers } = await renter(ctx, 100n * USDT);
    const rental = await rentServer(ctx, headers, listing.id, 3);
    expect(await balances(vendor.id)).toMatchObject({
      escrow: '9.999999',
      pending: '0.000000',
      available: '0.000000',
    });

    // The fake clock runs the rental out: 10 % commission, rounded down, stays with the platform.
    const end = new Date(Date.now() + 3 * HOUR + 1000);
    expect(await ctx.app.services.rentals.expireDue(end)).toBe(1);
    expect(await balances(vendor.id)).toMatchObject({
      escrow: '0.000000',
      pending: '9.000000',
      available: '0.000000',
    });

    // Inside the dispute window nothing clears, however often the job runs.
    const ended = await endedAt(rental.id);
    expect(
      await clearDueEarnings(ctx.database.db, new Date(ended.getTime() + 7 * DAY - 1000)),
    ).toBe(0);
    expect((await balances(vendor.id)).pending).toBe('9.000000');

    // Past it, the share clears once; running again (or on another instance) moves nothing.
    const after = new Date(ended.getTime() + 7 * DAY + 1000);
    const cleared = await Promise.all([
      clearDueEarnings(ctx.database.db, after),
      clearDueEarnings(ctx.database.db, after),
    ]);
    expect(cleared.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await clearDueEarnings(ctx.database.db, after)).toBe(0);
    expect(await balances(vendor.id)).toEqual({
      escrow: '0.000000',
      pending: '0.000000',
      available: '9.000000',
      payoutPending: '0.000000',
      paidOut: '0.000000',
    });
    const [row] = await queryRows<{ n: string }>(
      ctx.database.db,
      sql`select count(*)::text as n from ledger_transactions where reference = ${`rental:${rental.id}:clear`}`,
    );
    expect(row!.n).toBe('1');
    expect((await booksProblems()).problems).toEqual([]);
  });

  it('clears a fully refunded rental without moving money', async () => {
    const vendor = await createVendor(ctx.database.db, 'Refunding Vendor');
    const listing = await createListing(ctx.database.db, { vendorId: vendor.id, priceMicro: USDT });
    const { headers } = await renter(ctx, 10n * USDT);
    const rental = await rentServer(ctx, headers, listing.id, 2);
    // Cancelled at once: both whole hours come back, but the first is begun, so 1 is released.
    const cancel = await ctx.request({
      method: 'POST',
      url: `/api/rentals/${rental.id}/cancel`,
      headers: withKey(headers),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const pending = (await balances(vendor.id)).pending;
    const later = new Date((await endedAt(rental.id)).getTime() + 8 * DAY);
    expect(await clearDueEarnings(ctx.database.db, later)).toBeGreaterThanOrEqual(1);
    expect(await balances(vendor.id)).toMatchObject({ pending: '0.000000', available: pending });
    const [row] = await queryRows<{ cleared: boolean }>(
      ctx.database.db,
      sql`select cleared_at is not null as cleared from rentals where id = ${rental.id}`,
    );
    expect(row!.cleared).toBe(true);
  });

  it("keeps each vendor's escrow apart and shows it in the staff area", async () => {
    const first = await createVendor(ctx.database.db, 'First Apart');
    const second = await createVendor(ctx.database.db, 'Second Apart');
    const { headers } = await renter(ctx, 50n * USDT);
    await rentServer(
      ctx,
      headers,
      (await createListing(ctx.database.db, { vendorId: first.id, priceMicro: 2n * USDT })).id,
      2,
    );
    await rentServer(
      ctx,
      headers,
      (await createListing(ctx.database.db, { vendorId: second.id, priceMicro: 5n * USDT })).id,
      1,
    );
    expect((await balances(first.id)).escrow).toBe('4.000000');
    expect((await balances(second.id)).escrow).toBe('5.000000');
    const { check, problems } = await booksProblems();
    expect(problems).toEqual([]);
    expect(check.figures.escrow).toBe(check.figures.heldByActiveRentals);
  });

  it('shows the vendor its earnings: balances, what clears when, and every movement', async () => {
    const vendor = await signedIn(ctx, 'vendor', 'Shown Vendor');
    const listing = await createListing(ctx.database.db, {
      vendorId: vendor.user.id,
      name: 'Shown Server',
      priceMicro: 2n * USDT,
    });
    const { headers } = await renter(ctx, 20n * USDT);
    const rental = await rentServer(ctx, headers, listing.id, 2);
    await ctx.app.services.rentals.expireDue(new Date(Date.now() + 2 * HOUR + 1000));
    const ended = await endedAt(rental.id);

    const earnings = await ctx.request({
      method: 'GET',
      url: '/api/vendor/earnings',
      headers: vendor.headers,
    });
    expect(earnings.statusCode, earnings.body).toBe(200);
    expect(earnings.json().data).toEqual({
      balances: {
        escrow: '0.000000',
        pending: '3.600000',
        available: '0.000000',
        payoutPending: '0.000000',
        paidOut: '0.000000',
      },
      pending: [
        {
          rentalId: rental.id,
          serverName: 'Shown Server',
          endedAt: ended.toISOString(),
          clearsAt: new Date(ended.getTime() + 7 * DAY).toISOString(),
          amount: '3.600000',
          commission: '0.400000',
        },
      ],
      commissionBp: 1000,
    });

    const movements = await ctx.request({
      method: 'GET',
      url: '/api/vendor/earnings/movements',
      headers: vendor.headers,
    });
    expect(movements.statusCode, movements.body).toBe(200);
    const rows = movements.json().data as Array<Record<string, unknown>>;
    // Newest first; the two entries of the release share one moment, in either order.
    const seen = rows.map((row) => [row.state, row.kind, row.amount, row.commission]);
    expect(seen[2]).toEqual(['ESCROW', 'RENTAL_PAYMENT', '4.000000', null]);
    expect(seen.slice(0, 2)).toEqual(
      expect.arrayContaining([
        ['PENDING', 'RENTAL_RELEASE', '3.600000', '0.400000'],
        ['ESCROW', 'RENTAL_RELEASE', '-4.000000', null],
      ]),
    );
    expect(rows.find((row) => row.state === 'PENDING')).toMatchObject({
      description: 'The rental ended: your share, less the commission',
      rental: { id: rental.id, serverName: 'Shown Server' },
    });
    const pendingOnly = await ctx.request({
      method: 'GET',
      url: '/api/vendor/earnings/movements?state=PENDING&pageSize=10',
      headers: vendor.headers,
    });
    expect(pendingOnly.json()).toMatchObject({
      data: [{ state: 'PENDING' }],
      meta: { page: 1, pageSize: 10, total: 1 },
    });

    // Only vendors, and each only its own: a renter is refused; the renter's headers see nothing.
    expect(
      (await ctx.request({ method: 'GET', url: '/api/vendor/earnings', headers })).statusCode,
    ).toBe(403);
  });
});
