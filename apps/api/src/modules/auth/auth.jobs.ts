import type { Database } from '../../db/client';
import type { JobDefinition } from '../../lib/jobs';
import { deleteExpiredThrottles } from '../../lib/failure-throttle';
import { deleteExpiredRateLimits } from '../../lib/rate-limit';
import { deleteExpiredAuthRows } from './auth.repository';

/** Drops expired rate-limit windows and failure counts, OAuth states, link requests, reset links and refresh tokens. */
export function authCleanupJob(db: Database): JobDefinition {
  return {
    name: 'auth-cleanup',
    intervalMs: 10 * 60_000,
    leaseMs: 5 * 60_000,
    run: async () => {
      await deleteExpiredRateLimits(db);
      await deleteExpiredThrottles(db);
      await deleteExpiredAuthRows(db);
    },
  };
}
