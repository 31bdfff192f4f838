// Support's decisions on disputes (issue 17 point 5) and platform credit paying for rentals
// (point 6): whole hours refunded from escrow or from the vendor's pending share and the
// commission on it, compensation in PLATFORM credit paid by the platform, both in one decision;
// every posting exact to the micro-USDT, each decision once (under concurrency too), a refund
// larger than what is held refused whole; credit used first when renting, and given back as credit
// (never as USDT) by a refund. The books check stays green throughout.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '@crimsonhost/shared/wallet';
import { queryRows } from '../../src/db/client';
import type { TestClock } from '../../src/lib/clock';
import { clearDueEarnings, vendorBalances } from '../../src/modules/vendors/vendor-money';
import { accountBalance, userCredit, userWallet } from '../../src/modules/wallet/ledger.service';
import { createTestApp, type TestContext } from '../app';
import { createListing, createVendor } from '../catalog/catalog-factories';
import { checkBooks, rentServer } from '../ledger-admin/ledger-fixture';
import { renter, USDT, withKey } from '../rentals/rentals-fixture';
import { signedIn } from '../support/support-fixture';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let ctx: TestContext;
let clock: TestClock;
let support: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  ctx = await createTestApp({ TEST_CLOCK: 'true' });
  clock = ctx.app.clock as TestClock;
  support = await signedIn(ctx, 'support', 'Sam Support');
  admin = await signedIn(ctx, 'admin', 'Ada Admin');
});
afterAll(() => ctx.close());

const REASON = 'The panel history shows the server stopped for two hours of the rental.';

async function rented(hours: number, price: bigint, funds = 20n * USDT) {
  const vendor = await createVendor(ctx.database.db, 'Decided Vendor');
  const listing = await createListing(ctx.database.db, {
    vendorId: vendor.id,
    priceMicro: price,
    name: 'Stone Keep',
  });
  const buyer = await renter(ctx, funds);
  const rental = await rentServer(ctx, buyer.headers, listing.id, hours);
  return { vendor, listing, buyer, rental };
}

async function disputed(rentalId: string, headers: Record<string, string>) {
  const response = await ctx.request({
    method: 'POST',
    url: `/api/rentals/${rentalId}/dispute`,
    headers,
    payload: {
      reason: 'UNREACHABLE',
      description: 'Nobody could connect for two hours in the evening, the panel said stopped.',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { id: string; ticketId: string } }>().data;
}

const decide = (id: string, body: object, headers: Record<string, string> = support.headers) =>
  ctx.request({
    method: 'POST',
    url: `/api/admin/disputes/${id}/decide`,
    headers,
    payload: { reason: REASON, ...body },
  });

/** The entries of the ledger transaction with `reference`, as kind/currency/amount lines. */
async function entriesOf(reference: string) {
  const rows = await queryRows<{ kind: string; currency: string; amount: string }>(
    ctx.database.db,
    sql`select a.kind, a.currency, e.amount::text as amount
          from ledger_entries e
          join ledger_transactions t on t.id = e.ledger_transaction_id
          join ledger_accounts a on a.id = e.account_id
         where t.reference = ${reference}
         order by a.kind, a.currency`,
  );
  return rows.map((row) => `${row.kind} ${row.currency} ${row.amount}`);
}

async function timeline(headers: Record<string, string>) {
  const response = await ctx.request({ method: 'GET', url: '/api/wallet/transactions', headers });
  return response
    .json<{ data: Transaction[] }>()
    .data.map((t) => `${t.type} ${t.currency} ${t.amount}`);
}

async function booksProblems() {
  const check = await checkBooks(ctx, admin.headers);
  return check.violations.filter(
    (v) => !(v.kind === 'CREDIT_WITHOUT_TRANSFER' && v.message.includes('test-deposit:')),
  );
}

describe('deciding a dispute for the renter', () => {
  it('refunds hours from escrow and gives credit while the rental runs, exact to the micro-USDT', async () => {
    const { vendor, buyer, rental } = await rented(4, 2_500_000n);
    const opened = await disputed(rental.id, buyer.headers);
    const before = ctx.mailer.sent.length;

    const response = await decide(opened.id, { refundHours: 2, compensation: '1.25' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'RESOLVED',
      outcome: 'REFUNDED_AND_COMPENSATED',
      refundHours: 2,
      refundAmount: '5.000000',
      compensationAmount: '1.250000',
    });

    expect(await entriesOf(`rental:${rental.id}:dispute:${opened.id}:refund`)).toEqual([
      'ESCROW USDT -5000000',
      'USER_WALLET USDT 5000000',
    ]);
    expect(await entriesOf(`dispute:${opened.id}:compensation`)).toEqual([
      'PLATFORM_REVENUE PLATFORM -1250000',
      'USER_CREDIT PLATFORM 1250000',
    ]);
    expect(await accountBalance(ctx.database.db, userWallet(buyer.user.id))).toBe(15n * USDT);
    expect(await accountBalance(ctx.database.db, userCredit(buyer.user.id))).toBe(1_250_000n);
    const lines = await timeline(buyer.headers);
    expect(lines).toContain('REFUND USDT 5.000000');
    expect(lines).toContain('COMPENSATION PLATFORM 1.250000');

    // The rental runs on; what is left (5 USDT) is released at its end, less 10 % commission.
    expect(await vendorBalances(ctx.database.db, vendor.id)).toMatchObject({ escrow: '5.000000' });
    await clock.advance(5 * HOUR);
    await ctx.app.services.rentals.expireDue();
    expect(await vendorBalances(ctx.database.db, vendor.id)).toMatchObject({
      escrow: '0.000000',
      pending: '4.500000',
    });

    // The renter reads the decision in the ticket; the vendor is mailed.
    const ticket = (
      await ctx.request({
        method: 'GET',
        url: `/api/support/tickets/${opened.ticketId}`,
        headers: buyer.headers,
      })
    ).json().data;
    expect(ticket.status).toBe('RESOLVED');
    const said = JSON.stringify(ticket.messages);
    expect(said).toContain('Refund of 2 hours: 5.00 USDT to your wallet');
    expect(said).toContain('Compensation: 1.25 in platform credit');
    // The mail of the decision, by its subject: the mail of the opening may arrive after `before`.
    const closed = 'The dispute of a rental of Stone Keep is closed';
    await expect
      .poll(
        () =>
          ctx.mailer.sent.slice(before).find((m) => m.to === vendor.email && m.subject === closed)
            ?.text ?? '',
      )
      .toMatch(/2 hours \(5\.00 USDT\) of the rental's payment went back to them/);
    expect(await booksProblems()).toEqual([]);
    await clock.reset();
  });

  it("refunds from the vendor's pending share and the commission once the rental has ended", async () => {
    const { vendor, buyer, rental } = await rented(3, 5n * USDT);
    await clock.advance(4 * HOUR);
    await ctx.app.services.rentals.expireDue();
    expect((await vendorBalances(ctx.database.db, vendor.id)).pending).toBe('13.500000');
    const opened = await disputed(rental.id, buyer.headers);

    const response = await decide(opened.id, { refundHours: 2 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.outcome).toBe('REFUNDED');
    expect(await entriesOf(`rental:${rental.id}:dispute:${opened.id}:refund`)).toEqual([
      'PLATFORM_REVENUE USDT -1000000',
      'USER_WALLET USDT 10000000',
      'VENDOR_PENDING USDT -9000000',
    ]);
    expect((await vendorBalances(ctx.database.db, vendor.id)).pending).toBe('4.500000');
    expect(await booksProblems()).toEqual([]);

    // What is left clears after the window, as any other rental's share.
    await clock.advance(8 * DAY);
    await clearDueEarnings(ctx.database.db, clock.now());
    expect(await vendorBalances(ctx.database.db, vendor.id)).toMatchObject({
      pending: '0.000000',
      available: '4.500000',
    });
    expect(await booksProblems()).toEqual([]);
    await clock.reset();
  });

  it('refuses a refund larger than what is held for the rental, and moves nothing', async () => {
    const { vendor, buyer, rental } = await rented(3, 5n * USDT);
    const opened = await disputed(rental.id, buyer.headers);
    const refused = await decide(opened.id, { refundHours: 4 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'REFUND_TOO_LARGE',
      details: { maxHours: 3, held: '15.000000' },
    });
    expect(refused.json().error.message).toMatch(/At most 3 hours \(15\.000000 USDT\)/);
    expect(await vendorBalances(ctx.database.db, vendor.id)).toMatchObject({ escrow: '15.000000' });
    expect(await accountBalance(ctx.database.db, userWallet(buyer.user.id))).toBe(5n * USDT);

    const tooMuchCredit = await decide(opened.id, { compensation: '15.000001' });
    expect(tooMuchCredit.statusCode).toBe(422);
    expect(tooMuchCredit.json().error.code).toBe('COMPENSATION_TOO_LARGE');

    const nothing = await decide(opened.id, { refundHours: 0, compensation: '0' });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error.message).toMatch(/Refund at least one hour or give compensation/);
    const fraction = await decide(opened.id, { refundHours: 1.5 });
    expect(fraction.statusCode).toBe(400);

    // Still open: the whole refund is still possible.
    expect((await decide(opened.id, { refundHours: 3 })).statusCode).toBe(200);
    expect(await vendorBalances(ctx.database.db, vendor.id)).toMatchObject({ escrow: '0.000000' });
    expect(await booksProblems()).toEqual([]);
  });

  it('decides once when two staff decide at the same moment', async () => {
    const { buyer, rental } = await rented(2, 3n * USDT);
    const opened = await disputed(rental.id, buyer.headers);
    const answers = await Promise.all([
      decide(opened.id, { refundHours: 1, compensation: '2' }),
      decide(opened.id, { refundHours: 1, compensation: '2' }, admin.headers),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await accountBalance(ctx.database.db, userWallet(buyer.user.id))).toBe(17n * USDT);
    expect(await accountBalance(ctx.database.db, userCredit(buyer.user.id))).toBe(2n * USDT);
    expect(await booksProblems()).toEqual([]);
  });

  it('is for support and admins only, and another renter cannot see the dispute', async () => {
    const { buyer, rental } = await rented(1, USDT);
    const opened = await disputed(rental.id, buyer.headers);
    expect((await decide(opened.id, { refundHours: 1 }, buyer.headers)).statusCode).toBe(403);
    expect((await decide(opened.id, { refundHours: 1 }, {})).statusCode).toBe(401);
  });
});

describe('platform credit paying for rentals', () => {
  it('is used first, then USDT, and comes back as credit, never as USDT', async () => {
    // A renter with 7 USDT and 3 in credit rents 2 hours at 5: 3 credit, 7 USDT.
    const first = await rented(1, 3n * USDT, 10n * USDT);
    const opened = await disputed(first.rental.id, first.buyer.headers);
    expect((await decide(opened.id, { compensation: '3' })).statusCode).toBe(200);
    const { buyer } = first;
    const vendor = await createVendor(ctx.database.db, 'Credit Vendor');
    const listing = await createListing(ctx.database.db, {
      vendorId: vendor.id,
      priceMicro: 5n * USDT,
    });
    const rental = await rentServer(ctx, buyer.headers, listing.id, 2);
    expect(rental.paid).toBe('10.000000');
    expect(await accountBalance(ctx.database.db, userCredit(buyer.user.id))).toBe(0n);
    expect(await accountBalance(ctx.database.db, userWallet(buyer.user.id))).toBe(0n);
    expect(await entriesOf(`rental:${rental.id}:payment:1`)).toEqual([
      'ESCROW USDT 10000000',
      'PLATFORM_REVENUE PLATFORM 3000000',
      'PLATFORM_REVENUE USDT -3000000',
      'USER_CREDIT PLATFORM -3000000',
      'USER_WALLET USDT -7000000',
    ]);
    const lines = await timeline(buyer.headers);
    expect(lines).toContain('RENTAL_PAYMENT USDT 7.000000');
    expect(lines).toContain('RENTAL_PAYMENT PLATFORM 3.000000');
    expect(await booksProblems()).toEqual([]);

    // Dispute it and refund both hours: 7 back to the wallet, 3 back as credit.
    const second = await disputed(rental.id, buyer.headers);
    expect((await decide(second.id, { refundHours: 2 })).statusCode).toBe(200);
    expect(await entriesOf(`rental:${rental.id}:dispute:${second.id}:refund`)).toEqual([
      'ESCROW USDT -10000000',
      'PLATFORM_REVENUE PLATFORM -3000000',
      'PLATFORM_REVENUE USDT 3000000',
      'USER_CREDIT PLATFORM 3000000',
      'USER_WALLET USDT 7000000',
    ]);
    expect(await accountBalance(ctx.database.db, userWallet(buyer.user.id))).toBe(7n * USDT);
    expect(await accountBalance(ctx.database.db, userCredit(buyer.user.id))).toBe(3n * USDT);
    expect(await booksProblems()).toEqual([]);
  });

  it('pays an extension with credit and refunds a cancellation USDT first', async () => {
    const first = await rented(1, USDT, 20n * USDT);
    const opened = await disputed(first.rental.id, first.buyer.headers);
    expect((await decide(opened.id, { compensation: '1' })).statusCode).toBe(200);
    const { buyer } = first;
    const listing = await createListing(ctx.database.db, {
      vendorId: (await createVendor(ctx.database.db, 'Extend Vendor')).id,
      priceMicro: 2n * USDT,
    });
    const rental = await rentServer(ctx, buyer.headers, listing.id, 2);
    // 1 credit + 3 USDT for the first two hours; the extension is all USDT.
    const extended = await ctx.request({
      method: 'POST',
      url: `/api/rentals/${rental.id}/extend`,
      headers: withKey(buyer.headers),
      payload: { hours: 3 },
    });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(await accountBalance(ctx.database.db, userWallet(buyer.user.id))).toBe(10n * USDT);

    // Cancelled at once: 4 unused whole hours (8 USDT) of 5 come back, all in USDT (9 were USDT).
    const cancelled = await ctx.request({
      method: 'POST',
      url: `/api/rentals/${rental.id}/cancel`,
      headers: withKey(buyer.headers),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.refunded).toBe('8.000000');
    expect(await accountBalance(ctx.database.db, userWallet(buyer.user.id))).toBe(18n * USDT);
    expect(await accountBalance(ctx.database.db, userCredit(buyer.user.id))).toBe(0n);
    expect(await booksProblems()).toEqual([]);
  });

  it('refuses a rental that wallet and credit together cannot pay, saying what is missing', async () => {
    const first = await rented(1, USDT, 3n * USDT);
    const opened = await disputed(first.rental.id, first.buyer.headers);
    expect((await decide(opened.id, { compensation: '1' })).statusCode).toBe(200);
    const listing = await createListing(ctx.database.db, {
      vendorId: (await createVendor(ctx.database.db, 'Dear Vendor')).id,
      priceMicro: 4n * USDT,
    });
    const refused = await ctx.request({
      method: 'POST',
      url: '/api/rentals',
      headers: withKey(first.buyer.headers),
      payload: { serverId: listing.id, hours: 1 },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      details: {
        total: '4.000000',
        balance: '3.000000',
        credit: '1.000000',
        shortfall: '1.000000',
      },
    });
    expect(await accountBalance(ctx.database.db, userCredit(first.buyer.user.id))).toBe(USDT);
  });
});
