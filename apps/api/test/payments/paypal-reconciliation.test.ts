// Reconciliation on the test clock (issue 19 points 4 and 8): with PayPal's webhooks lost, a
// pending capture that PayPal completes a day later is read again and credited; an approved order
// whose buyer never came back is captured; an order never approved expires after three hours.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClock } from '../../src/lib/clock';
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
let clock: TestClock;

beforeAll(async () => {
  fx = await startPayPalFixture({ webhooks: false, env: { TEST_CLOCK: 'true' } });
  clock = fx.ctx.app.clock as TestClock;
});
afterAll(() => fx?.close());

const HOUR = 3_600_000;
const reconcile = () => fx.ctx.app.services.paypal!.reconcile();

describe('PayPal reconciliation', () => {
  it('credits a pending capture that PayPal completed a day later, once', async () => {
    const { headers } = await renter(fx.ctx);
    const order = await openPayPalPayment(fx.ctx, headers, '20');
    await fx.paypal.approve(order.orderId);
    fx.paypal.nextCapture({ status: 'PENDING', reason: 'PENDING_REVIEW' });
    const pending = (await captureOnReturn(fx.ctx, headers, order.orderId)).json().data;
    expect(pending.state).toBe('PENDING');

    // Within the minute nothing is read again; PayPal still holds it a few hours on.
    await reconcile();
    await clock.advance(6 * HOUR);
    await reconcile();
    expect((await paymentOf(fx.ctx, headers, order.orderId)).state).toBe('PENDING');
    expect(await availableOf(fx.ctx, headers)).toBe('0.000000');

    // A day later PayPal completes it; its webhook never arrives.
    await clock.advance(18 * HOUR);
    await fx.paypal.settleCapture(pending.captureId, 'COMPLETED');
    await reconcile();
    await clock.advance(2 * 60_000);
    await reconcile();
    expect((await paymentOf(fx.ctx, headers, order.orderId)).state).toBe('COMPLETED');
    expect(await availableOf(fx.ctx, headers)).toBe('18.812000');
    expect(await creditsOf(fx.ctx, pending.captureId)).toBe(1);
  });

  it('captures an approved order whose buyer never came back, and expires one never approved', async () => {
    const { headers } = await renter(fx.ctx);
    const approved = await openPayPalPayment(fx.ctx, headers, '10');
    const abandoned = await openPayPalPayment(fx.ctx, headers, '30');
    await fx.paypal.approve(approved.orderId);

    await clock.advance(2 * 60_000);
    await reconcile();
    expect((await paymentOf(fx.ctx, headers, approved.orderId)).state).toBe('COMPLETED');
    // Not approved yet, and not three hours old: it waits.
    expect((await paymentOf(fx.ctx, headers, abandoned.orderId)).state).toBe('CREATED');

    await clock.advance(3 * HOUR);
    await reconcile();
    expect(await paymentOf(fx.ctx, headers, abandoned.orderId)).toMatchObject({
      state: 'EXPIRED',
      paymentStatus: 'failed',
      reason: 'The payment was not approved at PayPal within 3 hours',
    });
    // 10 less 3.49 % and 0.49.
    expect(await availableOf(fx.ctx, headers)).toBe('9.161000');
  });

  it('processes an event whose handling failed, on its next pass', async () => {
    const { headers } = await renter(fx.ctx);
    const order = await openPayPalPayment(fx.ctx, headers, '20');
    fx.paypal.setWebhookUrl(fx.webhookUrl);
    try {
      // PayPal fails the capture while the webhook is handled: the event is stored, not processed,
      // and the delivery answered 500; then the webhook goes quiet.
      fx.paypal.failNext('capture', { status: 503 });
      await fx.paypal.approve(order.orderId);
      await until(
        async () =>
          fx.paypal
            .deliveries()
            .some((d) => d.eventType === 'CHECKOUT.ORDER.APPROVED' && d.status === 500),
        'the failed delivery',
      );
    } finally {
      fx.paypal.setWebhookUrl(undefined);
    }
    expect((await paymentOf(fx.ctx, headers, order.orderId)).state).not.toBe('COMPLETED');
    await clock.advance(2 * 60_000);
    await reconcile();
    expect((await paymentOf(fx.ctx, headers, order.orderId)).state).toBe('COMPLETED');
  });
});
