import { z } from 'zod';
import { DISPUTE_WINDOW_DAYS } from './disputes';
import { dataEnvelope } from './envelope';
import { attachmentIdsSchema, attachmentSchema, TICKET_MESSAGE_MAX } from './support';
import { textFieldSchema } from './text';

/**
 * Messages between the renter and the vendor of one rental (issue 17 point 8): one thread per
 * rental, read by its two sides, and by support once the rental has a ticket or a moderation
 * flag. Messages follow the support centre's rules (Markdown, up to 5 files of 10 MB) and pass
 * the contact detector before they are delivered.
 */

/** Either side can write while the rental runs and this many days after it ends. */
export const RENTAL_MESSAGES_OPEN_DAYS = DISPUTE_WINDOW_DAYS;
/** Messages in one answer; `before` reads the ones written earlier. */
export const RENTAL_MESSAGES_PAGE = 50;

export const THREAD_SIDES = ['renter', 'vendor'] as const;
export type ThreadSide = (typeof THREAD_SIDES)[number];

export const rentalMessageSchema = z.object({
  id: z.uuid(),
  side: z.enum(THREAD_SIDES),
  /** The author's display name as it was when written (never an e-mail address). */
  authorName: z.string(),
  /** Markdown, rendered with the support centre's rules. */
  body: z.string(),
  attachments: z.array(attachmentSchema),
  createdAt: z.iso.datetime(),
  /** The side that did not write it has opened the thread since. */
  seen: z.boolean(),
  /** Written by the other side and not read by me yet (always false for support reading). */
  unread: z.boolean(),
});
export type RentalMessage = z.infer<typeof rentalMessageSchema>;

export const rentalThreadSchema = z.object({
  rentalId: z.uuid(),
  server: z.object({ id: z.uuid(), name: z.string() }),
  renter: z.object({ displayName: z.string() }),
  vendor: z.object({ displayName: z.string() }),
  /** The side of who reads; null for support, who read without writing. */
  side: z.enum(THREAD_SIDES).nullable(),
  /** Until when messages can be written (RENTAL_MESSAGES_OPEN_DAYS after the end); null once closed. */
  writableUntil: z.iso.datetime().nullable(),
  /** Oldest first; at most RENTAL_MESSAGES_PAGE of them. */
  messages: z.array(rentalMessageSchema),
  /** Messages written before the first one here: read them with `before=<first id>`. */
  hasEarlier: z.boolean(),
});
export type RentalThread = z.infer<typeof rentalThreadSchema>;
export const rentalThreadResponseSchema = dataEnvelope(rentalThreadSchema);

export const rentalThreadQuerySchema = z.object({
  /** The id of the oldest message already shown: answers the page written before it. */
  before: z.uuid({ message: 'before must be a message id' }).optional(),
});
export type RentalThreadQuery = z.infer<typeof rentalThreadQuerySchema>;

export const sendRentalMessageSchema = z.object({
  message: textFieldSchema({ label: 'Message', min: 1, max: TICKET_MESSAGE_MAX, multiline: true }),
  attachmentIds: attachmentIdsSchema,
});
export type SendRentalMessage = z.input<typeof sendRentalMessageSchema>;
export const rentalMessageResponseSchema = dataEnvelope(rentalMessageSchema);
