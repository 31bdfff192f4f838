import { PAYOUT_STATUS_LABELS, type PayoutStatus } from '@crimsonhost/shared/vendor-payouts';
import { confirmationsText, DotTag } from './deposit-tags';

const PAYOUT_STATUS_TONES: Record<
  PayoutStatus,
  'success' | 'warning' | 'error' | 'info' | 'neutral'
> = {
  // Waiting for an admin to send it: the one tone that asks for something.
  REQUESTED: 'warning',
  SUBMITTED: 'info',
  PAID: 'success',
  REJECTED: 'error',
  CANCELLED: 'neutral',
};

/** The payout's status in words, with a dot in the theme's colour. */
export function PayoutStatusTag({ status }: { status: PayoutStatus }) {
  return <DotTag tone={PAYOUT_STATUS_TONES[status]}>{PAYOUT_STATUS_LABELS[status]}</DotTag>;
}

/** '3 of 12 confirmations' while the transaction confirms; null before a hash is entered. */
export function payoutConfirmationsText(payout: {
  confirmations: number | null;
  requiredConfirmations: number | null;
}): string | null {
  if (payout.confirmations === null || payout.requiredConfirmations === null) return null;
  return `${confirmationsText(payout.confirmations, payout.requiredConfirmations)} confirmations`;
}
