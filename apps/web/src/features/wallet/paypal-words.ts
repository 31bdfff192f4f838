import { parseUsdt } from '@crimsonhost/shared/money';
import type { PayPalPayment, PayPalPaymentState } from '@crimsonhost/shared/paypal';
import { formatUsdtExact } from '../../lib/wallet/usdt-format';

/** Where a PayPal payment stands, in the product's words. */
export const PAYPAL_STATE_LABELS: Record<PayPalPaymentState, string> = {
  CREATED: 'Waiting for your approval at PayPal',
  APPROVED: 'Approved at PayPal, being collected',
  PENDING: 'Held by PayPal',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled at PayPal',
  EXPIRED: 'Expired',
  PARTIALLY_REFUNDED: 'Partly refunded',
  REFUNDED: 'Refunded',
  REVERSED: 'Taken back by PayPal',
};

export type PayPalOutcomeTone = 'success' | 'info' | 'warning' | 'error';

export interface PayPalOutcome {
  tone: PayPalOutcomeTone;
  title: string;
  subTitle: string;
}

/** '20.00 USD': what the buyer pays at PayPal. */
export const paidAtPayPal = (payment: Pick<PayPalPayment, 'value' | 'currency'>) =>
  `${payment.value} ${payment.currency}`;

const usdt = (amount: string) => `${formatUsdtExact(amount)} USDT`;

/** A sentence, ended once: the API's reasons may or may not end with a full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/**
 * What a PayPal payment's state means for the renter: a headline and a sentence or two, with the
 * reason PayPal or the server gave when there is one.
 */
export function paypalOutcome(payment: PayPalPayment): PayPalOutcome {
  const reason = payment.reason ? `${sentence(payment.reason)} ` : '';
  const credit = usdt(payment.credit);
  switch (payment.state) {
    case 'COMPLETED':
      return {
        tone: 'success',
        title: 'Payment received',
        subTitle: `${credit} was added to your wallet.`,
      };
    case 'PARTIALLY_REFUNDED':
      return {
        tone: 'success',
        title: 'Payment received, partly refunded',
        subTitle: `${reason}${credit} was added to your wallet; ${usdt(payment.refunded)} of it was refunded since.`,
      };
    case 'REFUNDED':
      return {
        tone: 'warning',
        title: 'Payment refunded',
        subTitle: `${reason}The payment was refunded at PayPal and ${usdt(payment.refunded)} was taken back from your wallet.`,
      };
    case 'REVERSED':
      return {
        tone: 'warning',
        title: 'Payment taken back by PayPal',
        subTitle: `${reason}PayPal reversed the payment (a chargeback or a dispute), so ${usdt(payment.refunded)} was taken back from your wallet.`,
      };
    case 'PENDING':
      return {
        tone: 'info',
        title: 'PayPal is holding your payment',
        subTitle: `${reason}Your wallet is credited with ${credit} as soon as PayPal completes it. You do not need to stay on this page.`,
      };
    case 'APPROVED':
      return {
        tone: 'info',
        title: 'You approved the payment at PayPal',
        subTitle: `We are collecting it from PayPal now. Your wallet is credited with ${credit} once it goes through.`,
      };
    case 'CREATED':
      return {
        tone: 'info',
        title: 'Waiting for your approval at PayPal',
        subTitle: `Approve the payment of ${paidAtPayPal(payment)} at PayPal to add ${credit} to your wallet. Nothing is charged until you do.`,
      };
    case 'FAILED':
      return {
        tone: 'error',
        title: 'Payment failed',
        subTitle: `${reason || 'PayPal did not complete the payment. '}Nothing was added to your wallet.`,
      };
    case 'CANCELLED':
      return {
        tone: 'error',
        title: 'Payment cancelled',
        subTitle: `${reason || 'You cancelled the payment at PayPal. '}Nothing was charged.`,
      };
    case 'EXPIRED':
      return {
        tone: 'error',
        title: 'Payment expired',
        subTitle: `${reason || 'The payment was not approved and completed in time. '}Nothing was charged.`,
      };
  }
}

/** Failed, cancelled or expired: nothing moved, and the renter may start a new payment. */
export function paypalPaymentEnded(state: PayPalPaymentState): boolean {
  return state === 'FAILED' || state === 'CANCELLED' || state === 'EXPIRED';
}

/** Whether any of the payment was taken back. */
export function paypalRefunded(payment: Pick<PayPalPayment, 'refunded'>): boolean {
  return parseUsdt(payment.refunded.replace(/^-/, '')) > 0n;
}
