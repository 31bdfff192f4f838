import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { ledgerTransactions, walletTransactions } from './wallet';

const money = (name: string) => bigint(name, { mode: 'bigint' });
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One PayPal Checkout payment that funds a wallet (issue 19, decision 059): the wallet
 * transaction it credits (its id is the order's custom id and the PayPal-Request-Id of the calls
 * that create something), the order and capture at PayPal, the quote the renter saw (computed by
 * the server from the amount alone) and where the payment stands. Money reaches the wallet once,
 * under the ledger reference `paypal:capture:<capture id>`, when the capture is COMPLETED with the
 * order's amount and currency.
 */
export const paypalPayments = pgTable(
  'paypal_payments',
  {
    transactionId: uuid('transaction_id')
      .primaryKey()
      .references(() => walletTransactions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    orderId: text('order_id').unique(),
    captureId: text('capture_id').unique(),
    /** The currency and amount the renter pays at PayPal: 'USD', '20.00'. */
    currency: text('currency').notNull(),
    value: text('value').notNull(),
    /** Micro-USDT: the amount at the rate, the fee, and what reaches the wallet (gross - fee). */
    usdtAmount: money('usdt_amount').notNull(),
    fee: money('fee').notNull(),
    credit: money('credit').notNull(),
    /** Micro-USDT taken back by refunds and reversals, and what PayPal gave back in `currency`. */
    refunded: money('refunded')
      .notNull()
      .default(sql`0`),
    refundedValue: text('refunded_value').notNull().default('0.00'),
    /** CREATED | APPROVED | PENDING | COMPLETED | FAILED | CANCELLED | EXPIRED | PARTIALLY_REFUNDED | REFUNDED | REVERSED */
    state: text('state').notNull().default('CREATED'),
    /** Why it is pending, failed or was taken back, in words. */
    reason: text('reason'),
    approveUrl: text('approve_url'),
    approvedAt: at('approved_at'),
    capturedAt: at('captured_at'),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The reconciliation job walks the open ones by age.
    index('paypal_payments_open_idx')
      .on(t.state, t.updatedAt)
      .where(sql`${t.state} in ('CREATED', 'APPROVED', 'PENDING')`),
    index('paypal_payments_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Disputes buyers opened at PayPal on a payment (CUSTOMER.DISPUTE.CREATED): the disputed part of
 * what reached the wallet is held (ledger reference `paypal:dispute:<id>:hold`) until PayPal
 * resolves it, then released (`:release`) or lost (`:lost`).
 */
export const paypalDisputes = pgTable('paypal_disputes', {
  disputeId: text('dispute_id').primaryKey(),
  transactionId: uuid('transaction_id')
    .notNull()
    .references(() => paypalPayments.transactionId),
  currency: text('currency').notNull(),
  value: text('value').notNull(),
  /** Micro-USDT: the disputed amount at the payment's rate, and the wallet's share of it held. */
  usdtAmount: money('usdt_amount').notNull(),
  held: money('held').notNull(),
  /** OPEN | RESOLVED */
  status: text('status').notNull().default('OPEN'),
  /** BUYER | SELLER once resolved. */
  wonBy: text('won_by'),
  createdAt: at('created_at').notNull().defaultNow(),
  resolvedAt: at('resolved_at'),
});

/**
 * PayPal's webhook events, stored once by PayPal's event id after their signature was verified,
 * and processed once: a duplicate delivery finds its row and changes nothing.
 */
export const paypalWebhookEvents = pgTable(
  'paypal_webhook_events',
  {
    eventId: text('event_id').primaryKey(),
    eventType: text('event_type').notNull(),
    /** The order, capture, refund or dispute the event is about. */
    resourceId: text('resource_id'),
    transmissionId: text('transmission_id').notNull(),
    body: jsonb('body').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
    processedAt: at('processed_at'),
    /** What processing did, in words (or why it failed, while `processed_at` is null). */
    outcome: text('outcome'),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    index('paypal_webhook_events_unprocessed_idx')
      .on(t.receivedAt)
      .where(sql`${t.processedAt} is null`),
  ],
);
