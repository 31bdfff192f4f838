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
  /** Deposits that were handed an address another deposit had (found by a migration), to settle by hand. */
  deposits: z.object({ addressCollisions: z.number().int() }).optional(),
});
export type Health = z.infer<typeof healthSchema>;
