import { z } from 'zod';
import { NETWORKS, TABLE_PAGE_SIZES } from './constants';
import {
  dateTimeInputSchema,
  historyCursorSchema,
  historyPageEnvelope,
  pageNumberSchema,
} from './envelope';
import {
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  paypalConfigSchema,
  paypalPaymentSchema,
} from './paypal';
import { amountSchema } from './wallet-balances';

export const TRANSACTION_TYPES = ['DEPOSIT', 'RENTAL_PAYMENT', 'REFUND', 'COMPENSATION'] as const;
export const CURRENCIES = ['USDT', 'PLATFORM'] as const;
export const TRANSACTION_STATUSES = ['PENDING', 'CONFIRMED', 'FAILED'] as const;
export const TIMELINE_STATUSES = ['PENDING', 'CONFIRMED', 'FAILED', 'WAITING', 'EXPIRED'] as const;
/**
 * The spec's deposit statuses, as every answer says them. The API also stores CONFIRMING (a
 * payment seen, not yet confirmed enough); it answers that as WAITING, the confirmations count
 * and `paid` saying how far the payment got (decision 029).
 */
export const DEPOSIT_STATUSES = ['WAITING', 'CONFIRMED', 'EXPIRED', 'FAILED'] as const;

export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export type TimelineStatus = (typeof TIMELINE_STATUSES)[number];
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export { amountSchema, walletSchema, type Wallet } from './wallet-balances';

export const networkSchema = z.enum(NETWORKS, { message: 'Choose TRC20, ERC20 or BEP20' });

export const depositNetworkSchema = z.object({
  id: networkSchema,
  displayName: z.string(),
  /** Percent of what arrives that is kept as the deposit fee, e.g. "0.50". */
  fee: z.string(),
  processingTime: z.string(),
  confirmations: z.number().int(),
  color: z.string(),
  /** True when the network is the storefront's local demo chain, not the real one. */
  demo: z.boolean(),
});
export type DepositNetwork = z.infer<typeof depositNetworkSchema>;

export const depositConfigSchema = z.object({
  minAmount: amountSchema,
  maxAmount: amountSchema.nullable(),
  defaultNetwork: networkSchema,
  networks: z.array(depositNetworkSchema),
  /** PayPal as a second way to fund the wallet; null when the storefront has it off. */
  paypal: paypalConfigSchema.nullable(),
});
export type DepositConfig = z.infer<typeof depositConfigSchema>;

export const createDepositRequestSchema = z.object({
  amount: z
    .union([z.string(), z.number()], { message: 'Please enter deposit amount' })
    .transform((value) => String(value).trim()),
  network: networkSchema,
});
export type CreateDepositRequest = z.input<typeof createDepositRequestSchema>;

/** The spec's deposit address result. */
export const depositAddressSchema = z.object({
  address: z.string(),
  amount: amountSchema,
  network: networkSchema,
  /** The fee that will be kept if exactly `amount` arrives. */
  networkFee: amountSchema,
  confirmationsRequired: z.number().int(),
  expiresAt: z.string(),
  transactionId: z.uuid(),
});
export type DepositAddress = z.infer<typeof depositAddressSchema>;

export const depositStatusSchema = z.object({
  transactionId: z.uuid(),
  /** The spec's status check answer. */
  status: z.enum(['pending', 'confirmed', 'failed']),
  /** The spec's deposit status: WAITING until credited, also while a seen payment confirms. */
  depositStatus: z.enum(DEPOSIT_STATUSES),
  network: networkSchema,
  address: z.string(),
  requestedAmount: amountSchema,
  /** What arrived on chain so far (confirmed or not). */
  receivedAmount: amountSchema,
  /** What the wallet was credited, after the fee. */
  creditedAmount: amountSchema,
  /** The fee taken; before the credit, the fee that will be taken of what arrived (else of what was asked). */
  fee: amountSchema,
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  txHash: z.string().nullable(),
  expiresAt: z.string(),
  late: z.boolean(),
  /** 'exact', 'short' or 'over' once something arrived, compared with the asked amount. */
  paid: z.enum(['none', 'exact', 'short', 'over']),
  errorMessage: z.string().nullable(),
});
export type DepositStatusView = z.infer<typeof depositStatusSchema>;

export const transactionSchema = z.object({
  id: z.uuid(),
  type: z.enum(TRANSACTION_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  timelineStatus: z.enum(TIMELINE_STATUSES),
  /** What the transaction is about: for a deposit what arrived (or, before that, what was asked). */
  amount: amountSchema,
  /**
   * The fee taken from `amount`; for a deposit nothing has been credited for yet, the fee that
   * will be taken when it is (of what arrived, or else of what was asked).
   */
  fee: amountSchema,
  /**
   * What the transaction moved into (+) or out of (-) the user's account of its currency, as the
   * ledger posted it: zero until money moved. The list's changes sum to the balance.
   */
  balanceChange: amountSchema,
  currency: z.enum(CURRENCIES),
  description: z.string(),
  reference: z.string().nullable(),
  /** The network a crypto deposit was paid on (or asked on, before); null otherwise. */
  network: networkSchema.nullable(),
  /** How a deposit was paid (the spec's payment method); null for other types. */
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  /** The spec's payment status of a deposit; null for other types. */
  paymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** A deposit's own state, beside its transaction: when its address expires and what arrived. */
export const depositDetailSchema = z.object({
  status: z.enum(DEPOSIT_STATUSES),
  expiresAt: z.string(),
  requestedAmount: amountSchema,
  /** What arrived on chain so far (confirmed or not). */
  receivedAmount: amountSchema,
  paid: z.enum(['none', 'exact', 'short', 'over']),
  /** Paid after the address had expired (credited all the same). */
  late: z.boolean(),
  /** When its owner cancelled it while it waited (its address closed then); null otherwise. */
  cancelledAt: z.string().nullable(),
});
export type DepositDetail = z.infer<typeof depositDetailSchema>;

export const transactionDetailSchema = transactionSchema.extend({
  network: networkSchema.nullable(),
  address: z.string().nullable(),
  txHash: z.string().nullable(),
  confirmations: z.number().int().nullable(),
  requiredConfirmations: z.number().int(),
  errorMessage: z.string().nullable(),
  updatedAt: z.string(),
  /** The deposit behind a DEPOSIT transaction paid in crypto; null otherwise. */
  deposit: depositDetailSchema.nullable(),
  /** The PayPal payment behind a DEPOSIT transaction paid with PayPal; null otherwise. */
  paypal: paypalPaymentSchema.nullable(),
});
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;

const pageSize = z.coerce
  .number()
  .refine((value) => (TABLE_PAGE_SIZES as readonly number[]).includes(value), {
    message: `pageSize must be one of ${TABLE_PAGE_SIZES.join(', ')}`,
  });

export const transactionListQuerySchema = z.object({
  type: z.enum(TRANSACTION_TYPES).optional(),
  /** The status the list shows (`timelineStatus`): an expired deposit is EXPIRED, not FAILED. */
  status: z.enum(TIMELINE_STATUSES).optional(),
  currency: z.enum(CURRENCIES).optional(),
  /** Deposits paid this way only. */
  method: z.enum(PAYMENT_METHODS).optional(),
  from: dateTimeInputSchema('from').optional(),
  to: dateTimeInputSchema('to').optional(),
  page: pageNumberSchema.default(1),
  pageSize: pageSize.default(20),
  /** Where the page starts: the `nextCursor` of the page before; without it `page` counts. */
  after: historyCursorSchema.optional(),
});
export type TransactionListQuery = z.input<typeof transactionListQuerySchema>;

export const transactionPageSchema = historyPageEnvelope(transactionSchema);
export type TransactionPage = z.infer<typeof transactionPageSchema>;
