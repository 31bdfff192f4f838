import type { AdminPayPalDispute } from '@crimsonhost/shared/admin-paypal';
import { parseSignedUsdt } from '@crimsonhost/shared/money';
import type { PaymentStatus, PayPalPaymentState } from '@crimsonhost/shared/paypal';
import { DotTag } from './deposit-tags';

type Tone = 'success' | 'warning' | 'error' | 'info' | 'neutral';

/** Where a PayPal payment stands, in the staff area's words. */
export const PAYPAL_STATE_LABELS: Record<PayPalPaymentState, string> = {
  CREATED: 'Waiting for the buyer',
  APPROVED: 'Approved, not captured',
  PENDING: 'Held by PayPal',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled by the buyer',
  EXPIRED: 'Expired',
  PARTIALLY_REFUNDED: 'Partly refunded',
  REFUNDED: 'Refunded',
  REVERSED: 'Reversed by PayPal',
};

const PAYPAL_STATE_TONES: Record<PayPalPaymentState, Tone> = {
  CREATED: 'info',
  APPROVED: 'info',
  PENDING: 'warning',
  COMPLETED: 'success',
  FAILED: 'error',
  CANCELLED: 'neutral',
  EXPIRED: 'neutral',
  PARTIALLY_REFUNDED: 'warning',
  REFUNDED: 'neutral',
  REVERSED: 'error',
};

/** The spec's payment statuses, as the renter's wallet says them. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
  refunded: 'Refunded',
};

/** 'WAITING' -> 'Waiting': a state the API adds later shows in words all the same. */
const sentence = (word: string) => word.charAt(0) + word.slice(1).toLowerCase().replace(/_/g, ' ');

export const paypalStateLabel = (state: string) =>
  PAYPAL_STATE_LABELS[state as PayPalPaymentState] ?? sentence(state);

export function PayPalStateTag({ state }: { state: string }) {
  return (
    <DotTag tone={PAYPAL_STATE_TONES[state as PayPalPaymentState] ?? 'neutral'}>
      {paypalStateLabel(state)}
    </DotTag>
  );
}

/** A movement that took the payment back: its wallet transaction's status. */
const MOVEMENT_LABELS: Record<string, [string, Tone]> = {
  PENDING: ['Pending', 'info'],
  CONFIRMED: ['Done', 'success'],
  FAILED: ['Failed', 'error'],
};

export function MovementStatusTag({ status }: { status: string }) {
  const [label, tone] = MOVEMENT_LABELS[status] ?? [sentence(status), 'neutral'];
  return <DotTag tone={tone}>{label}</DotTag>;
}

/** A dispute at PayPal: open, or resolved for one side. */
export function DisputeStatusTag({
  dispute,
}: {
  dispute: Pick<AdminPayPalDispute, 'status' | 'wonBy'>;
}) {
  if (dispute.status === 'OPEN') return <DotTag tone="warning">Open</DotTag>;
  if (dispute.wonBy === 'SELLER') return <DotTag tone="success">Resolved for the platform</DotTag>;
  if (dispute.wonBy === 'BUYER') return <DotTag tone="error">Resolved for the buyer</DotTag>;
  return <DotTag tone="neutral">Resolved</DotTag>;
}

/** '20.00 USD': what the buyer paid (or got back) at PayPal. */
export const currencyText = (value: string, currency: string) => `${value} ${currency}`;

/** Whether a currency value ("0.00") or a wire amount ("0.000000") is above zero. */
export function isAboveZero(amount: string): boolean {
  try {
    return parseSignedUsdt(amount) > 0n;
  } catch {
    return false;
  }
}

/** The states whose payment reached the wallet (and may since have been taken back). */
export const CREDITED_STATES: readonly PayPalPaymentState[] = [
  'COMPLETED',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
  'REVERSED',
];
