import { z } from 'zod';
import { dataEnvelope } from './envelope';
import { isUsdtAmount, parseUsdt } from './money';

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

/**
 * How support decided: nothing back, whole hours refunded (from escrow or the vendor's pending
 * money to the renter's wallet), compensation in platform credit funded by the platform, or both.
 */
export const DISPUTE_OUTCOMES = [
  'DECLINED',
  'REFUNDED',
  'COMPENSATED',
  'REFUNDED_AND_COMPENSATED',
] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

export const DISPUTE_OUTCOME_LABELS: Record<DisputeOutcome, string> = {
  DECLINED: 'Declined',
  REFUNDED: 'Refunded',
  COMPENSATED: 'Compensated',
  REFUNDED_AND_COMPENSATED: 'Refunded and compensated',
};

/**
 * Compensation is platform credit the platform gives of its own money: at most what the renter
 * paid for the rental, or COMPENSATION_CAP_FLOOR USDT for a cheap one, a guard against a slip of
 * the keyboard in the desk rather than a policy.
 */
export const COMPENSATION_MAX_TIMES_PAID = 1;
export const COMPENSATION_CAP_FLOOR = 10;

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
  /** Whole hours refunded by the decision, and their amount in USDT ("0.000000" when none). */
  refundHours: z.number().int(),
  refundAmount: z.string(),
  /** Platform credit given by the decision. */
  compensationAmount: z.string(),
});
export type Dispute = z.infer<typeof disputeSchema>;

export const disputeResponseSchema = dataEnvelope(disputeSchema);

/** The decision's reason, as the staff area's other reasons: 5 to 500 characters. */
const decisionReason = z
  .string({ message: 'Give the reason, which the renter and the vendor read' })
  .trim()
  .min(5, 'Give the reason in at least 5 characters')
  .max(500, 'Keep the reason under 500 characters');

export const declineDisputeRequestSchema = z.object({ reason: decisionReason });
export type DeclineDisputeRequest = z.input<typeof declineDisputeRequestSchema>;

/**
 * Support's decision for the renter (issue 17 point 5): whole hours refunded, compensation in
 * platform credit (a USDT-like amount, up to 6 decimals), or both; at least one of them, else the
 * decision is a decline.
 */
export const decideDisputeRequestSchema = z
  .object({
    refundHours: z
      .number({ message: 'Refund hours must be a whole number' })
      .int('Refund whole hours')
      .min(0, 'Refund hours cannot be negative')
      .max(8760, 'A rental has at most 8760 hours')
      .default(0),
    compensation: z
      .string({ message: 'Compensation must be an amount such as 2.50' })
      .trim()
      .default('0')
      .refine(isUsdtAmount, 'Compensation must be an amount such as 2.50, with at most 6 decimals'),
    reason: decisionReason,
  })
  .refine((value) => value.refundHours > 0 || parseUsdt(value.compensation) > 0n, {
    message: 'Refund at least one hour or give compensation, or decline the dispute',
    path: ['refundHours'],
  });
export type DecideDisputeRequest = z.input<typeof decideDisputeRequestSchema>;
