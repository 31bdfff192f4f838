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
 * Takes the job's lease when it is free, expired, or already ours. Exactly one of several instances
 * asking at once gets it: the row lock of the upsert decides.
 */
export async function acquireLease(db: Database, name: string, holder: string, leaseMs: number) {
  const rows = await queryRows(
    db,
    sql`
    insert into job_leases (name, holder, lease_until, last_started_at, runs)
    values (${name}, ${holder}, now() + make_interval(secs => ${leaseMs / 1000}), now(), 1)
    on conflict (name) do update
      set holder = excluded.holder,
          lease_until = excluded.lease_until,
          last_started_at = excluded.last_started_at,
          runs = job_leases.runs + 1
      where job_leases.lease_until is null
         or job_leases.lease_until <= now()
         or job_leases.holder = excluded.holder
    returning name`,
  );
  return rows.length === 1;
}

/**
 * Ends a run. The lease is kept until one interval after the run started, so no other instance
 * runs the job again sooner than its interval.
 */
export async function releaseLease(
  db: Database,
  name: string,
  holder: string,
  intervalMs: number,
  error: string | null,
) {
  await db.execute(sql`
    update job_leases
       set lease_until = last_started_at + make_interval(secs => ${intervalMs / 1000}),
           last_finished_at = now(),
           last_error = ${error}
     where name = ${name} and holder = ${holder}`);
}

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
    /** How often an idle instance asks whether a job is due. */
    private readonly pollMs = 1000,
  ) {}

  register(job: JobDefinition) {
    this.jobs.push(job);
  }

  start() {
    for (const job of this.jobs) this.schedule(job, 0);
  }

  /** Runs a job once now if its lease is free; answers whether it ran here. */
  async runOnce(job: JobDefinition): Promise<boolean> {
    if (!(await acquireLease(this.db, job.name, this.holder, job.leaseMs))) return false;
    let failure: string | null = null;
    let nextInMs = job.intervalMs;
    try {
      const outcome = await job.run(this.abort.signal);
      if (outcome?.retryAfterMs !== undefined)
        nextInMs = Math.max(job.intervalMs, outcome.retryAfterMs);
    } catch (error) {
      failure = describeError(error);
      this.log.error({ err: error, job: job.name }, 'background job failed');
    }
    await releaseLease(this.db, job.name, this.holder, nextInMs, failure);
    return true;
  }

  private schedule(job: JobDefinition, delayMs: number) {
    if (this.abort.signal.aborted) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const run = this.runOnce(job)
        .catch((error: unknown) => {
          this.log.warn({ err: error, job: job.name }, 'could not run background job');
        })
        .finally(() => {
          this.running.delete(run);
          this.schedule(job, Math.min(this.pollMs, job.intervalMs));
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
