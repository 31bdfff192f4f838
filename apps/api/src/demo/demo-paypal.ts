import type { PayPalServer } from '@crimsonhost/devnet/paypal-server';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database } from '../db/client';
import { findUserByEmail } from '../modules/auth/auth.repository';
import type { PayPalService } from '../modules/payments/paypal.service';

const DEMO_RENTER = 'renter@crimsonhost.demo';

/**
 * The demo renter's PayPal history, paid through the demo's PayPal-speaking server as a renter
 * would (order, approval, capture on the return) so that the wallet's method filter and the staff
 * area's PayPal section have something true to show: a payment of 25 USD, and one of 10 USD of
 * which 2 USD were refunded at PayPal (the webhook takes the renter's share back). Seeded once,
 * when the demo renter has no PayPal payment yet.
 */
export async function seedDemoPayPal(
  db: Database,
  paypal: PayPalService,
  server: Pick<PayPalServer, 'approve' | 'refundFromPayPal'>,
  log: FastifyBaseLogger,
): Promise<void> {
  const renter = await findUserByEmail(db, DEMO_RENTER);
  if (!renter) return;
  const [existing] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from paypal_payments where user_id = ${renter.id}`,
  );
  if ((existing?.n ?? 0) > 0) return;
  const pay = async (amount: string, key: string) => {
    const order = await paypal.createOrder(renter.id, amount, key);
    await server.approve(order.orderId!);
    return paypal.captureForUser(renter.id, order.orderId!);
  };
  await pay('25', 'demo-seed:paypal-25');
  const refunded = await pay('10', 'demo-seed:paypal-10');
  if (refunded.captureId) await server.refundFromPayPal(refunded.captureId, '2.00');
  log.info("the demo renter's PayPal payments are seeded");
}
