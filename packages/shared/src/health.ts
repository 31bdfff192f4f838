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
});
export type Health = z.infer<typeof healthSchema>;
