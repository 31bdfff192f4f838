import { z } from 'zod';
import { PENALTIES, type Penalty } from './admin';
import { dataEnvelope, pageEnvelope, pageNumberSchema, pageSizeSchema } from './envelope';

/**
 * Moderation (issue 17 point 10): flags raised by the contact detector, by a vendor reporting a
 * renter, by support and by admins; a queue in the staff area where a moderator claims a flag,
 * reads it in context with the person's history, and resolves it (with a penalty or not) or
 * dismisses it. Penalties escalate for repeat offences within PENALTY_ESCALATION_DAYS.
 */

/** Where a flag came from, in the spec's words. */
export const FLAG_SOURCES = ['vendor_user', 'support_user', 'admin_action'] as const;
export type FlagSource = (typeof FLAG_SOURCES)[number];
export const FLAG_SOURCE_LABELS: Record<FlagSource, string> = {
  vendor_user: 'Between a vendor and a user',
  support_user: 'Reported by support',
  admin_action: 'Raised by an admin',
};

export const FLAG_REASONS = ['solicitation', 'privacy_breach', 'suspicious_pattern'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];
export const FLAG_REASON_LABELS: Record<FlagReason, string> = {
  solicitation: 'Taking the deal off the platform',
  privacy_breach: 'Sharing private details',
  suspicious_pattern: 'Contact details shared',
};

export const FLAG_STATUSES = ['pending', 'reviewing', 'resolved', 'dismissed'] as const;
export type FlagStatus = (typeof FLAG_STATUSES)[number];
export const FLAG_STATUS_LABELS: Record<FlagStatus, string> = {
  pending: 'Pending',
  reviewing: 'Reviewing',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};

/** A repeat offence within this many days gets at least the next penalty up the ladder. */
export const PENALTY_ESCALATION_DAYS = 90;
/** A penalised person may appeal once, within this many days of the penalty. */
export const PENALTY_APPEAL_DAYS = 20;

/** The penalty ladder, mildest first. */
export const PENALTY_LADDER: readonly Penalty[] = PENALTIES;

/** The least penalty a decision gives after `last` (the heaviest within the escalation window). */
export function escalatedPenalty(last: Penalty | null): Penalty {
  if (last === null) return 'warning';
  const next = PENALTY_LADDER.indexOf(last) + 1;
  return PENALTY_LADDER[Math.min(next, PENALTY_LADDER.length - 1)]!;
}

/** The heavier of two penalties. */
export function heavierPenalty(a: Penalty, b: Penalty): Penalty {
  return PENALTY_LADDER.indexOf(a) >= PENALTY_LADDER.indexOf(b) ? a : b;
}

const person = z.object({ id: z.string(), name: z.string() });

export const flagSummarySchema = z.object({
  id: z.string(),
  user: person.extend({ email: z.string() }),
  source: z.enum(FLAG_SOURCES),
  reason: z.enum(FLAG_REASONS),
  status: z.enum(FLAG_STATUSES),
  /** The contact kinds the detector found: phone, email, social_media. */
  kinds: z.array(z.string()),
  /** The first words of the message or report. */
  excerpt: z.string(),
  assignee: person.nullable(),
  createdAt: z.string(),
});
export type FlagSummary = z.infer<typeof flagSummarySchema>;

export const flagPenaltySchema = z.object({
  id: z.string(),
  penalty: z.enum(PENALTIES),
  reason: z.string(),
  issuedAt: z.string(),
  endsAt: z.string().nullable(),
  liftedAt: z.string().nullable(),
});

export const flagDetailSchema = flagSummarySchema.extend({
  message: z.string(),
  raisedBy: person.nullable(),
  /** Where it was said: the dispute's ticket, the rental. */
  ticketId: z.string().nullable(),
  rentalId: z.string().nullable(),
  decidedBy: person.nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  /** The penalty the decision gave, after escalation. */
  penalty: z.enum(PENALTIES).nullable(),
  history: z.object({
    /** The person's other flags, newest first (at most 20). */
    flags: z.array(flagSummarySchema),
    penalties: z.array(flagPenaltySchema),
  }),
  /** The least penalty a decision with a penalty gives now (escalation for repeat offences). */
  leastPenalty: z.enum(PENALTIES),
});
export type FlagDetail = z.infer<typeof flagDetailSchema>;

export const FLAG_QUEUE_VIEWS = [
  'open',
  'pending',
  'reviewing',
  'resolved',
  'dismissed',
  'all',
] as const;
export type FlagQueueView = (typeof FLAG_QUEUE_VIEWS)[number];
export const FLAG_QUEUE_VIEW_LABELS: Record<FlagQueueView, string> = {
  open: 'To review',
  pending: 'Pending',
  reviewing: 'Reviewing',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
  all: 'All',
};
export const flagQueueQuerySchema = z.object({
  view: z.enum(FLAG_QUEUE_VIEWS).default('open'),
  page: pageNumberSchema.default(1),
  pageSize: pageSizeSchema,
});
export type FlagQueueQuery = z.input<typeof flagQueueQuerySchema>;

export const flagQueueResponseSchema = pageEnvelope(flagSummarySchema);
export const flagResponseSchema = dataEnvelope(flagDetailSchema);

const note = z
  .string({ message: 'Give the reason for the decision' })
  .trim()
  .min(5, 'Give the reason in at least 5 characters')
  .max(500, 'Keep the reason under 500 characters');

/** A moderator's decision: resolved (with a penalty or none) or dismissed. */
export const decideFlagRequestSchema = z
  .object({
    outcome: z.enum(['resolved', 'dismissed'], { message: 'Resolve or dismiss the flag' }),
    penalty: z.enum(PENALTIES).nullable().default(null),
    note,
  })
  .refine((value) => value.outcome === 'resolved' || value.penalty === null, {
    message: 'A dismissed flag gives no penalty',
    path: ['penalty'],
  });
export type DecideFlagRequest = z.input<typeof decideFlagRequestSchema>;

const reportWords = z
  .string({ message: 'Say what happened' })
  .trim()
  .min(10, 'Say what happened in at least 10 characters')
  .max(2000, 'Keep it under 2000 characters');

/** Support or an admin flags an account. */
export const raiseFlagRequestSchema = z.object({
  userId: z.uuid({ message: 'userId must be an account id' }),
  reason: z.enum(FLAG_REASONS, { message: 'Choose a reason' }),
  message: reportWords,
});
export type RaiseFlagRequest = z.input<typeof raiseFlagRequestSchema>;

/** A vendor reports the renter of one of their rentals. */
export const reportRenterRequestSchema = z.object({
  reason: z.enum(FLAG_REASONS, { message: 'Choose a reason' }),
  message: reportWords,
});
export type ReportRenterRequest = z.input<typeof reportRenterRequestSchema>;

/** An appeal's answer: the penalty stands (upheld) or is withdrawn (overturned, and lifted). */
export const APPEAL_OUTCOMES = ['upheld', 'overturned'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

/** The penalty as the appeal page shows it to the person who was given it. */
export const appealViewSchema = z.object({
  name: z.string(),
  penalty: z.enum(PENALTIES),
  reason: z.string(),
  issuedAt: z.string(),
  endsAt: z.string().nullable(),
  /** Until when an appeal is taken; past it, or once appealed, the page says so. */
  appealUntil: z.string(),
  appeal: z
    .object({
      message: z.string(),
      at: z.string(),
      outcome: z.enum(APPEAL_OUTCOMES).nullable(),
      decidedAt: z.string().nullable(),
    })
    .nullable(),
});
export type AppealView = z.infer<typeof appealViewSchema>;
export const appealViewResponseSchema = dataEnvelope(appealViewSchema);

export const APPEAL_MESSAGE_MIN = 20;
export const APPEAL_MESSAGE_MAX = 3000;
export const appealRequestSchema = z.object({
  message: z
    .string({ message: 'Say why the penalty is a mistake' })
    .trim()
    .min(APPEAL_MESSAGE_MIN, `Say why in at least ${APPEAL_MESSAGE_MIN} characters`)
    .max(APPEAL_MESSAGE_MAX, `Keep it under ${APPEAL_MESSAGE_MAX} characters`),
});
export type AppealRequest = z.input<typeof appealRequestSchema>;

/** An appeal as the staff area lists it. */
export const staffAppealSchema = z.object({
  penaltyId: z.string(),
  user: person.extend({ email: z.string() }),
  penalty: z.enum(PENALTIES),
  reason: z.string(),
  issuedAt: z.string(),
  issuedBy: z.string().nullable(),
  message: z.string(),
  appealedAt: z.string(),
  outcome: z.enum(APPEAL_OUTCOMES).nullable(),
  decidedAt: z.string().nullable(),
});
export type StaffAppeal = z.infer<typeof staffAppealSchema>;
export const staffAppealsResponseSchema = dataEnvelope(z.array(staffAppealSchema));

export const decideAppealRequestSchema = z.object({
  outcome: z.enum(APPEAL_OUTCOMES, { message: 'Uphold or overturn the penalty' }),
  note,
});
export type DecideAppealRequest = z.input<typeof decideAppealRequestSchema>;
