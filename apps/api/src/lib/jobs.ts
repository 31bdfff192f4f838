import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database } from '../db/client';
import { describeError } from './describe-error';

export interface JobDefinition {
  /** Unique name; the row in job_leases that instances compete for. */
  name: string;
  /** How often the job runs, across all instances together. */
  intervalMs: number;
  /** How long one run may take before another instance may take the job over. */
  leaseMs: number;
  /** May answer a delay before the next run, e.g. when a node asked us to back off. */
  run(signal: AbortSignal): Promise<void | { retryAfterMs?: number }>;
}

/**
 * The instant a lease decision is made at: the database's clock (one clock for every instance,
 * so their own clocks drifting apart never hands a job to two of them), or a given one in tests.
 */
function instant(at: Date | undefined) {
  return at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
}

/**
 * Takes the job's lease when it is free or has run out. Exactly one of several instances asking at
 * once gets it: the row lock of the upsert decides. The instance that ran it last is no exception:
 * after a run the lease lasts until the job's next turn (`releaseLease`), so even the holder waits
 * for it (it once re-took its own lease at every poll, running every job each second).
 */
export async function acquireLease(
  db: Database,
  name: string,
  holder: string,
  leaseMs: number,
  at?: Date,
) {
  const now = instant(at);
  const rows = await queryRows(
    db,
    sql`
    insert into job_leases (name, holder, lease_until, last_started_at, runs)
    values (${name}, ${holder}, ${now} + make_interval(secs => ${leaseMs / 1000}), ${now}, 1)
    on conflict (name) do update
      set holder = excluded.holder,
          lease_until = excluded.lease_until,
          last_started_at = excluded.last_started_at,
          runs = job_leases.runs + 1
      where job_leases.lease_until is null
         or job_leases.lease_until <= ${now}
    returning name`,
  );
  return rows.length === 1;
}

/**
 * Ends a run. The lease is kept until one interval after the run started, so no instance (this one
 * included) runs the job again sooner than its interval.
 */
export async function releaseLease(
  db: Database,
  name: string,
  holder: string,
  intervalMs: number,
  error: string | null,
  at?: Date,
) {
  await db.execute(sql`
    update job_leases
       set lease_until = last_started_at + make_interval(secs => ${intervalMs / 1000}),
           last_finished_at = ${instant(at)},
           last_error = ${error}
     where name = ${name} and holder = ${holder}`);
}

/**
 * How long until the job's lease ends (0 when it has, or when no instance has taken it yet), by
 * the database's clock: an instance that did not get the job waits that long before asking again.
 */
export async function leaseEndsInMs(db: Database, name: string): Promise<number> {
  const rows = await queryRows<{ ms: number | string | null }>(
    db,
    sql`select greatest(0, extract(epoch from (lease_until - now())) * 1000)::float8 as ms
          from job_leases where name = ${name}`,
  );
  return Number(rows[0]?.ms ?? 0);
}

/** Every job's shared record, for the health details. */
export async function jobRuns(db: Database) {
  const rows = await queryRows<{
    name: string;
    runs: number;
    last_started_at: Date | string | null;
    last_finished_at: Date | string | null;
    last_error: string | null;
    lease_until: Date | string | null;
  }>(
    db,
    sql`select name, runs, last_started_at, last_finished_at, last_error, lease_until
          from job_leases order by name`,
  );
  const iso = (value: Date | string | null) =>
    value === null ? null : new Date(value).toISOString();
  return rows.map((row) => ({
    name: row.name,
    runs: row.runs,
    lastStartedAt: iso(row.last_started_at),
    lastFinishedAt: iso(row.last_finished_at),
    lastError: row.last_error,
    nextRunAfter: iso(row.lease_until),
  }));
}

/**
 * The longest an instance waits before asking about a job again. A lease normally ends when its
 * holder said (the interval after the run began); this bounds the wait if it ends otherwise.
 */
export const MAX_JOB_WAIT_MS = 60_000;
/** The shortest wait between two asks, so a lease that just ended is never asked about in a loop. */
const MIN_JOB_WAIT_MS = 50;

/** Runs registered jobs on every instance; the leases make each run happen on one instance only. */
export class JobScheduler {
  readonly holder = `${process.pid}-${randomUUID()}`;
  private readonly jobs: JobDefinition[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private readonly abort = new AbortController();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    /**
     * How often an instance asks whether a job is due when it cannot tell when that will be: with
     * a clock of the tests' own, or after the database failed to answer. Otherwise it waits until
     * the job's lease ends (decision 055), so an idle instance sends no query for a job that is
     * not due.
     */
    private readonly pollMs = 1000,
    /** Tests give a clock of their own; otherwise the database's decides (see `instant`). */
    private readonly clock?: () => Date,
  ) {}

  private beforeRun: () => Promise<void> = async () => {};

  register(job: JobDefinition) {
    this.jobs.push(job);
  }

  /** Work done before each run, such as reading the test clock another instance may have moved. */
  beforeEachRun(step: () => Promise<void>) {
    this.beforeRun = step;
  }

  start() {
    for (const job of this.jobs) this.schedule(job, 0);
  }

  /** Runs a job once now if its lease is free; answers whether it ran here. */
  async runOnce(job: JobDefinition): Promise<boolean> {
    return (await this.turn(job)).ran;
  }

  /** One turn of a job: runs it if its lease is free; answers when it is due again, in ms. */
  private async turn(job: JobDefinition): Promise<{ ran: boolean; dueInMs: number }> {
    if (!(await acquireLease(this.db, job.name, this.holder, job.leaseMs, this.clock?.()))) {
      return {
        ran: false,
        dueInMs: this.clock ? this.pollDelay(job) : await leaseEndsInMs(this.db, job.name),
      };
    }
    // Just after the database's instant the lease began at: waking on this count never comes early.
    const started = Date.now();
    let failure: string | null = null;
    let nextInMs = job.intervalMs;
    try {
      await this.beforeRun();
      const outcome = await job.run(this.abort.signal);
      if (outcome?.retryAfterMs !== undefined)
        nextInMs = Math.max(job.intervalMs, outcome.retryAfterMs);
    } catch (error) {
      failure = describeError(error);
      this.log.error({ err: error, job: job.name }, 'background job failed');
    }
    await releaseLease(this.db, job.name, this.holder, nextInMs, failure, this.clock?.());
    // The lease now ends `nextInMs` after the run began (`releaseLease`).
    return {
      ran: true,
      dueInMs: this.clock ? this.pollDelay(job) : nextInMs - (Date.now() - started),
    };
  }

  private pollDelay(job: JobDefinition) {
    return Math.min(this.pollMs, job.intervalMs);
  }

  private schedule(job: JobDefinition, delayMs: number) {
    if (this.abort.signal.aborted) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const run = this.turn(job)
        .then(({ dueInMs }) => Math.min(MAX_JOB_WAIT_MS, Math.max(MIN_JOB_WAIT_MS, dueInMs)))
        .catch((error: unknown) => {
          this.log.warn({ err: error, job: job.name }, 'could not run background job');
          return this.pollDelay(job);
        })
        .then((nextDelayMs) => {
          this.running.delete(run);
          this.schedule(job, nextDelayMs);
        });
      this.running.add(run);
    }, delayMs);
    this.timers.add(timer);
  }

  /** Stops scheduling, tells running jobs to stop, and waits for them. */
  async stop() {
    this.abort.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }
}
