import type { PaymentMethod, PaymentStatus } from '@crimsonhost/shared/paypal';
import type {
  CURRENCIES,
  TimelineStatus,
  TransactionStatus,
  TransactionType,
} from '@crimsonhost/shared/wallet';

/** The product's words for the enumerations of spec section 3. */
export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  DEPOSIT: 'Deposit',
  RENTAL_PAYMENT: 'Rental payment',
  REFUND: 'Refund',
  COMPENSATION: 'Compensation',
};

export const TRANSACTION_STATUS_LABELS: Record<TransactionStatus, string> = {
  PENDING: 'Pending',
  CONFIRMED: 'Confirmed',
  FAILED: 'Failed',
};

export const TIMELINE_STATUS_LABELS: Record<TimelineStatus, string> = {
  PENDING: 'Pending',
  CONFIRMED: 'Confirmed',
  FAILED: 'Failed',
  WAITING: 'Waiting',
  EXPIRED: 'Expired',
};

export const CURRENCY_LABELS: Record<(typeof CURRENCIES)[number], string> = {
  USDT: 'USDT',
  PLATFORM: 'Platform credit',
};

/** How a deposit was paid (the spec's payment methods), as the filter and the timeline say it. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  crypto: 'Crypto',
  paypal: 'PayPal',
};

/** The spec's payment statuses of a deposit, in words. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
  refunded: 'Refunded',
};

/**
 * "12 of 12": confirmations as a person reads them. The chain keeps counting after the deposit is
 * credited; past the number required the count adds nothing, so it stops there.
 */
export function confirmationsText(confirmations: number | null, required: number): string {
  return `${Math.min(confirmations ?? 0, required)} of ${required}`;
}
