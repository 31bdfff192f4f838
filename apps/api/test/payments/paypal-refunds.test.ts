// Money PayPal gives back (issue 19 point 5, 8): staff refunds of unspent money, refunds and
// chargebacks PayPal reports after the money was spent (the account owes, new rentals and payouts
// wait, running rentals go on), disputes that hold money until PayPal decides; the books check
// and reconciliation green after all of it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { createListing, createVendor } from '../catalog/catalog-factories';
import { checkBooks } from '../ledger-admin/ledger-fixture';
import { renter, withKey } from '../rentals/rentals-fixture';
import { signedIn } from '../support/support-fixture';
import { activeVendor } from '../vendors/vendor-fixture';
import {
  availableOf,
  captureOnReturn,
  openPayPalPayment,
  paymentOf,
  startPayPalFixture,
  until,
  type PayPalFixture,
} from './paypal-fixture';

let fx: PayPalFixture;
let admin: Record<string, string>;
let support: Record<string, string>;

beforeAll(async () => {
  fx = await startPayPalFixture();
  admin = (await signedIn(fx.ctx, 'admin')).headers;
  support = (await signedIn(fx.ctx, 'support')).headers;
});
afterAll(() => fx?.close());

/** A renter who paid `amount` USD with PayPal, completed: answers them and the payment. */
async function paidRenter(amount = '20') {
  const who = await renter(fx.ctx);
  const order = await openPayPalPayment(fx.ctx, who.headers, amount);
  await fx.paypal.approve(order.orderId);
  await captureOnReturn(fx.ctx, who.headers, order.orderId);
  await until(
    async () => (await paymentOf(fx.ctx, who.headers, order.orderId)).state === 'COMPLETED',
    'the payment to complete',
  );
  const payment = await paymentOf(fx.ctx, who.headers, order.orderId);
  return { ...who, payment };
}

/** The renter rents a 1 USDT/hour server for `hours`: answers the response. */
async function rent(headers: Record<string, string>, hours: number) {
  const vendor = await createVendor(fx.ctx.database.db);
  const listing = await createListing(fx.ctx.database.db, { vendorId: vendor.id });
  return fx.ctx.request({
    method: 'POST',
    url: '/api/rentals',
    headers: withKey(headers),
    payload: { serverId: listing.id, hours },
  });
}

const refund = (transactionId: string, payload: Record<string, unknown>, headers = admin) =>
  fx.ctx.request({
    method: 'POST',
    url: `/api/admin/paypal/payments/${transactionId}/refunds`,
    headers: withKey(headers),
    payload,
  });

const owedOf = async (transactionId: string) =>
  (
    await fx.ctx.app.inject({
      method: 'GET',
      url: `/api/admin/paypal/payments/${transactionId}`,
      headers: support,
    })
  ).json().data as { owed: string; walletAvailable: string; state: string; refunds: unknown[] };

const processedEvents = async (type: string) =>
  (
    await queryRows<{ n: number }>(
      fx.ctx.database.db,
      sql`select count(*)::int as n from paypal_webhook_events
           where event_type = ${type} and processed_at is not null`,
    )
  )[0]!.n;

describe('a staff refund', () => {
  it('gives back part of an unspent payment through PayPal, once, and the renter sees it', async () => {
    const { headers, payment } = await paidRenter('20');
    const before = await processedEvents('PAYMENT.CAPTURE.REFUNDED');
    const response = await refund(payment.transactionId, {
      amount: '5',
      reason: 'Asked by the renter',
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json().data;
    expect(detail).toMatchObject({
      state: 'PARTIALLY_REFUNDED',
      paymentStatus: 'completed',
      refundedValue: '5.00',
      refundableValue: '15.00',
      // 5 of 20 USDT went back: the wallet's share of it is 5 × 18.812 / 20.
      refunded: '5.000000',
      walletAvailable: '14.109000',
      owed: '0.000000',
    });
    expect(detail.refunds).toHaveLength(1);
    expect(detail.refunds[0]).toMatchObject({ amount: '5.000000', fromWallet: '4.703000' });

    // PayPal's PAYMENT.CAPTURE.REFUNDED for the same refund arrives and moves nothing more.
    await until(
      async () => (await processedEvents('PAYMENT.CAPTURE.REFUNDED')) > before,
      'the refund event',
    );
    expect(await availableOf(fx.ctx, headers)).toBe('14.109000');

    // The renter's timeline shows it, as a PayPal refund taking 4.703 from the wallet.
    const list = await fx.ctx.app.inject({
      method: 'GET',
      url: '/api/wallet/transactions',
      headers,
    });
    expect(list.json().data[0]).toMatchObject({
      type: 'REFUND',
      paymentMethod: 'paypal',
      balanceChange: '-4.703000',
      description: 'Refund of 5.00 USD of your PayPal payment of 20.00 USD',
    });

    // The renter hears of it by mail.
    const mails = await queryRows<{ subject: string }>(
      fx.ctx.database.db,
      sql`select subject from mail_outbox where kind = 'paypal-refunded'`,
    );
    expect(mails.map((m) => m.subject)).toContain('Your PayPal payment of 20.00 USD was refunded');

    // Audited with the reason.
    const audit = await queryRows<{ action: string; after: { reason: string } }>(
      fx.ctx.database.db,
      sql`select action, after from audit_log where target_id = ${payment.transactionId}`,
    );
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'paypal.refunded',
        after: expect.objectContaining({ reason: 'Asked by the renter' }),
      }),
    ]);
  });

  it('is refused for more than is unspent in the wallet, and for support staff', async () => {
    const { headers, payment } = await paidRenter('20');
    expect((await rent(headers, 10)).statusCode).toBe(201);
    const tooMuch = await refund(payment.transactionId, { reason: 'The whole payment' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toMatchObject({
      code: 'PAYPAL_REFUND_SPENT',
      message:
        'Only 8.812 USDT of this payment is unspent in the wallet, and this refund would take 18.812 USDT: refund less.',
    });
    const bySupport = await refund(
      payment.transactionId,
      { amount: '1', reason: 'Support try' },
      support,
    );
    expect(bySupport.statusCode).toBe(403);
    const tooLarge = await refund(payment.transactionId, { amount: '25', reason: 'Too much' });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().error.details.fields[0]).toEqual({
      field: 'amount',
      message: 'At most 20.00 USD of this payment is left to refund',
    });
  });
});

describe('money PayPal takes back after it was spent', () => {
  it('takes what the wallet holds, records the rest as owed, refuses new rentals but keeps the running one', async () => {
    const { headers, payment } = await paidRenter('20');
    const running = await rent(headers, 15);
    expect(running.statusCode).toBe(201);
    const rentalId = running.json().data.id as string;
    expect(await availableOf(fx.ctx, headers)).toBe('3.812000');

    // The buyer is refunded at paypal.com, not by the storefront.
    await fx.paypal.refundFromPayPal(payment.captureId!);
    await until(
      async () => (await owedOf(payment.transactionId)).state === 'REFUNDED',
      'the refund',
    );
    expect(await availableOf(fx.ctx, headers)).toBe('0.000000');
    expect((await owedOf(payment.transactionId)).owed).toBe('15.000000');
    const timeline = await fx.ctx.app.inject({
      method: 'GET',
      url: '/api/wallet/transactions',
      headers,
    });
    expect(timeline.json().data[0]).toMatchObject({
      type: 'REFUND',
      balanceChange: '-3.812000',
      description:
        'Refund of 20.00 USD of your PayPal payment of 20.00 USD; your wallet held 3.812 USDT of it, so your account owes 15 USDT',
    });
    const deposit = timeline
      .json()
      .data.find((t: { id: string }) => t.id === payment.transactionId);
    expect(deposit.paymentStatus).toBe('refunded');

    // New rentals and extensions wait until it is settled; the running rental goes on.
    const refused = await rent(headers, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('ACCOUNT_OWES');
    expect(refused.json().error.message).toBe(
      'Your account owes 15 USDT because PayPal gave back a payment after its money was spent (a refund, a chargeback or a dispute). Add funds to your wallet to settle it, then rent again.',
    );
    const rental = await fx.ctx.app.inject({
      method: 'GET',
      url: `/api/rentals/${rentalId}`,
      headers,
    });
    expect(rental.json().data.status).toBe('ACTIVE');

    // The next payment pays what is owed first.
    const next = await openPayPalPayment(fx.ctx, headers, '20');
    await fx.paypal.approve(next.orderId);
    await captureOnReturn(fx.ctx, headers, next.orderId);
    expect(await availableOf(fx.ctx, headers)).toBe('3.812000');
    expect((await owedOf(payment.transactionId)).owed).toBe('0.000000');
    expect((await rent(headers, 1)).statusCode).toBe(201);
  });

  it('refuses payouts to a vendor whose account owes', async () => {
    const vendor = await activeVendor(fx.ctx, 'Owing Vendor');
    const order = await openPayPalPayment(fx.ctx, vendor.headers, '20');
    await fx.paypal.approve(order.orderId);
    const paid = (await captureOnReturn(fx.ctx, vendor.headers, order.orderId)).json().data;
    // Spent on a rental, then taken back by a chargeback.
    expect((await rent(vendor.headers, 18)).statusCode).toBe(201);
    await fx.paypal.reverse(paid.captureId);
    await until(
      async () => (await owedOf(paid.transactionId)).state === 'REVERSED',
      'the chargeback',
    );
    const payout = await fx.ctx.request({
      method: 'POST',
      url: '/api/vendor/payouts',
      headers: vendor.headers,
      payload: { amount: '10', network: 'ERC20' },
    });
    // The vendor area's payout page says so before anyone asks.
    const standing = await fx.ctx.app.inject({
      method: 'GET',
      url: '/api/vendor/payouts/standing',
      headers: vendor.headers,
    });
    expect(standing.json().data.blockedReason).toBe(
      'Your account owes 18 USDT because PayPal gave back a payment after its money was spent (a refund, a chargeback or a dispute). Payouts wait until it is settled: add funds to your wallet.',
    );
    expect(payout.statusCode).toBe(409);
    expect(payout.json().error).toMatchObject({
      code: 'ACCOUNT_OWES',
      message:
        'Your account owes 18 USDT because PayPal gave back a payment after its money was spent (a refund, a chargeback or a dispute). Payouts wait until it is settled: add funds to your wallet.',
    });
  });

  it('records a chargeback as a reversal in words', async () => {
    const { headers, payment } = await paidRenter('10');
    await fx.paypal.reverse(payment.captureId!);
    await until(
      async () => (await paymentOf(fx.ctx, headers, payment.orderId)).state === 'REVERSED',
      'the chargeback',
    );
    expect(await paymentOf(fx.ctx, headers, payment.orderId)).toMatchObject({
      paymentStatus: 'refunded',
      reason: 'PayPal reversed the payment (a chargeback): 10.00 USD went back to the buyer',
    });
    expect(await availableOf(fx.ctx, headers)).toBe('0.000000');
  });
});

describe('a dispute at PayPal', () => {
  it('holds the disputed money until PayPal decides for the seller, then gives it back', async () => {
    const { headers, payment } = await paidRenter('20');
    const { disputeId } = await fx.paypal.openDispute(payment.captureId!, '10.00');
    await until(async () => (await availableOf(fx.ctx, headers)) === '9.406000', 'the hold');
    const reconciliation = await fx.ctx.app.inject({
      method: 'GET',
      url: '/api/admin/paypal/reconciliation',
      headers: support,
    });
    expect(reconciliation.json().data.openDisputes).toContainEqual(
      expect.objectContaining({ disputeId, held: '9.406000', status: 'OPEN' }),
    );
    await fx.paypal.resolveDispute(disputeId, 'SELLER');
    await until(async () => (await availableOf(fx.ctx, headers)) === '18.812000', 'the release');
    expect((await paymentOf(fx.ctx, headers, payment.orderId)).state).toBe('COMPLETED');
  });

  it('gives the held money to the buyer when PayPal decides for them, and the account owes what was spent', async () => {
    const { headers, payment } = await paidRenter('20');
    expect((await rent(headers, 14)).statusCode).toBe(201);
    const { disputeId } = await fx.paypal.openDispute(payment.captureId!);
    await until(async () => (await owedOf(payment.transactionId)).owed === '14.000000', 'the hold');
    expect(await availableOf(fx.ctx, headers)).toBe('0.000000');
    await fx.paypal.resolveDispute(disputeId, 'BUYER');
    await until(
      async () => (await paymentOf(fx.ctx, headers, payment.orderId)).state === 'REVERSED',
      'the lost dispute',
    );
    expect((await owedOf(payment.transactionId)).owed).toBe('14.000000');
    expect(await availableOf(fx.ctx, headers)).toBe('0.000000');
  });
});

describe('after all of it', () => {
  it('the books check is green and reconciliation finds nothing that disagrees', async () => {
    const books = await checkBooks(fx.ctx, admin);
    expect(books.violations).toEqual([]);
    const reconciliation = await fx.ctx.app.inject({
      method: 'GET',
      url: '/api/admin/paypal/reconciliation',
      headers: support,
    });
    const data = reconciliation.json().data;
    expect(data.findings).toEqual([]);
    expect(data.debts.length).toBeGreaterThanOrEqual(2);
    // The books name the same totals: what users owe, what PayPal holds, nothing held any more.
    const owed = data.debts.reduce(
      (total: bigint, debt: { owed: string }) => total + BigInt(debt.owed.replace('.', '')),
      0n,
    );
    expect(BigInt(books.figures.owedByUsers.replace('.', ''))).toBe(owed);
    expect(books.figures.paypalClearing).toBe(data.paypalClearing);
    expect(books.figures.heldInDisputes).toBe('0.000000');
    // Every payment taken in and given back is in PayPal clearing: what PayPal holds for us.
    const [row] = await queryRows<{ n: string }>(
      fx.ctx.database.db,
      sql`select coalesce(sum(usdt_amount - refunded), 0)::text as n from paypal_payments
           where state in ('COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED', 'REVERSED')`,
    );
    expect(BigInt(data.paypalClearing.replace('.', ''))).toBe(-BigInt(row!.n));
  });
});
