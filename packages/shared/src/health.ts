import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({
    driver: z.enum(['pglite', 'postgres']),
    reachable: z.boolean(),
    migration: z.object({
      applied: z.number().int(),
      expected: z.number().int(),
      latest: z.string().nullable(),
      upToDate: z.boolean(),
    }),
  }),
  /** Each watched network's deposit watcher, from its stored cursor; absent when the database cannot be read. */
  chains: z
    .array(
      z.object({
        network: z.string(),
        /** Every block up to here was read whole. */
        cursor: z.number().int(),
        /** The chain's head at the watcher's last pass, and when it saw it. */
        head: z.number().int().nullable(),
        headSeenAt: z.iso.datetime().nullable(),
        /** Blocks between the cursor and that head. */
        behind: z.number().int().nullable(),
        /** Blocks per log query the node last answered whole. */
        blockRange: z.number().int().nullable(),
        /** The last read that could not be completed: the cursor stayed below it. */
        lastFault: z.object({ message: z.string(), at: z.iso.datetime() }).nullable(),
      }),
    )
    .optional(),
  /** Each background job as the instances share it: how often it ran, when, and how it ended. */
  jobs: z
    .array(
      z.object({
        name: z.string(),
        /** Runs started since the job was first run, on every instance together. */
        runs: z.number().int(),
        lastStartedAt: z.iso.datetime().nullable(),
        lastFinishedAt: z.iso.datetime().nullable(),
        /** Why the last run failed; null when it succeeded. */
        lastError: z.string().nullable(),
        /** No instance starts it again before this (its interval, or a run in progress's lease). */
        nextRunAfter: z.iso.datetime().nullable(),
      }),
    )
    .optional(),
  /**
   * This instance's in-memory catalog (decision 062): whether list pages come from it or from SQL,
   * how many listings it holds, when it last read the database's changes, and reads that failed.
   */
  catalog: z
    .object({
      source: z.enum(['memory', 'sql']),
      listings: z.number().int(),
      lastReadAt: z.iso.datetime().nullable(),
      failedReads: z.number().int(),
      lastFailure: z.object({ message: z.string(), at: z.iso.datetime() }).nullable(),
    })
    .optional(),
  /** Deposits that were handed an address another deposit had (found by a migration), to settle by hand. */
  deposits: z.object({ addressCollisions: z.number().int() }).optional(),
});
export type Health = z.infer<typeof healthSchema>;
