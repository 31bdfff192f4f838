import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rentals } from '../../db/schema/rentals';
import { AppError } from '../../lib/errors';
import { listingSummaries } from '../catalog/catalog-availability';
import { detectContacts, explainHold } from './contact-detector';

/**
 * Messages between a renter's and a vendor's side of a rental (a dispute's conversation, which
 * both read) that seem to share a phone number, an e-mail address or a chat account, or to take
 * the deal off the platform, are not delivered (issue 17 point 9): the sender is told why, in
 * words that say what the message seemed to share, before anyone else reads it. The rental's own
 * address and port are connection details, never contacts.
 */
export async function refuseContactDetails(tx: Executor, rentalId: string, message: string) {
  const [rental] = await tx
    .select({ listingId: rentals.listingId })
    .from(rentals)
    .where(eq(rentals.id, rentalId));
  const listing = rental
    ? (await listingSummaries(tx, [rental.listingId])).get(rental.listingId)
    : undefined;
  const allowed = listing ? [`${listing.host}:${listing.port}`, listing.host] : [];
  const detection = detectContacts(message, { allowed });
  const why = explainHold(detection);
  if (why) {
    throw new AppError('MESSAGE_HELD', 422, `${why} Your message was not sent; please edit it.`, {
      kinds: detection.kinds,
      solicitation: detection.solicitation,
    });
  }
}
