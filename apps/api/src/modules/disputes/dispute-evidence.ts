import type { DisputeEvidence, MeasuredEvidence } from '@crimsonhost/shared/dispute-evidence';
import type { Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { findRental } from '../rentals/rentals.repository';
import { measureDowntime } from './dispute-downtime';
import { recordedHistory } from './dispute-evidence.repository';
import { findDispute } from './disputes.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const disputeNotFound = () => new AppError('NOT_FOUND', 404, 'Dispute not found');

/**
 * The evidence the platform measured about a listing over [from, to) (issue 17 point 4): its
 * recorded history read, then the rule of `measureDowntime` applied to it.
 */
export async function measureEvidence(
  db: Executor,
  input: { listingId: string; from: Date; to: Date; pricePerHour: bigint },
): Promise<MeasuredEvidence> {
  const to = input.to > input.from ? input.to : input.from;
  const history = await recordedHistory(db, input.listingId, input.from, to);
  return measureDowntime(history, { from: input.from, to, pricePerHour: input.pricePerHour });
}

/**
 * A dispute's evidence for the desk, over its rental's time: from the start to the end (its end
 * date, or when it was cancelled), or to now by the storefront's clock while it runs, so a test
 * clock moved ahead (decision 042) reads the hours it moved over. Any dispute, open or decided:
 * the desk reads it before and after deciding.
 */
export async function disputeEvidence(
  db: Executor,
  clock: Clock,
  disputeId: string,
): Promise<DisputeEvidence> {
  if (!UUID.test(disputeId)) throw disputeNotFound();
  const dispute = await findDispute(db, disputeId);
  if (!dispute) throw disputeNotFound();
  const rental = await findRental(db, dispute.rentalId);
  if (!rental) throw disputeNotFound();
  const end = rental.endedAt ?? rental.endsAt;
  const now = clock.now();
  const evidence = await measureEvidence(db, {
    listingId: rental.listingId,
    from: rental.startsAt,
    to: end < now ? end : now,
    pricePerHour: rental.pricePerHour,
  });
  return { disputeId: dispute.id, rentalId: rental.id, ...evidence };
}
