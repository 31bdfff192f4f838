import { z } from 'zod';
import { MICRO_PER_USDT, parseUsdt, toUsdtString } from './money';

/** The spec's payment methods and payment statuses (section 3). */
export const PAYMENT_METHODS = ['crypto', 'paypal'] as const;
export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Where a PayPal payment stands, as the storefront keeps it:
 * CREATED (order made, the buyer has not approved), APPROVED (approved, not captured yet),
 * PENDING (captured, PayPal holds the money: an e-check, a review), COMPLETED (captured, credited),
 * FAILED (declined or denied), CANCELLED (the buyer turned back at PayPal), EXPIRED (never approved
 * or captured in time), PARTIALLY_REFUNDED, REFUNDED, REVERSED (a chargeback).
 */
export const PAYPAL_PAYMENT_STATES = [
  'CREATED',
  'APPROVED',
  'PENDING',
  'COMPLETED',
  'FAILED',
  'CANCELLED',
  'EXPIRED',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
  'REVERSED',
] as const;
export type PayPalPaymentState = (typeof PAYPAL_PAYMENT_STATES)[number];

/** The spec's payment status of a PayPal payment's state. */
export function paymentStatusOf(state: PayPalPaymentState): PaymentStatus {
  switch (state) {
    case 'COMPLETED':
    case 'PARTIALLY_REFUNDED':
      return 'completed';
    case 'REFUNDED':
    case 'REVERSED':
      return 'refunded';
    case 'FAILED':
    case 'CANCELLED':
    case 'EXPIRED':
      return 'failed';
    case 'CREATED':
    case 'APPROVED':
    case 'PENDING':
      return 'pending';
  }
}

/** PayPal as the deposit dialog offers it; null in the deposit config when it is not configured. */
export const paypalConfigSchema = z.object({
  /** The currency the renter pays in at PayPal, e.g. "USD". */
  currency: z.string(),
  /** The smallest and largest payment, in `currency`, e.g. "5.00" and "1000.00". */
  minAmount: z.string(),
  maxAmount: z.string(),
  /** USDT per unit of `currency`, e.g. "1". */
  rate: z.string(),
  /** The fee: a percentage of the amount ("3.49") plus a fixed part in `currency` ("0.49"). */
  feePercent: z.string(),
  feeFixed: z.string(),
  /** True when payments go to PayPal's sandbox (or the demo's stand-in): no real money moves. */
  sandbox: z.boolean(),
});
export type PayPalConfig = z.infer<typeof paypalConfigSchema>;

export interface PayPalQuote {
  /** The amount as PayPal is asked for it: two decimals, e.g. "20.00". */
  value: string;
  /** Micro-USDT: the amount at the rate, the fee at the rate, and what reaches the wallet. */
  gross: bigint;
  fee: bigint;
  credit: bigint;
}

export type PayPalAmountProblem = { message: string };

const CENTS = /^(\d{1,8})(?:\.(\d{1,2}))?$/;

/** "20" -> "20.00": an amount in the currency's usual two decimals. */
export function currencyValue(micro: bigint): string {
  return toUsdtString(micro).slice(0, -4);
}

/**
 * What a PayPal payment of `amount` (in the configured currency) brings, computed exactly in
 * micro-units: the amount at the rate (`gross`), the fee at the rate (the percentage of the amount
 * plus the fixed part, rounded down in the payer's favour), and the rest, which reaches the
 * wallet. The server computes it again from the amount alone; the browser's figures are shown,
 * never trusted. Answers a problem in words for an amount that cannot be paid.
 */
export function paypalQuote(
  amount: string,
  config: PayPalConfig,
): PayPalQuote | PayPalAmountProblem {
  const text = amount.trim();
  if (text === '') return { message: `Please enter an amount in ${config.currency}` };
  const match = CENTS.exec(text);
  if (!match) {
    return /^\d+\.\d{3,}$/.test(text)
      ? { message: `Use at most two decimals (cents) for ${config.currency}` }
      : { message: `Please enter an amount in ${config.currency}, such as 20 or 20.50` };
  }
  const micro = parseUsdt(text);
  const min = parseUsdt(config.minAmount);
  const max = parseUsdt(config.maxAmount);
  if (micro < min) {
    return { message: `The smallest PayPal payment is ${config.minAmount} ${config.currency}` };
  }
  if (micro > max) {
    return { message: `The largest PayPal payment is ${config.maxAmount} ${config.currency}` };
  }
  const rate = parseUsdt(config.rate);
  const feeInCurrency =
    (micro * parseUsdt(config.feePercent)) / (100n * MICRO_PER_USDT) + parseUsdt(config.feeFixed);
  const gross = (micro * rate) / MICRO_PER_USDT;
  const fee = (feeInCurrency * rate) / MICRO_PER_USDT;
  return { value: currencyValue(micro), gross, fee, credit: gross - fee };
}

export const isPayPalQuote = (quote: PayPalQuote | PayPalAmountProblem): quote is PayPalQuote =>
  'credit' in quote;

export const createPayPalOrderRequestSchema = z.object({
  amount: z
    .union([z.string(), z.number()], { message: 'Please enter an amount' })
    .transform((value) => String(value).trim()),
});
export type CreatePayPalOrderRequest = z.input<typeof createPayPalOrderRequestSchema>;

const wireAmount = z.string().regex(/^-?\d+\.\d{6}$/);

/** A PayPal payment as its owner sees it. */
export const paypalPaymentSchema = z.object({
  /** The wallet transaction it funds (the order's custom id at PayPal). */
  transactionId: z.uuid(),
  orderId: z.string().nullable(),
  captureId: z.string().nullable(),
  state: z.enum(PAYPAL_PAYMENT_STATES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** What the renter pays at PayPal: e.g. "20.00" USD. */
  currency: z.string(),
  value: z.string(),
  /** Micro-USDT wire amounts: the amount at the rate, the fee, what reaches the wallet. */
  usdtAmount: wireAmount,
  fee: wireAmount,
  credit: wireAmount,
  /** USDT taken back by refunds and reversals so far. */
  refunded: wireAmount,
  /** Why it failed, is pending or was taken back, in words; null otherwise. */
  reason: z.string().nullable(),
  /** PayPal's approval page while the order waits for the buyer; null otherwise. */
  approveUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PayPalPayment = z.infer<typeof paypalPaymentSchema>;
