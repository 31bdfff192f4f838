import { formatUsdt, toUsdtString } from '@crimsonhost/shared/money';
import { paragraphMail, type QueuedMail } from '../../lib/mail-outbox';
import type { PayPalPaymentRow } from './paypal-payments.repository';

export type PaymentNews = 'completed' | 'pending' | 'failed' | 'refunded';

/** What a renter is told about a PayPal payment into their wallet. */
export function paypalPaymentMail(
  to: { email: string; name: string },
  news: PaymentNews,
  payment: PayPalPaymentRow,
  link: string,
  refunded?: bigint,
): QueuedMail {
  const paid = `${payment.value} ${payment.currency}`;
  const credit = `${formatUsdt(toUsdtString(payment.credit))} USDT`;
  const subjects: Record<PaymentNews, string> = {
    completed: `${credit} reached your CrimsonHost wallet`,
    pending: `PayPal is holding your payment of ${paid}`,
    failed: `Your PayPal payment of ${paid} did not go through`,
    refunded: `Your PayPal payment of ${paid} was refunded`,
  };
  const bodies: Record<PaymentNews, string[]> = {
    completed: [
      `PayPal completed your payment of ${paid}. ${credit} (after the fee of ${formatUsdt(toUsdtString(payment.fee))} USDT) is now in your wallet.`,
      `PayPal capture: ${payment.captureId ?? '—'}`,
    ],
    pending: [
      `PayPal took your payment of ${paid} but is holding it for now${payment.reason ? `: ${payment.reason}` : ''}.`,
      'Your wallet is credited as soon as PayPal completes it; you do not need to pay again.',
    ],
    failed: [
      `Your payment of ${paid} did not go through${payment.reason ? `: ${payment.reason}` : ''}. Nothing reached your wallet.`,
      'You can try again with another funding source or pay in USDT.',
    ],
    refunded: [
      `${formatUsdt(toUsdtString(refunded ?? payment.refunded))} USDT of your PayPal payment of ${paid} was given back to you through PayPal${payment.reason ? ` (${payment.reason})` : ''}, and taken from your wallet.`,
    ],
  };
  return paragraphMail({
    to: to.email,
    subject: subjects[news],
    paragraphs: [
      `Hello ${to.name},`,
      ...bodies[news],
      `Your wallet: ${link}`,
      'If you have a question, answer this mail or write to support.',
    ],
    kind: `paypal-${news}`,
  });
}
