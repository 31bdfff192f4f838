import { toUsdtString } from '@crimsonhost/shared/money';
import {
  paymentStatusOf,
  type PayPalPayment,
  type PayPalPaymentState,
} from '@crimsonhost/shared/paypal';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paypalDisputes, paypalPayments, paypalWebhookEvents } from '../../db/schema/payments';

export type PayPalPaymentRow = typeof paypalPayments.$inferSelect;

/** States a payment leaves only through PayPal's answer (a capture, an expiry, a cancel). */
export const OPEN_STATES: readonly PayPalPaymentState[] = ['CREATED', 'APPROVED', 'PENDING'];

/** A payment as its owner sees it; the approval link only while the buyer still has to approve. */
export function toPayPalPayment(row: PayPalPaymentRow): PayPalPayment {
  const state = row.state as PayPalPaymentState;
  return {
    transactionId: row.transactionId,
    orderId: row.orderId,
    captureId: row.captureId,
    state,
    paymentStatus: paymentStatusOf(state),
    currency: row.currency,
    value: row.value,
    usdtAmount: toUsdtString(row.usdtAmount),
    fee: toUsdtString(row.fee),
    credit: toUsdtString(row.credit),
    refunded: toUsdtString(row.refunded),
    reason: row.reason,
    approveUrl: state === 'CREATED' ? row.approveUrl : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findPaymentByCapture(db: Executor, captureId: string) {
  const [row] = await db
    .select()
    .from(paypalPayments)
    .where(eq(paypalPayments.captureId, captureId));
  return row;
}

/** Records a dispute once; answers false when it was recorded already. */
export async function insertDispute(db: Executor, values: typeof paypalDisputes.$inferInsert) {
  const [row] = await db
    .insert(paypalDisputes)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: paypalDisputes.disputeId });
  return row !== undefined;
}

/** Locks an open dispute for its resolution; undefined when unknown or resolved already. */
export async function lockOpenDispute(db: Executor, disputeId: string) {
  const [row] = await db
    .select()
    .from(paypalDisputes)
    .where(and(eq(paypalDisputes.disputeId, disputeId), eq(paypalDisputes.status, 'OPEN')))
    .for('update');
  return row;
}

export async function updateDispute(
  db: Executor,
  disputeId: string,
  values: Partial<typeof paypalDisputes.$inferInsert>,
) {
  await db.update(paypalDisputes).set(values).where(eq(paypalDisputes.disputeId, disputeId));
}

export async function insertPayment(db: Executor, values: typeof paypalPayments.$inferInsert) {
  await db.insert(paypalPayments).values(values);
}

export async function findPayment(db: Executor, transactionId: string) {
  const [row] = await db
    .select()
    .from(paypalPayments)
    .where(eq(paypalPayments.transactionId, transactionId));
  return row;
}

export async function findPaymentOfUser(db: Executor, userId: string, transactionId: string) {
  const [row] = await db
    .select()
    .from(paypalPayments)
    .where(and(eq(paypalPayments.transactionId, transactionId), eq(paypalPayments.userId, userId)));
  return row;
}

export async function findPaymentByOrderOfUser(db: Executor, userId: string, orderId: string) {
  const [row] = await db
    .select()
    .from(paypalPayments)
    .where(and(eq(paypalPayments.orderId, orderId), eq(paypalPayments.userId, userId)));
  return row;
}

export async function findPaymentByOrder(db: Executor, orderId: string) {
  const [row] = await db.select().from(paypalPayments).where(eq(paypalPayments.orderId, orderId));
  return row;
}

/** Locks the payment row for the rest of the caller's transaction. */
export async function lockPayment(db: Executor, transactionId: string) {
  const [row] = await db
    .select()
    .from(paypalPayments)
    .where(eq(paypalPayments.transactionId, transactionId))
    .for('update');
  return row;
}

export async function updatePayment(
  db: Executor,
  transactionId: string,
  values: Partial<typeof paypalPayments.$inferInsert>,
) {
  await db
    .update(paypalPayments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(paypalPayments.transactionId, transactionId));
}

/** Marks an open payment as just read at PayPal: reconciliation reads it again a minute later. */
export async function touchPayment(db: Executor, transactionId: string) {
  await db
    .update(paypalPayments)
    .set({ updatedAt: sql`now()` })
    .where(
      and(
        eq(paypalPayments.transactionId, transactionId),
        sql`${paypalPayments.state} in ('CREATED', 'APPROVED', 'PENDING')`,
      ),
    );
}

/**
 * Records the order PayPal made for a payment, unless one is recorded already (PayPal answers the
 * same order to the same PayPal-Request-Id, so a second writer holds the same id).
 */
export async function recordOrder(
  db: Executor,
  transactionId: string,
  orderId: string,
  approveUrl: string,
) {
  await db
    .update(paypalPayments)
    .set({ orderId, approveUrl, updatedAt: sql`now()` })
    .where(
      and(eq(paypalPayments.transactionId, transactionId), sql`${paypalPayments.orderId} is null`),
    );
}

/** Stores a verified event once; answers whether it is new or was already processed. */
export async function storeEvent(
  db: Executor,
  event: {
    eventId: string;
    eventType: string;
    resourceId: string | null;
    transmissionId: string;
    body: unknown;
  },
): Promise<'new' | 'processed' | 'unprocessed'> {
  const [inserted] = await db
    .insert(paypalWebhookEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: paypalWebhookEvents.eventId });
  if (inserted) return 'new';
  const [existing] = await db
    .select({ processedAt: paypalWebhookEvents.processedAt })
    .from(paypalWebhookEvents)
    .where(eq(paypalWebhookEvents.eventId, event.eventId));
  return existing?.processedAt ? 'processed' : 'unprocessed';
}

/**
 * An event stored and not processed yet, or undefined. Processing is idempotent (the payment's
 * row lock and the ledger reference), so two deliveries of one event processed at once by two
 * instances change what one would.
 */
export async function unprocessedEvent(db: Executor, eventId: string) {
  const [row] = await db
    .select()
    .from(paypalWebhookEvents)
    .where(
      and(
        eq(paypalWebhookEvents.eventId, eventId),
        sql`${paypalWebhookEvents.processedAt} is null`,
      ),
    );
  return row;
}

export async function finishEvent(db: Executor, eventId: string, outcome: string) {
  await db
    .update(paypalWebhookEvents)
    .set({
      processedAt: sql`now()`,
      outcome,
      attempts: sql`${paypalWebhookEvents.attempts} + 1`,
    })
    .where(eq(paypalWebhookEvents.eventId, eventId));
}

export async function failEvent(db: Executor, eventId: string, outcome: string) {
  await db
    .update(paypalWebhookEvents)
    .set({ outcome, attempts: sql`${paypalWebhookEvents.attempts} + 1` })
    .where(eq(paypalWebhookEvents.eventId, eventId));
}

/** Open payments not touched since `before`, oldest first: what reconciliation re-reads. */
export async function openPaymentsBefore(db: Executor, before: Date, limit: number) {
  return db
    .select()
    .from(paypalPayments)
    .where(
      and(
        sql`${paypalPayments.state} in ('CREATED', 'APPROVED', 'PENDING')`,
        sql`${paypalPayments.updatedAt} < ${before.toISOString()}`,
      ),
    )
    .orderBy(paypalPayments.updatedAt)
    .limit(limit);
}

/** Events stored but not processed (a failure while handling them), oldest first. */
export async function unprocessedEvents(db: Executor, before: Date, limit: number) {
  return db
    .select({ eventId: paypalWebhookEvents.eventId })
    .from(paypalWebhookEvents)
    .where(
      and(
        sql`${paypalWebhookEvents.processedAt} is null`,
        sql`${paypalWebhookEvents.receivedAt} < ${before.toISOString()}`,
      ),
    )
    .orderBy(paypalWebhookEvents.receivedAt)
    .limit(limit);
}
