import { z } from 'zod';
import { amountSchema } from './wallet-balances';

/**
 * The staff area's Overview for admins (issue 15 point 2): what an operator checks first. Days are
 * UTC days; amounts are decimal strings of USDT, as everywhere. The ticket figures are not here:
 * support sees them too, from `GET /api/admin/support/stats`.
 */

/** The business figures of one span of time (a day, today, the last 30 days). */
export const overviewFiguresSchema = z.object({
  /** Accounts made. */
  signUps: z.number().int(),
  /** Chain payments credited to wallets, and what they paid in (before the deposit fee). */
  deposits: z.object({ count: z.number().int(), amount: amountSchema }),
  /** Paid into escrow for rentals (first payments and extensions) less refunds of unused hours. */
  rentalRevenue: amountSchema,
  /** What the ledger posted to platform revenue: commission on released rentals and deposit fees. */
  commission: amountSchema,
});
export type OverviewFigures = z.infer<typeof overviewFiguresSchema>;

export const overviewDaySchema = overviewFiguresSchema.extend({
  /** The UTC day, YYYY-MM-DD. */
  date: z.iso.date(),
});
export type OverviewDay = z.infer<typeof overviewDaySchema>;

/** ok; behind: more than twice the network's confirmations behind the head; error: the last pass failed. */
export const WATCHER_STATES = ['ok', 'behind', 'error'] as const;
export type WatcherState = (typeof WATCHER_STATES)[number];

/** One network's deposit watcher, from its stored cursor. */
export const overviewWatcherSchema = z.object({
  network: z.string(),
  state: z.enum(WATCHER_STATES),
  /** The chain's head at the watcher's last pass (null before it first saw one), and when. */
  headBlock: z.number().int().nullable(),
  headSeenAt: z.iso.datetime().nullable(),
  /** Every block up to here was read whole. */
  cursor: z.number().int(),
  /** Blocks between the cursor and that head. */
  lagBlocks: z.number().int().nullable(),
  /**
   * Seconds since the watcher last read the chain's head: how old its view is. The watchers do
   * not keep block times, so this is not the age of the cursor's block.
   */
  lagSeconds: z.number().int().nullable(),
  /** Confirmations a deposit needs on this network; null when the network is not configured. */
  confirmations: z.number().int().nullable(),
  /** The last read that could not be completed, and when; it stays until a later one. */
  lastError: z.object({ message: z.string(), at: z.iso.datetime() }).nullable(),
});
export type OverviewWatcher = z.infer<typeof overviewWatcherSchema>;

export const overviewJobSchema = z.object({
  name: z.string(),
  /** When the last run started; null when it never ran. */
  lastRunAt: z.iso.datetime().nullable(),
  /** When a run last ended without an error, if that was the latest run to end; else null. */
  lastSuccessAt: z.iso.datetime().nullable(),
  /** Why the latest run to end failed; null when it succeeded. */
  lastError: z.string().nullable(),
  /** The wait the last run set before the next (its interval, or longer after a back-off). */
  intervalSeconds: z.number().int().nullable(),
  /** A run has started and not ended yet. */
  running: z.boolean(),
});
export type OverviewJob = z.infer<typeof overviewJobSchema>;

export const overviewMailSchema = z.object({
  /** Mail waiting to be sent. */
  queued: z.number().int(),
  /** Of those, mail whose earlier attempts failed and that will be tried again. */
  failing: z.number().int(),
  /** Mail given up on in the last 30 days (too many attempts, or past its use). */
  failed: z.number().int(),
  /** Seconds the oldest waiting mail has waited; null when none waits. */
  oldestQueuedSeconds: z.number().int().nullable(),
});
export type OverviewMail = z.infer<typeof overviewMailSchema>;

export const adminOverviewSchema = z.object({
  generatedAt: z.iso.datetime(),
  today: overviewFiguresSchema,
  last30Days: overviewFiguresSchema,
  /** The last 30 UTC days, oldest first, today last. */
  series: z.array(overviewDaySchema).length(30),
  watchers: z.array(overviewWatcherSchema),
  jobs: z.array(overviewJobSchema),
  mail: overviewMailSchema,
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
