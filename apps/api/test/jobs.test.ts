import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../src/db/client';
import { TestClock } from '../src/lib/clock';
import {
  JobScheduler,
  acquireLease,
  jobRuns,
  leaseEndsInMs,
  type JobDefinition,
} from '../src/lib/jobs';
import { createTestDatabase, type TestDatabase } from './database';

let database: TestDatabase;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('job leases', () => {
  it('lets one holder in and keeps everyone out until the lease ends, the holder too', async () => {
    expect(await acquireLease(database.db, 'lease-a', 'one', 60_000)).toBe(true);
    expect(await acquireLease(database.db, 'lease-a', 'two', 60_000)).toBe(false);
    expect(await acquireLease(database.db, 'lease-a', 'one', 60_000)).toBe(false);
    await database.db.execute(
      sql`update job_leases set lease_until = now() - interval '1 second' where name = 'lease-a'`,
    );
    expect(await acquireLease(database.db, 'lease-a', 'two', 60_000)).toBe(true);
  });

  it('runs a job once per interval however many instances ask', async () => {
    let runs = 0;
    const job: JobDefinition = {
      name: 'count-runs',
      intervalMs: 60_000,
      leaseMs: 10_000,
      run: async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    };
    const instances = [1, 2, 3, 4].map(() => new JobScheduler(database.db, log));
    const ran = await Promise.all(instances.map((instance) => instance.runOnce(job)));
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    // Finished, but its interval has not passed: nobody runs it again yet.
    expect(await instances[1]!.runOnce(job)).toBe(false);
    expect(runs).toBe(1);
  });

  it('records a failed run and frees the job for its next interval', async () => {
    const scheduler = new JobScheduler(database.db, log);
    const job: JobDefinition = {
      name: 'fails',
      intervalMs: 0,
      leaseMs: 10_000,
      run: () => Promise.reject(new Error('panel unreachable')),
    };
    expect(await scheduler.runOnce(job)).toBe(true);
    const rows = await queryRows(
      database.db,
      sql`select last_error, runs from job_leases where name = 'fails'`,
    );
    expect(rows[0]).toEqual({ last_error: 'panel unreachable', runs: 1 });
    expect(await new JobScheduler(database.db, log).runOnce(job)).toBe(true);
  });

  it('reads the test clock before each run, so a job sees the time another instance set', async () => {
    const clock = new TestClock(database.db);
    const scheduler = new JobScheduler(database.db, log);
    scheduler.beforeEachRun(() => clock.sync());
    await new TestClock(database.db).advance(48 * 3_600_000);
    let seen = 0;
    const job: JobDefinition = {
      name: 'reads-the-clock',
      intervalMs: 0,
      leaseMs: 10_000,
      run: async () => {
        seen = clock.now().getTime() - Date.now();
      },
    };
    expect(await scheduler.runOnce(job)).toBe(true);
    expect(seen).toBeGreaterThan(47 * 3_600_000);
    await clock.reset();
  });
});

/** A clock the test moves by hand, one second at a time. */
function fakeClock(start = Date.parse('2026-01-01T00:00:00Z')) {
  let now = start;
  return {
    now: () => new Date(now),
    seconds: () => (now - start) / 1000,
    tick: (ms: number) => {
      now += ms;
    },
  };
}

/** A job that notes the fake second each run starts at. */
function countingJob(name: string, intervalMs: number, clock: ReturnType<typeof fakeClock>) {
  const startedAt: number[] = [];
  const job: JobDefinition = {
    name,
    intervalMs,
    leaseMs: 30_000,
    run: async () => {
      startedAt.push(clock.seconds());
    },
  };
  return { job, startedAt };
}

/**
 * Polls as the schedulers' timers do, once a second for `seconds`, every instance at every
 * tick (all at once when `together`), and answers nothing: the job's own record tells the runs.
 */
async function pollEverySecond(
  instances: JobScheduler[],
  job: JobDefinition,
  clock: ReturnType<typeof fakeClock>,
  seconds: number,
  together = false,
) {
  for (let second = 0; second < seconds; second += 1) {
    if (together) await Promise.all(instances.map((instance) => instance.runOnce(job)));
    else for (const instance of instances) await instance.runOnce(job);
    clock.tick(1000);
  }
}

describe('job intervals (a fake clock, polled every second)', () => {
  it('runs a job once per interval on the instance that holds it, not at every poll', async () => {
    const clock = fakeClock();
    const scheduler = new JobScheduler(database.db, log, 1000, clock.now);
    const { job, startedAt } = countingJob('every-ten-seconds', 10_000, clock);
    await pollEverySecond([scheduler], job, clock, 60);
    expect(startedAt).toEqual([0, 10, 20, 30, 40, 50]);
  });

  it('runs an hourly job once in an hour of polling', async () => {
    const clock = fakeClock();
    const scheduler = new JobScheduler(database.db, log, 1000, clock.now);
    const { job, startedAt } = countingJob('hourly', 3_600_000, clock);
    await pollEverySecond([scheduler], job, clock, 3600);
    expect(startedAt).toEqual([0]);
    await pollEverySecond([scheduler], job, clock, 1);
    expect(startedAt).toEqual([0, 3600]);
  });

  it('waits longer when a run asks to be left alone (a node answering 429)', async () => {
    const clock = fakeClock();
    const scheduler = new JobScheduler(database.db, log, 1000, clock.now);
    const startedAt: number[] = [];
    const job: JobDefinition = {
      name: 'backs-off',
      intervalMs: 5_000,
      leaseMs: 30_000,
      run: async () => {
        startedAt.push(clock.seconds());
        return startedAt.length === 1 ? { retryAfterMs: 20_000 } : undefined;
      },
    };
    await pollEverySecond([scheduler], job, clock, 31);
    expect(startedAt).toEqual([0, 20, 25, 30]);
  });

  it('shares one interval between two instances on one database', async () => {
    const clock = fakeClock();
    const instances = [1, 2].map(() => new JobScheduler(database.db, log, 1000, clock.now));
    const { job, startedAt } = countingJob('shared-interval', 15_000, clock);
    await pollEverySecond(instances, job, clock, 60, true);
    expect(startedAt).toEqual([0, 15, 30, 45]);
    const [record] = (await jobRuns(database.db)).filter((row) => row.name === 'shared-interval');
    expect(record).toMatchObject({ runs: 4, lastError: null });
    expect(record!.nextRunAfter).toBe(new Date(Date.parse('2026-01-01T00:01:00Z')).toISOString());
  });
});

/** The database as `db`, counting the statements sent through it. */
function countingDatabase(db: DatabaseHandle['db']) {
  const counter = { statements: 0 };
  const counted = new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (property !== 'execute' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        counter.statements += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { db: counted, counter };
}

describe('job scheduling on the database clock', () => {
  it('answers when a lease ends, by the database clock', async () => {
    await acquireLease(database.db, 'ends-later', 'one', 30_000);
    const ms = await leaseEndsInMs(database.db, 'ends-later');
    expect(ms).toBeGreaterThan(29_000);
    expect(ms).toBeLessThanOrEqual(30_000);
    expect(await leaseEndsInMs(database.db, 'never-taken')).toBe(0);
  });

  it('waits for a job to be due instead of asking about it at every poll', async () => {
    let runs = 0;
    const job: JobDefinition = {
      name: 'once-a-minute',
      intervalMs: 60_000,
      leaseMs: 10_000,
      run: async () => {
        runs += 1;
      },
    };
    // Asked every 10 ms, as the old scheduler did every second: about 100 asks in this second.
    const holder = countingDatabase(database.db);
    const other = countingDatabase(database.db);
    const schedulers = [holder, other].map(({ db }) => new JobScheduler(db, log, 10));
    for (const scheduler of schedulers) scheduler.register(job);
    schedulers[0]!.start();
    await expect.poll(() => runs, { timeout: 5_000, interval: 10 }).toBe(1);
    schedulers[1]!.start();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));

    expect(runs).toBe(1);
    // The holder: its lease taken and given back. The other: one ask, and when the lease ends.
    expect(holder.counter.statements).toBe(2);
    expect(other.counter.statements).toBe(2);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('job leases on PostgreSQL', () => {
  const others: DatabaseHandle[] = [];
  afterAll(async () => {
    await Promise.all(others.map((handle) => handle.close()));
  });

  it('runs a job once per interval across two instances with their own pools', async () => {
    const pools = await Promise.all(
      [1, 2].map(() => openDatabase({ driver: 'postgres', url: database.url! })),
    );
    others.push(...pools);
    const clock = fakeClock();
    const instances = pools.map((pool) => new JobScheduler(pool.db, log, 1000, clock.now));
    const { job, startedAt } = countingJob('two-pools', 10_000, clock);
    await pollEverySecond(instances, job, clock, 60, true);
    expect(startedAt).toEqual([0, 10, 20, 30, 40, 50]);
  });

  it('gives a job to exactly one of many instances with their own connection pools', async () => {
    const handles = await Promise.all(
      Array.from({ length: 6 }, () => openDatabase({ driver: 'postgres', url: database.url! })),
    );
    others.push(...handles);
    for (let round = 0; round < 20; round += 1) {
      const name = `race-${round}`;
      const won = await Promise.all(
        handles.map((handle, i) => acquireLease(handle.db, name, `instance-${i}`, 60_000)),
      );
      expect(won.filter(Boolean)).toHaveLength(1);
    }
  });
});
