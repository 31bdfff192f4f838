import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client';
import { AppError } from './errors';

export interface RateLimitRule {
  /** What is limited, e.g. 'login:ip'. */
  name: string;
  limit: number;
  windowSeconds: number;
  message: string;
}

/**
 * Counts a request against a fixed window kept in the database, so every API instance shares the
 * same count. Throws a 429 with Retry-After once the window's limit is passed.
 */
export async function hitRateLimit(db: Executor, rule: RateLimitRule, subject: string) {
  const rows = await queryRows<{ hits: number; retry_after: number }>(
    db,
    sql`
      insert into rate_limit_counters (key, window_start, hits, expires_at)
      select ${`${rule.name}:${subject}`}, w.start, 1, w.start + make_interval(secs => ${rule.windowSeconds})
        from (select to_timestamp(floor(extract(epoch from now()) / ${rule.windowSeconds}) * ${rule.windowSeconds}) as start) w
      on conflict (key, window_start) do update set hits = rate_limit_counters.hits + 1
      returning hits, greatest(1, ceil(extract(epoch from (expires_at - now()))))::int as retry_after`,
  );
  const row = rows[0];
  if (row && row.hits > rule.limit) {
    throw new AppError(
      'RATE_LIMITED',
      429,
      rule.message,
      { retryAfterSeconds: row.retry_after },
      {
        'retry-after': String(row.retry_after),
      },
    );
  }
}

export async function deleteExpiredRateLimits(db: Executor) {
  await db.execute(sql`delete from rate_limit_counters where expires_at < now()`);
}
