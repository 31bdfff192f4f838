import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client';
import { AppError } from './errors';

/**
 * A limit on failures rather than requests: the first `freeFailures` attempts go through, then
 * each attempt blocks the subject for `baseDelaySeconds`, doubling with every further one up to
 * `maxDelaySeconds` (decision 016). A success clears the count.
 */
export interface FailureRule {
  /** What is counted, e.g. 'login:pair'. */
  name: string;
  freeFailures: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  message: string;
}

/** A day after the last failure the count is forgotten. */
const MEMORY_SECONDS = 24 * 60 * 60;

export type ThrottleSubject = [rule: FailureRule, subject: string];

const keyOf = ([rule, subject]: ThrottleSubject) => `${rule.name}:${subject}`;

function blocked(rule: FailureRule, seconds: number) {
  return new AppError(
    'RATE_LIMITED',
    429,
    rule.message,
    { retryAfterSeconds: seconds },
    { 'retry-after': String(seconds) },
  );
}

async function waitOf(db: Executor, subject: ThrottleSubject): Promise<number | null> {
  const [row] = await queryRows<{ wait: number }>(
    db,
    sql`select greatest(1, ceil(extract(epoch from (blocked_until - now()))))::int as wait
          from auth_throttles where key = ${keyOf(subject)} and blocked_until > now()`,
  );
  return row?.wait ?? null;
}

/**
 * Counts an attempt before it is checked, so attempts sent at once cannot all slip past the count
 * while the first is being verified; `clearFailures` forgets them when the attempt succeeds.
 * Throws a 429 with Retry-After, without counting, while any of the subjects is blocked.
 */
export async function countAttempt(db: Executor, subjects: ThrottleSubject[]) {
  for (const subject of subjects) {
    const wait = await waitOf(db, subject);
    if (wait !== null) throw blocked(subject[0], wait);
  }
  for (const subject of subjects) {
    const [rule] = subject;
    // Failures past the free ones block for base * 2^(failures - free), capped.
    const delay = (failures: SQLFragment) =>
      sql`case when ${failures} >= ${rule.freeFailures}
            then now() + make_interval(secs => least(${rule.maxDelaySeconds},
                   ${rule.baseDelaySeconds} * power(2, ${failures} - ${rule.freeFailures})))
            end`;
    const rows = await queryRows<{ failures: number }>(
      db,
      sql`insert into auth_throttles (key, failures, blocked_until, expires_at)
          values (${keyOf(subject)}, 1, ${delay(sql`1`)},
                  now() + make_interval(secs => ${MEMORY_SECONDS}))
          on conflict (key) do update set
            failures = auth_throttles.failures + 1,
            blocked_until = ${delay(sql`(auth_throttles.failures + 1)`)},
            expires_at = excluded.expires_at
          where auth_throttles.blocked_until is null or auth_throttles.blocked_until <= now()
          returning failures`,
    );
    if (rows.length === 0) {
      // Another attempt got in first and started a wait.
      throw blocked(rule, (await waitOf(db, subject)) ?? 1);
    }
  }
}

/** Forgets the subjects' failures: the attempt proved the password. */
export async function clearFailures(db: Executor, subjects: ThrottleSubject[]) {
  for (const subject of subjects) {
    await db.execute(sql`delete from auth_throttles where key = ${keyOf(subject)}`);
  }
}

export async function deleteExpiredThrottles(db: Executor) {
  await db.execute(sql`delete from auth_throttles where expires_at < now()`);
}

type SQLFragment = ReturnType<typeof sql>;
