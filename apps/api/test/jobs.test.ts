import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../src/db/client';
import { JobScheduler, acquireLease, type JobDefinition } from '../src/lib/jobs';
import { createTestDatabase, type TestDatabase } from './database';

let database: TestDatabase;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('job leases', () => {
  it('lets one holder in and keeps the other out until the lease ends', async () => {
    expect(await acquireLease(database.db, 'lease-a', 'one', 60_000)).toBe(true);
    expect(await acquireLease(database.db, 'lease-a', 'two', 60_000)).toBe(false);
    expect(await acquireLease(database.db, 'lease-a', 'one', 60_000)).toBe(true);
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
});

describe.runIf(process.env.TEST_DATABASE_URL)('job leases on PostgreSQL', () => {
  let others: DatabaseHandle[] = [];
  afterAll(async () => {
    await Promise.all(others.map((handle) => handle.close()));
  });

  it('gives a job to exactly one of many instances with their own connection pools', async () => {
    others = await Promise.all(
      Array.from({ length: 6 }, () => openDatabase({ driver: 'postgres', url: database.url! })),
    );
    for (let round = 0; round < 20; round += 1) {
      const name = `race-${round}`;
      const won = await Promise.all(
        others.map((handle, i) => acquireLease(handle.db, name, `instance-${i}`, 60_000)),
      );
      expect(won.filter(Boolean)).toHaveLength(1);
    }
  });
});
