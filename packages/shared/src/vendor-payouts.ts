import { z } from 'zod';
import { staffReasonSchema } from './admin';
import { NETWORKS } from './constants';
import { pageEnvelope, pageNumberSchema, pageSizeSchema } from './envelope';
import { MICRO_PER_USDT } from './money';
import { payoutAddressSchema, vendorApplicationRequestSchema } from './vendors';

/**
 * Vendor payouts (issue 16 point 8, decision 041): a vendor asks for available money on one of
 * their saved addresses; an admin sends the USDT from the treasury and enters the transaction's
 * hash; the chain decides when it is PAID.
 */

/** The smallest payout, in micro-USDT: 10 USDT. */
export const MIN_PAYOUT_MICRO = 10n * MICRO_PER_USDT;
/** Hours payouts wait after a payout address changed. */
export const PAYOUT_ADDRESS_LOCK_HOURS = 48;
/** One payout request a day. */
export const PAYOUT_REQUEST_INTERVAL_HOURS = 24;

export const PAYOUT_STATUSES = ['REQUESTED', 'SUBMITTED', 'PAID', 'REJECTED', 'CANCELLED'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  REQUESTED: 'Requested',
  SUBMITTED: 'Confirming on chain',
  PAID: 'Paid',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
};

const networkSchema = z.enum(NETWORKS, { message: 'Choose TRC20, ERC20 or BEP20' });

/** A decimal amount of USDT as a person types it: up to six places. */
const payoutAmountSchema = z
  .union([z.string(), z.number()], { message: 'Enter the amount to pay out' })
  .transform((value) => String(value).trim())
  .pipe(z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, 'Enter an amount in USDT, such as 25 or 25.50'));

export const payoutRequestSchema = z.object({
  network: networkSchema,
  amount: payoutAmountSchema,
});
export type PayoutRequest = z.input<typeof payoutRequestSchema>;

/** A transaction hash: 0x and 64 hex digits on ERC20 and BEP20, 64 hex digits on TRC20. */
export const payoutTransactionRequestSchema = z.object({
  txHash: z
    .string()
    .trim()
    .regex(
      /^(0x)?[0-9a-fA-F]{64}$/,
      'A transaction hash has 64 hexadecimal digits (0x… on ERC20 and BEP20)',
    ),
});
export type PayoutTransactionRequest = z.input<typeof payoutTransactionRequestSchema>;

export const payoutRejectRequestSchema = z.object({ reason: staffReasonSchema });
export type PayoutRejectRequest = z.input<typeof payoutRejectRequestSchema>;

/** New payout addresses: the application's rules, with the account password to prove it is you. */
export const payoutAddressesChangeSchema = z.object({
  payoutAddresses: vendorApplicationRequestSchema.shape.payoutAddresses,
  password: z.string({ message: 'Enter your password' }).min(1, 'Enter your password').max(1024),
});
export type PayoutAddressesChange = z.input<typeof payoutAddressesChangeSchema>;

export const payoutSchema = z.object({
  id: z.uuid(),
  status: z.enum(PAYOUT_STATUSES),
  network: z.enum(NETWORKS),
  address: z.string(),
  amount: z.string(),
  txHash: z.string().nullable(),
  /** A link to the transaction on the network's public explorer, where there is one. */
  explorerUrl: z.string().nullable(),
  confirmations: z.number().int().nullable(),
  requiredConfirmations: z.number().int().nullable(),
  reason: z.string().nullable(),
  requestedAt: z.iso.datetime(),
  submittedAt: z.iso.datetime().nullable(),
  paidAt: z.iso.datetime().nullable(),
  closedAt: z.iso.datetime().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** `GET /api/vendor/payouts/overview`: what a vendor may do now, and why not. */
export const payoutStandingSchema = z.object({
  available: z.string(),
  minimum: z.string(),
  payoutAddresses: z.array(payoutAddressSchema),
  /** Payouts wait until then after an address change. */
  lockedUntil: z.iso.datetime().nullable(),
  /** The next request is possible from then (one a day). */
  nextRequestAt: z.iso.datetime().nullable(),
  open: payoutSchema.nullable(),
  /** null when a request is possible now; otherwise the reason in words. */
  blockedReason: z.string().nullable(),
  /** Whether the account has a password to confirm an address change with. */
  hasPassword: z.boolean(),
});
export type PayoutStanding = z.infer<typeof payoutStandingSchema>;

export const payoutsQuerySchema = z.object({
  page: pageNumberSchema.default(1),
  pageSize: pageSizeSchema,
});
export type PayoutsQuery = z.input<typeof payoutsQuerySchema>;
export const payoutsPageSchema = pageEnvelope(payoutSchema);

// --- The staff area's Payouts queue -----------------------------------------------------------

export const ADMIN_PAYOUT_VIEWS = [
  'open',
  'REQUESTED',
  'SUBMITTED',
  'PAID',
  'closed',
  'all',
] as const;
export type AdminPayoutView = (typeof ADMIN_PAYOUT_VIEWS)[number];
export const ADMIN_PAYOUT_VIEW_LABELS: Record<AdminPayoutView, string> = {
  open: 'To do',
  REQUESTED: 'To send',
  SUBMITTED: 'Confirming',
  PAID: 'Paid',
  closed: 'Rejected or cancelled',
  all: 'All payouts',
};

export const adminPayoutsQuerySchema = z.object({
  view: z
    .enum(ADMIN_PAYOUT_VIEWS, { message: `view must be one of ${ADMIN_PAYOUT_VIEWS.join(', ')}` })
    .default('open'),
  /** A vendor's name or e-mail, an address, a hash, or a payout id. */
  q: z.string().trim().max(200, 'q must be at most 200 characters').optional(),
  page: pageNumberSchema.default(1),
  pageSize: pageSizeSchema,
});
export type AdminPayoutsQuery = z.input<typeof adminPayoutsQuerySchema>;

export const adminPayoutSchema = payoutSchema.extend({
  vendor: z.object({ id: z.uuid(), displayName: z.string(), email: z.string() }),
  /** An explorer link for the address, where there is one. */
  addressUrl: z.string().nullable(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;
export const adminPayoutsPageSchema = pageEnvelope(adminPayoutSchema);
