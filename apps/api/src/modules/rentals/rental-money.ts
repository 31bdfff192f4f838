import type { RentalRow } from './rentals.repository';

const HOUR_MS = 3_600_000;

/** What is still in escrow for a rental. */
export function escrowLeft(
  rental: Pick<RentalRow, 'paid' | 'refunded' | 'released' | 'commission'>,
): bigint {
  return rental.paid - rental.refunded - rental.released - rental.commission;
}

/** Whole hours not yet begun at `now`: what a cancellation returns. */
export function unusedWholeHours(endsAt: Date, now: Date): number {
  return Math.max(0, Math.floor((endsAt.getTime() - now.getTime()) / HOUR_MS));
}

/** The refund of a cancellation at `now`: the unused whole hours, never more than escrow holds. */
export function cancellationRefund(rental: RentalRow, now: Date): bigint {
  const refund = BigInt(unusedWholeHours(rental.endsAt, now)) * rental.pricePerHour;
  const left = escrowLeft(rental);
  return refund < left ? refund : left;
}

/** Splits a release between the vendor and the platform: commission rounded down. */
export function splitRelease(
  amount: bigint,
  commissionBp: number,
): { vendor: bigint; commission: bigint } {
  const commission = (amount * BigInt(commissionBp)) / 10_000n;
  return { vendor: amount - commission, commission };
}
