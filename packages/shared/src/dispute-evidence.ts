import { z } from 'zod';
import { dataEnvelope } from './envelope';
import { POWER_SIGNALS } from './rentals';

/**
 * The evidence the platform measured for a rental dispute (issue 17 point 4): the game server's
 * run states from its panel, the status checks of each hour with their players, the power signals
 * sent and the panel's errors over the rental's time, and from them the hours the server was down
 * or unreachable with the refund they suggest. The rule is in the API's
 * `modules/disputes/dispute-downtime.ts`; support decides, the figures only suggest.
 */

/** The run states a panel read can store (never `unknown`, which is only a page's placeholder). */
export const EVIDENCE_RUN_STATES = ['starting', 'running', 'stopping', 'stopped', 'error'] as const;
export type EvidenceRunState = (typeof EVIDENCE_RUN_STATES)[number];

/**
 * What one hour of the rental counts as:
 * - `down`: the panel reported the server not running for part of it (a renter's own stop and
 *   the boot after a renter's start aside), or every status check of the hour went unanswered;
 * - `renter_stopped`: the renter had stopped the server themselves for part of it, not down;
 * - `no_measurement`: no status check at all in the hour, and the panel showed nothing wrong;
 * - `up`: checks answered and nothing wrong on the panel.
 */
export const EVIDENCE_HOUR_VERDICTS = ['up', 'down', 'renter_stopped', 'no_measurement'] as const;
export type EvidenceHourVerdict = (typeof EVIDENCE_HOUR_VERDICTS)[number];

export const EVIDENCE_HOUR_VERDICT_LABELS: Record<EvidenceHourVerdict, string> = {
  up: 'Up',
  down: 'Down or unreachable',
  renter_stopped: 'Stopped by the renter',
  no_measurement: 'No measurement',
};

export const POWER_OUTCOMES = ['ok', 'failed'] as const;
export type PowerOutcome = (typeof POWER_OUTCOMES)[number];

/** A stretch of time in one run state; `state` null when no state is known (never read). */
export const runStateSpanSchema = z.object({
  state: z.enum(EVIDENCE_RUN_STATES).nullable(),
  detail: z.string().nullable(),
  from: z.string(),
  to: z.string(),
});
export type RunStateSpan = z.infer<typeof runStateSpanSchema>;

export const evidenceHourSchema = z.object({
  /** The clock hour's start (UTC); the first and last hour may be only partly in the rental. */
  hour: z.string(),
  /** Status checks of the hour, and how many the game server answered. */
  checks: z.number().int(),
  answered: z.number().int(),
  /** Players the answers reported: the most, and the average; null when nothing answered. */
  playersMax: z.number().int().nullable(),
  playersAvg: z.number().nullable(),
  /** The panel's run states in the hour, in order; empty when none is known. */
  states: z.array(z.enum(EVIDENCE_RUN_STATES)),
  /** The panel reported it not running for part of the hour (not by the renter's doing). */
  panelDown: z.boolean(),
  /** There were checks and none was answered. */
  unreachable: z.boolean(),
  /** The renter's own stop covered part of the hour. */
  renterStopped: z.boolean(),
  verdict: z.enum(EVIDENCE_HOUR_VERDICTS),
});
export type EvidenceHour = z.infer<typeof evidenceHourSchema>;

export const evidencePowerActionSchema = z.object({
  signal: z.enum(POWER_SIGNALS),
  outcome: z.enum(POWER_OUTCOMES),
  /** Why the panel did not take it; null when it did. */
  message: z.string().nullable(),
  sentAt: z.string(),
});
export type EvidencePowerAction = z.infer<typeof evidencePowerActionSchema>;

export const evidencePanelErrorSchema = z.object({
  kind: z.string(),
  message: z.string(),
  at: z.string(),
});
export type EvidencePanelError = z.infer<typeof evidencePanelErrorSchema>;

/** What was measured over a window of a listing's time, and the figures drawn from it. */
export const measuredEvidenceSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The window's length in hours, rounded up: no more hours than this are counted down. */
  windowHours: z.number().int(),
  downHours: z.number().int(),
  renterStoppedHours: z.number().int(),
  noMeasurementHours: z.number().int(),
  /** The rental's price per hour and downHours × it, in USDT ("2.500000"). */
  pricePerHour: z.string(),
  suggestedRefund: z.string(),
  timeline: z.array(runStateSpanSchema),
  hours: z.array(evidenceHourSchema),
  powerActions: z.array(evidencePowerActionSchema),
  panelErrors: z.array(evidencePanelErrorSchema),
});
export type MeasuredEvidence = z.infer<typeof measuredEvidenceSchema>;

/** A dispute's evidence: the rental's time, from its start to its end or now. */
export const disputeEvidenceSchema = measuredEvidenceSchema.extend({
  disputeId: z.string(),
  rentalId: z.string(),
});
export type DisputeEvidence = z.infer<typeof disputeEvidenceSchema>;

export const disputeEvidenceResponseSchema = dataEnvelope(disputeEvidenceSchema);
