// PayPal Checkout into the wallet (issue 19 points 1 to 4, 8) against the PayPal-speaking server:
// the server makes the order from the amount alone, money arrives only from a COMPLETED capture of
// the order's amount, once, whether the buyer's return or PayPal's webhook comes first or twice.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { createTestApp } from '../app';
import { renter } from '../rentals/rentals-fixture';
import {
  availableOf,
  captureOnReturn,
  creditsOf,
  openPayPalPayment,
  paymentOf,
  startPayPalFixture,
  until,
  type PayPalFixture,
} from './paypal-fixture';

let fx: PayPalFixture;

beforeAll(async () => {
  fx = await startPayPalFixture({ webhooks: false });
});
afterAll(() => fx?.close());

const eventsStored = async () =>
  (
    await queryRows<{ n: number }>(
      fx.ctx.database.db,
      sql`select count(*)::int as n from paypal_webhook_events`,
    )
  )[0]!.n;

describe('PayPal in the deposit config', () => {
  it('offers the currency, limits, rate and fee it is configured with', async () => {
    const response = await fx.ctx.app.inject({ method: 'GET', url: '/api/wallet/deposit-config' });
    expect(response.json().data.paypal).toEqual({
      currency: 'USD',
      minAmount: '5.00',
      maxAmount: '1000.00',
      rate: '1',
      feePercent: '3.49',
      feeFixed: '0.49',
      sandbox: true,
    });
  });

  it('is null, and its routes answer PAYPAL_OFF, where PayPal is not configured', async () => {
    const ctx = await createTestApp();
    try {
      const config = await ctx.app.inject({ method: 'GET', url: '/api/wallet/deposit-config' });
      expect(config.json().data.paypal).toBeNull();
      const { headers } = await renter(ctx);
      const response = await ctx.request({
        method: 'POST',
        url: '/api/wallet/paypal/orders',
        headers: { ...headers, 'idempotency-key': randomUUID() },
        payload: { amount: '20' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('PAYPAL_OFF');
    } finally {
      await ctx.close();
    }
  });
});

describe('a PayPal payment', () => {
  it('is made at PayPal for the amount the server computed, and credits the wallet on the return', async () => {
    const { headers } = await renter(fx.ctx);
    const order = await openPayPalPayment(fx.ctx, headers, '20');
    expect(order).toMatchObject({
      state: 'CREATED',
      paymentStatus: 'pending',
      value: '20.00',
      currency: 'USD',
      usdtAmount: '20.000000',
      // 3.49 % of 20 is 0.698, plus 0.49.
      fee: '1.188000',
      credit: '18.812000',
      refunded: '0.000000',
      captureId: null,
    });
    expect(order.approveUrl).toContain(order.orderId);

    // PayPal holds the order as the server made it: its amount, our transaction as custom id.
    const atPayPal = await fetchOrder(order.orderId);
    expect(atPayPal.purchase_units[0]).toMatchObject({
      amount: { currency_code: 'USD', value: '20.00' },
      custom_id: order.transactionId,
    });

    // Back before approving: nothing is captured or credited.
    const early = await captureOnReturn(fx.ctx, headers, order.orderId);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('PAYPAL_NOT_APPROVED');
    expect(await availableOf(fx.ctx, headers)).toBe('0.000000');

    await fx.paypal.approve(order.orderId);
    const back = await captureOnReturn(fx.ctx, headers, order.orderId);
    expect(back.statusCode).toBe(200);
    const paid = back.json().data;
    expect(paid).toMatchObject({ state: 'COMPLETED', paymentStatus: 'completed', reason: null });
    expect(paid.captureId).toEqual(expect.any(String));
    expect(paid.approveUrl).toBeNull();
    expect(await availableOf(fx.ctx, headers)).toBe('18.812000');

    // A second return (a reload) changes nothing.
    expect((await captureOnReturn(fx.ctx, headers, order.orderId)).json().data.state).toBe(
      'COMPLETED',
    );
    expect(await availableOf(fx.ctx, headers)).toBe('18.812000');
    expect(await creditsOf(fx.ctx, paid.captureId)).toBe(1);

    // The wallet names the method, the payment status and PayPal's capture.
    const list = await fx.ctx.app.inject({
      method: 'GET',
      url: '/api/wallet/transactions?method=paypal',
      headers,
    });
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).toMatchObject({
      id: order.transactionId,
      type: 'DEPOSIT',
      status: 'CONFIRMED',
      paymentMethod: 'paypal',
      paymentStatus: 'completed',
      network: null,
      amount: '20.000000',
      fee: '1.188000',
      balanceChange: '18.812000',
    });
    const crypto = await fx.ctx.app.inject({
      method: 'GET',
      url: '/api/wallet/transactions?method=crypto',
      headers,
    });
    expect(crypto.json().data).toHaveLength(0);
    const detail = await fx.ctx.app.inject({
      method: 'GET',
      url: `/api/wallet/transactions/${order.transactionId}`,
      headers,
    });
    expect(detail.json().data).toMatchObject({
      deposit: null,
      network: null,
      paypal: { captureId: paid.captureId, orderId: order.orderId, state: 'COMPLETED' },
    });

    // The renter is told by mail, through the outbox.
    const mails = await queryRows<{ subject: string; kind: string }>(
      fx.ctx.database.db,
      sql`select subject, kind from mail_outbox where kind like 'paypal-%'`,
    );
    expect(mails).toContainEqual({
      subject: '18.81 USDT reached your CrimsonHost wallet',
      kind: 'paypal-completed',
    });
  });

  it('refuses amounts outside the limits, or with more than cents, in words', async () => {
    const { headers } = await renter(fx.ctx);
    for (const [amount, message] of [
      ['4.99', 'The smallest PayPal payment is 5.00 USD'],
      ['1000.01', 'The largest PayPal payment is 1000.00 USD'],
      ['20.005', 'Use at most two decimals (cents) for USD'],
      ['twenty', 'Please enter an amount in USD, such as 20 or 20.50'],
      ['', 'Please enter an amount in USD'],
    ]) {
      const response = await fx.ctx.request({
        method: 'POST',
        url: '/api/wallet/paypal/orders',
        headers: { ...headers, 'idempotency-key': randomUUID() },
        payload: { amount },
      });
      expect(response.statusCode, amount).toBe(400);
      expect(response.json().error.details.fields[0]).toEqual({ field: 'amount', message });
    }
  });

  it('makes one order per Idempotency-Key, even when PayPal failed the first time', async () => {
    const { headers } = await renter(fx.ctx);
    const key = randomUUID();
    const open = () =>
      fx.ctx.request({
        method: 'POST',
        url: '/api/wallet/paypal/orders',
        headers: { ...headers, 'idempotency-key': key },
        payload: { amount: '12.50' },
      });
    fx.paypal.failNext('create-order', { status: 503 });
    const failed = await open();
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error.code).toBe('PAYPAL_UNAVAILABLE');
    const first = await open();
    const second = await open();
    expect(first.statusCode).toBe(201);
    expect(second.json().data.orderId).toBe(first.json().data.orderId);
    expect(second.json().data.transactionId).toBe(first.json().data.transactionId);
  });

  it("answers 404 for another renter's order, as for an unknown one", async () => {
    const owner = await renter(fx.ctx);
    const other = await renter(fx.ctx);
    const order = await openPayPalPayment(fx.ctx, owner.headers);
    for (const url of [
      `/api/wallet/paypal/orders/${order.orderId}`,
      `/api/wallet/paypal/orders/${order.orderId}/capture`,
      `/api/wallet/paypal/orders/${order.orderId}/cancel`,
    ]) {
      const response = await fx.ctx.request({
        method: url.endsWith(order.orderId) ? 'GET' : 'POST',
        url,
        headers: other.headers,
      });
      expect(response.statusCode, url).toBe(404);
    }
    const detail = await fx.ctx.app.inject({
      method: 'GET',
      url: `/api/wallet/transactions/${order.transactionId}`,
      headers: other.headers,
    });
    expect(detail.statusCode).toBe(404);
  });

  it('is cancelled when the buyer turns back at PayPal, and nothing is credited', async () => {
    const { headers } = await renter(fx.ctx);
    const order = await openPayPalPayment(fx.ctx, headers);
    const response = await fx.ctx.request({
      method: 'POST',
      url: `/api/wallet/paypal/orders/${order.orderId}/cancel`,
      headers,
    });
    expect(response.json().data).toMatchObject({
      state: 'CANCELLED',
      paymentStatus: 'failed',
      reason: 'You cancelled the payment at PayPal',
    });
    const list = await fx.ctx.app.inject({
      method: 'GET',
      url: '/api/wallet/transactions',
      headers,
    });
    expect(list.json().data[0]).toMatchObject({ status: 'FAILED', timelineStatus: 'FAILED' });
  });

  it('is captured, not cancelled, when PayPal says the buyer approved it after all', async () => {
    const { headers } = await renter(fx.ctx);
    const order = await openPayPalPayment(fx.ctx, headers);
    await fx.paypal.approve(order.orderId);
    const response = await fx.ctx.request({
      method: 'POST',
      url: `/api/wallet/paypal/orders/${order.orderId}/cancel`,
      headers,
    });
    expect(response.json().data.state).toBe('COMPLETED');
    expect(await availableOf(fx.ctx, headers)).toBe('18.812000');
  });
});

describe('capture outcomes', () => {
  it('leaves a PENDING capture pending, and credits it when PayPal completes it', async () => {
    const { headers } = await renter(fx.ctx);
    const order = await openPayPalPayment(fx.ctx, headers);
    await fx.paypal.approve(order.orderId);
    fx.paypal.nextCapture({ status: 'PENDING', reason: 'ECHECK' });
    const back = (await captureOnReturn(fx.ctx, headers, order.orderId)).json().data;
    expect(back).toMatchObject({
      state: 'PENDING',
      paymentStatus: 'pending',
      reason: 'it is paid by eCheck, which takes a few days to clear',
    });
    expect(await availableOf(fx.ctx, headers)).toBe('0.000000');

    // PayPal completes it later; the storefront hears of it by its webhook.
    fx.paypal.setWebhookUrl(fx.webhookUrl);
    try {
      await fx.paypal.settleCapture(back.captureId, 'COMPLETED');
      await until(
        async () => (await paymentOf(fx.ctx, headers, order.orderId)).state === 'COMPLETED',
        'the pending capture to complete',
      );
    } finally {
      fx.paypal.setWebhookUrl(undefined);
    }
    expect(await availableOf(fx.ctx, headers)).toBe('18.812000');
    expect(await creditsOf(fx.ctx, back.captureId)).toBe(1);
  });

  it('fails a DECLINED capture and one whose funding source PayPal declined, with the reason', async () => {
    const { headers } = await renter(fx.ctx);
    const declined = await openPayPalPayment(fx.ctx, headers);
    await fx.paypal.approve(declined.orderId);
    fx.paypal.nextCapture({ status: 'DECLINED' });
    expect((await captureOnReturn(fx.ctx, headers, declined.orderId)).json().data).toMatchObject({
      state: 'FAILED',
      paymentStatus: 'failed',
      reason: 'PayPal declined the payment',
    });

    const instrument = await openPayPalPayment(fx.ctx, headers);
    await fx.paypal.approve(instrument.orderId);
    fx.paypal.nextCapture({ status: 'INSTRUMENT_DECLINED' });
    expect((await captureOnReturn(fx.ctx, headers, instrument.orderId)).json().data).toMatchObject({
      state: 'FAILED',
      reason: 'PayPal declined the funding source you chose',
    });
    expect(await availableOf(fx.ctx, headers)).toBe('0.000000');
    // The renter hears of each by mail, with the reason.
    const mails = await queryRows<{ subject: string; text: string }>(
      fx.ctx.database.db,
      sql`select subject, text from mail_outbox where kind = 'paypal-failed'`,
    );
    expect(mails.map((m) => m.subject)).toContain(
      'Your PayPal payment of 20.00 USD did not go through',
    );
    expect(mails.some((m) => m.text.includes('PayPal declined the payment'))).toBe(true);
  });

  it('denies a pending capture that PayPal denies after review', async () => {
    const { headers } = await renter(fx.ctx);
    const order = await openPayPalPayment(fx.ctx, headers);
    await fx.paypal.approve(order.orderId);
    fx.paypal.nextCapture({ status: 'PENDING' });
    const back = (await captureOnReturn(fx.ctx, headers, order.orderId)).json().data;
    await fx.paypal.settleCapture(back.captureId, 'DENIED');
    // The webhook is off here: reconciliation reads the capture again.
    await queryRows(
      fx.ctx.database.db,
      sql`update paypal_payments set updated_at = now() - interval '2 minutes' where order_id = ${order.orderId}`,
    );
    await fx.ctx.app.services.paypal!.reconcile();
    expect(await paymentOf(fx.ctx, headers, order.orderId)).toMatchObject({
      state: 'FAILED',
      reason: 'PayPal denied the payment after reviewing it',
    });
    expect(await availableOf(fx.ctx, headers)).toBe('0.000000');
  });

  it('refuses a capture whose amount differs from the order, and credits nothing', async () => {
    const { headers } = await renter(fx.ctx);
    const order = await openPayPalPayment(fx.ctx, headers, '20');
    await fx.paypal.approve(order.orderId);
    // The order as the storefront recorded it no longer matches what PayPal captures.
    await queryRows(
      fx.ctx.database.db,
      sql`update paypal_payments set value = '25.00' where order_id = ${order.orderId}`,
    );
    const back = (await captureOnReturn(fx.ctx, headers, order.orderId)).json().data;
    expect(back.state).toBe('FAILED');
    expect(back.reason).toBe(
      'PayPal captured 20.00 USD where the order was for 25.00 USD: not credited, staff will settle it',
    );
    expect(await availableOf(fx.ctx, headers)).toBe('0.000000');
    expect(await creditsOf(fx.ctx, back.captureId)).toBe(0);
  });
});

describe("PayPal's webhooks", () => {
  it('capture an approved order whose buyer never came back, once, however often the event comes', async () => {
    const { headers } = await renter(fx.ctx);
    const order = await openPayPalPayment(fx.ctx, headers);
    fx.paypal.setWebhookUrl(fx.webhookUrl);
    try {
      await fx.paypal.approve(order.orderId);
      await until(
        async () => (await paymentOf(fx.ctx, headers, order.orderId)).state === 'COMPLETED',
        'the webhook to capture the order',
      );
      const approved = fx.paypal
        .events()
        .find(
          (event) =>
            event.event_type === 'CHECKOUT.ORDER.APPROVED' && event.body.includes(order.orderId),
        )!;
      await fx.paypal.redeliver(approved.id);
      await fx.paypal.redeliver(approved.id);
      // The buyer's return comes last.
      expect((await captureOnReturn(fx.ctx, headers, order.orderId)).json().data.state).toBe(
        'COMPLETED',
      );
    } finally {
      fx.paypal.setWebhookUrl(undefined);
    }
    const captureId = (await paymentOf(fx.ctx, headers, order.orderId)).captureId!;
    expect(await creditsOf(fx.ctx, captureId)).toBe(1);
    expect(await availableOf(fx.ctx, headers)).toBe('18.812000');
  });

  it('refuses an event with a bad or missing signature, and stores nothing', async () => {
    const before = await eventsStored();
    const event = fx.paypal.events().at(-1)!;
    const missing = await fx.ctx.app.inject({
      method: 'POST',
      url: '/api/payments/paypal/webhook',
      headers: { 'content-type': 'application/json' },
      payload: event.body,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('WEBHOOK_REFUSED');

    const forged = await fx.ctx.app.inject({
      method: 'POST',
      url: '/api/payments/paypal/webhook',
      headers: {
        'content-type': 'application/json',
        'paypal-transmission-id': randomUUID(),
        'paypal-transmission-time': new Date().toISOString(),
        'paypal-transmission-sig': Buffer.from('not a signature').toString('base64'),
        'paypal-cert-url': fx.paypal.certUrl,
        'paypal-auth-algo': 'SHA256withRSA',
      },
      payload: event.body,
    });
    expect(forged.statusCode).toBe(400);
    expect(await eventsStored()).toBe(before);
  });
});

async function fetchOrder(orderId: string) {
  const token = await fetch(`${fx.paypal.url}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('test-client:test-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const response = await fetch(`${fx.paypal.url}/v2/checkout/orders/${orderId}`, {
    headers: { authorization: `Bearer ${token.access_token}` },
  });
  return (await response.json()) as {
    purchase_units: Array<{ amount: unknown; custom_id: string }>;
  };
}
