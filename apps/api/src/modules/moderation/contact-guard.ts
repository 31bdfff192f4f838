import type { FlagReason } from '@crimsonhost/shared/moderation';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { rentals } from '../../db/schema/rentals';
import { AppError } from '../../lib/errors';
import { listingSummaries } from '../catalog/catalog-availability';
import { detectContacts, explainHold } from './contact-detector';
import { insertFlag } from './moderation.repository';

/** What the contact detector held: the flag it raises for the moderation queue. */
export interface HeldMessage {
  userId: string;
  reason: FlagReason;
  message: string;
  kinds: string[];
  ticketId: string | null;
  rentalId: string;
}

/** A message held by the detector: 422 for its sender, with the flag to record once rolled back. */
export class MessageHeldError extends AppError {
  constructor(
    message: string,
    details: Record<string, unknown>,
    readonly held: HeldMessage,
  ) {
    super('MESSAGE_HELD', 422, message, details);
  }
}

/**
 * Messages between a renter's and a vendor's side of a rental (a dispute's conversation, which
 * both read) that seem to share a phone number, an e-mail address or a chat account, or to take
 * the deal off the platform, are held (issue 17 point 9): not delivered, the sender told why in
 * words that say what the message seemed to share, and a flag raised for the moderation queue
 * (solicitation for an attempt to take the deal away, else suspicious_pattern). The rental's own
 * address and port are connection details, never contacts. Throws MessageHeldError; run the
 * caller's transaction inside `holdingMessages` so the flag is written once it has rolled back.
 */
export async function refuseContactDetails(
  tx: Executor,
  where: { rentalId: string; ticketId: string | null; senderId: string },
  message: string,
) {
  const [rental] = await tx
    .select({ listingId: rentals.listingId })
    .from(rentals)
    .where(eq(rentals.id, where.rentalId));
  const listing = rental
    ? (await listingSummaries(tx, [rental.listingId])).get(rental.listingId)
    : undefined;
  const allowed = listing ? [`${listing.host}:${listing.port}`, listing.host] : [];
  const detection = detectContacts(message, { allowed });
  const why = explainHold(detection);
  if (!why) return;
  throw new MessageHeldError(
    `${why} Your message was not sent; please edit it.`,
    { kinds: detection.kinds, solicitation: detection.solicitation },
    {
      userId: where.senderId,
      reason: detection.solicitation ? 'solicitation' : 'suspicious_pattern',
      message,
      kinds: detection.kinds,
      ticketId: where.ticketId,
      rentalId: where.rentalId,
    },
  );
}

/** Runs `work`; a message it held is recorded as a flag after its transaction rolled back. */
export async function holdingMessages<T>(db: Database, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof MessageHeldError) {
      await insertFlag(db, { ...error.held, source: 'vendor_user' });
    }
    throw error;
  }
}
