import { z } from 'zod';
import { dataEnvelope } from './envelope';

/**
 * Disputes of the buyer protection policy (issue 17): a renter opens one from a rental that runs
 * or ended less than DISPUTE_WINDOW_DAYS ago; its money stays where it is (escrow, or the vendor's
 * pending share) until support decides. The policy page states these limits from these constants.
 */

/**
 * A dispute can be opened until this many days after the rental ends; a vendor's share of a
 * rental clears (becomes available) when this window closes (VENDOR_CLEARING_DAYS).
 */
export const DISPUTE_WINDOW_DAYS = 7;
/** The vendor has this long to answer in the dispute; without an answer support decides. */
export const VENDOR_ANSWER_HOURS = 48;

export const DISPUTE_REASONS = [
  'NOT_DELIVERED',
  'UNREACHABLE',
  'NOT_AS_DESCRIBED',
  'PERFORMANCE',
  'OTHER',
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  NOT_DELIVERED: 'Not delivered',
  UNREACHABLE: 'Unreachable or down',
  NOT_AS_DESCRIBED: 'Not as described',
  PERFORMANCE: 'Performance',
  OTHER: 'Something else',
};

export const DISPUTE_STATUSES = ['OPEN', 'RESOLVED'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** How a dispute ended. Refunds and compensation come with the desk's decisions. */
export const DISPUTE_OUTCOMES = ['DECLINED'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

export const DISPUTE_DESCRIPTION_MIN = 20;
export const DISPUTE_DESCRIPTION_MAX = 5000;

export const openDisputeRequestSchema = z.object({
  reason: z.enum(DISPUTE_REASONS, { message: 'Choose what went wrong' }),
  description: z
    .string({ message: 'Describe what went wrong' })
    .trim()
    .min(
      DISPUTE_DESCRIPTION_MIN,
      `Describe what went wrong in at least ${DISPUTE_DESCRIPTION_MIN} characters`,
    )
    .max(
      DISPUTE_DESCRIPTION_MAX,
      `Keep the description under ${DISPUTE_DESCRIPTION_MAX} characters`,
    ),
  /** Evidence uploaded first through the support centre's attachments. */
  attachmentIds: z
    .array(z.uuid({ message: 'attachmentIds must be attachment ids' }))
    .max(5)
    .default([]),
});
export type OpenDisputeRequest = z.input<typeof openDisputeRequestSchema>;

export const disputeSchema = z.object({
  id: z.string(),
  rentalId: z.string(),
  /** The support ticket the dispute is argued in (category RENTAL, HIGH priority at least). */
  ticketId: z.string(),
  reason: z.enum(DISPUTE_REASONS),
  status: z.enum(DISPUTE_STATUSES),
  outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
  openedAt: z.string(),
  /** Until when the vendor may answer before support decides on the evidence. */
  vendorAnswerDueAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type Dispute = z.infer<typeof disputeSchema>;

export const disputeResponseSchema = dataEnvelope(disputeSchema);

/** The decision's reason, as the staff area's other reasons: 5 to 500 characters. */
export const declineDisputeRequestSchema = z.object({
  reason: z
    .string({ message: 'Give the reason, which the renter and the vendor read' })
    .trim()
    .min(5, 'Give the reason in at least 5 characters')
    .max(500, 'Keep the reason under 500 characters'),
});
export type DeclineDisputeRequest = z.input<typeof declineDisputeRequestSchema>;
