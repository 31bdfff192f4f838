import { z } from 'zod';
import { staffReasonSchema } from './admin';
import { pageEnvelope, pageNumberSchema, pageSizeSchema } from './envelope';
import { PAYPAL_PAYMENT_STATES, paypalPaymentSchema } from './paypal';
import { amountSchema } from './wallet-balances';

/**
 * The staff area's PayPal section (issue 19 points 4 and 5): support and admin follow PayPal
 * payments and the reconciliation's findings; an admin refunds a payment, whole or part, while
 * that much of it is unspent in the renter's wallet.
 */

export const adminPayPalQuerySchema = z.object({
  state: z
    .enum(PAYPAL_PAYMENT_STATES, {
      message: `state must be one of ${PAYPAL_PAYMENT_STATES.join(', ')}`,
    })
    .optional(),
  /** An order or capture id, a transaction id, or words of the payer's e-mail or name. */
  q: z.string().trim().max(200, 'q must be at most 200 characters').optional(),
  page: pageNumberSchema.default(1),
  pageSize: pageSizeSchema,
});
export type AdminPayPalQuery = z.input<typeof adminPayPalQuerySchema>;

const personSchema = z.object({ id: z.uuid(), email: z.string(), name: z.string() });

export const adminPayPalPaymentSchema = paypalPaymentSchema.extend({
  user: personSchema,
  /** What is left to refund, in the payment's currency ("15.00"); "0.00" once all of it went back. */
  refundableValue: z.string(),
  /** What PayPal gave back so far, in the payment's currency. */
  refundedValue: z.string(),
});
export type AdminPayPalPayment = z.infer<typeof adminPayPalPaymentSchema>;
export const adminPayPalPageSchema = pageEnvelope(adminPayPalPaymentSchema);

/** One movement of money that took a PayPal payment back, as the renter's timeline shows it. */
export const adminPayPalRefundSchema = z.object({
  /** The ledger reference: `paypal:refund:<PayPal refund id>` or `paypal:dispute:<id>:…`. */
  reference: z.string(),
  description: z.string(),
  /** USDT PayPal took back, and what of it left the renter's wallet (the rest was owed). */
  amount: amountSchema,
  fromWallet: amountSchema,
  status: z.enum(['PENDING', 'CONFIRMED', 'FAILED']),
  createdAt: z.string(),
});

export const adminPayPalDisputeSchema = z.object({
  disputeId: z.string(),
  transactionId: z.uuid(),
  value: z.string(),
  currency: z.string(),
  /** USDT of the renter's held while the dispute is open. */
  held: amountSchema,
  status: z.enum(['OPEN', 'RESOLVED']),
  wonBy: z.enum(['BUYER', 'SELLER']).nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  user: personSchema,
});
export type AdminPayPalDispute = z.infer<typeof adminPayPalDisputeSchema>;

export const adminPayPalDetailSchema = adminPayPalPaymentSchema.extend({
  refunds: z.array(adminPayPalRefundSchema),
  disputes: z.array(adminPayPalDisputeSchema),
  /** What the renter's wallet holds now, and owes: an admin refund may take at most the first. */
  walletAvailable: amountSchema,
  owed: amountSchema,
});
export type AdminPayPalDetail = z.infer<typeof adminPayPalDetailSchema>;

export const adminPayPalRefundRequestSchema = z.object({
  /** In the payment's currency, e.g. "5.00"; all that is left without it. */
  amount: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  reason: staffReasonSchema,
});
export type AdminPayPalRefundRequest = z.input<typeof adminPayPalRefundRequestSchema>;

/**
 * What reconciliation found that disagrees with the ledger or waits too long:
 * CAPTURED_NOT_CREDITED: PayPal captured money the wallet never received (the capture disagreed
 * with the order); COMPLETED_WITHOUT_CREDIT: a payment marked completed without its ledger credit;
 * CREDIT_WITHOUT_PAYMENT: a PayPal credit in the ledger that no completed payment explains;
 * STUCK: an open payment older than PayPal's three hours to approve, or a capture pending over a
 * week; EVENT_NOT_PROCESSED: a webhook event stored and still not processed after five minutes.
 */
export const PAYPAL_FINDING_KINDS = [
  'CAPTURED_NOT_CREDITED',
  'COMPLETED_WITHOUT_CREDIT',
  'CREDIT_WITHOUT_PAYMENT',
  'STUCK',
  'EVENT_NOT_PROCESSED',
] as const;
export const PAYPAL_FINDING_LABELS: Record<(typeof PAYPAL_FINDING_KINDS)[number], string> = {
  CAPTURED_NOT_CREDITED: 'Captured, not credited',
  COMPLETED_WITHOUT_CREDIT: 'Completed without a credit',
  CREDIT_WITHOUT_PAYMENT: 'Credit without a payment',
  STUCK: 'Waiting too long',
  EVENT_NOT_PROCESSED: 'Event not processed',
};

export const paypalFindingSchema = z.object({
  kind: z.enum(PAYPAL_FINDING_KINDS),
  /** The payment's wallet transaction, when one is concerned. */
  transactionId: z.uuid().nullable(),
  /** The ledger reference or PayPal event id concerned, when no payment is. */
  reference: z.string().nullable(),
  detail: z.string(),
  since: z.string(),
});
export type PayPalFinding = z.infer<typeof paypalFindingSchema>;

export const paypalReconciliationSchema = z.object({
  findings: z.array(paypalFindingSchema),
  /** Accounts that owe the platform after a payment was taken back, most owed first. */
  debts: z.array(z.object({ user: personSchema, owed: amountSchema })),
  openDisputes: z.array(adminPayPalDisputeSchema),
  /** What PayPal clearing holds: minus what PayPal took for the platform and has not given back. */
  paypalClearing: amountSchema,
  checkedAt: z.string(),
});
export type PayPalReconciliation = z.infer<typeof paypalReconciliationSchema>;
