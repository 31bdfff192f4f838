import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per background job. An instance runs a job only while it holds the row's lease, so
 * several API instances on one database never run the same job at the same time.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastError: text('last_error'),
  runs: integer('runs').notNull().default(0),
});

/**
 * The test clock's one row (decision 042): how far the storefront's time is moved ahead of the
 * real time, shared by every instance. Only read when TEST_CLOCK is on, which needs the demo data.
 */
export const testClock = pgTable(
  'test_clock',
  {
    id: smallint('id').primaryKey().default(1),
    offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('test_clock_one_row', sql`${t.id} = 1`)],
);
