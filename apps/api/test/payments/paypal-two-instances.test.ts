// The buyer's return and PayPal's webhook arriving at the same moment on two instances of the API
// with their own connection pools on one PostgreSQL (issue 19 point 3): each payment is captured
// at PayPal once and credited once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app';
import { openDatabase, queryRows, type DatabaseHandle } from '../../src/db/client';
import { recordingMailer, TEST_JWT_SECRET } from '../app';
import { renter } from '../rentals/rentals-fixture';
import {
  availableOf,
  captureOnReturn,
  creditsOf,
  openPayPalPayment,
  PAYPAL_APP,
  paymentOf,
  startPayPalFixture,
  until,
  type PayPalFixture,
} from './paypal-fixture';

describe.runIf(process.env.TEST_DATABASE_URL)('PayPal on two instances on PostgreSQL', () => {
  let fx: PayPalFixture;
  let second: App;
  let secondPool: DatabaseHandle;

  beforeAll(async () => {
    fx = await startPayPalFixture({ webhooks: false });
    secondPool = await openDatabase({ driver: 'postgres', url: fx.ctx.database.url! });
    second = await buildApp({
      config: fx.ctx.config,
      database: secondPool,
      jwtSecret: TEST_JWT_SECRET,
      mailer: recordingMailer(),
      paypal: { ...PAYPAL_APP, environment: 'sandbox', apiUrl: fx.paypal.url },
    });
    await second.listen({ host: '127.0.0.1', port: 0 });
    const port = (second.server.address() as { port: number }).port;
    // PayPal's webhooks reach the second instance; the buyers come back to the first.
    fx.paypal.setWebhookUrl(`http://127.0.0.1:${port}/api/payments/paypal/webhook`);
  });
  afterAll(async () => {
    await second?.close();
    await secondPool?.close();
    await fx?.close();
  });

  it('credits each of 12 payments once when the return and the webhook race', async () => {
    const { headers } = await renter(fx.ctx);
    const orders = [];
    for (let i = 0; i < 12; i += 1) orders.push(await openPayPalPayment(fx.ctx, headers, '20'));
    // Approvals send CHECKOUT.ORDER.APPROVED to the second instance while the first captures on
    // the buyer's return; half of the returns start first, half after.
    await Promise.all(
      orders.map(async (order, i) => {
        if (i % 2 === 0) {
          await fx.paypal.approve(order.orderId);
          await captureOnReturn(fx.ctx, headers, order.orderId);
        } else {
          await Promise.all([
            fx.paypal.approve(order.orderId),
            until(
              async () =>
                (await captureOnReturn(fx.ctx, headers, order.orderId)).statusCode === 200,
              'the return capture',
            ),
          ]);
        }
      }),
    );
    for (const order of orders) {
      await until(
        async () => (await paymentOf(fx.ctx, headers, order.orderId)).state === 'COMPLETED',
        'every payment to complete',
      );
    }
    // Every approval event reached the second instance and was processed there.
    await until(
      async () =>
        (
          await queryRows<{ n: number }>(
            secondPool.db,
            sql`select count(*)::int as n from paypal_webhook_events
                 where event_type = 'CHECKOUT.ORDER.APPROVED' and processed_at is not null`,
          )
        )[0]!.n >= 12,
      'the approval events',
    );
    for (const order of orders) {
      const { captureId } = await paymentOf(fx.ctx, headers, order.orderId);
      expect(await creditsOf(fx.ctx, captureId!)).toBe(1);
    }
    expect(await availableOf(fx.ctx, headers)).toBe(`${(18.812 * 12).toFixed(6)}`);
  });

  it('credits once when the same event is processed on both instances at the same moment', async () => {
    const { headers } = await renter(fx.ctx);
    const order = await openPayPalPayment(fx.ctx, headers, '50');
    fx.paypal.setWebhookUrl(undefined);
    await fx.paypal.approve(order.orderId);
    const event = fx.paypal
      .events()
      .find((e) => e.event_type === 'CHECKOUT.ORDER.APPROVED' && e.body.includes(order.orderId))!;
    const body = Buffer.from(event.body);
    // Store it on both, then process it on both at once (as two deliveries would).
    const parsed = JSON.parse(event.body) as { id: string; event_type: string };
    await fx.ctx.database.db.execute(
      sql`insert into paypal_webhook_events (event_id, event_type, resource_id, transmission_id, body)
          values (${parsed.id}, ${parsed.event_type}, ${order.orderId}, 'test', ${body.toString('utf8')}::jsonb)`,
    );
    await Promise.all([
      fx.ctx.app.services.paypal!.processEvent(parsed.id),
      second.services.paypal!.processEvent(parsed.id),
      captureOnReturn(fx.ctx, headers, order.orderId),
    ]);
    const { captureId, state } = await paymentOf(fx.ctx, headers, order.orderId);
    expect(state).toBe('COMPLETED');
    expect(await creditsOf(fx.ctx, captureId!)).toBe(1);
    // 50 less 3.49 % and 0.49.
    expect(await availableOf(fx.ctx, headers)).toBe('47.765000');
  });
});
