import { sql } from 'drizzle-orm';
import { TEST_CLOCK_MAX_HOURS } from '@crimsonhost/shared/test-clock';
import { queryRows, type Database } from '../db/client';

/**
 * The time the storefront's rules run on: when a rental ends, when its vendor's share clears the
 * dispute window, when a vendor may ask for the next payout. Production uses the machine's clock;
 * an end-to-end run moves a test clock ahead instead of waiting days (decision 042).
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The largest step one call may move the test clock: 60 days. */
export const TEST_CLOCK_MAX_STEP_MS = TEST_CLOCK_MAX_HOURS * 3_600_000;

/**
 * The real time moved ahead by an offset kept in the database (the `test_clock` row), so that
 * every instance agrees. Each instance reads the offset before each request and each job run
 * (`sync`), and the offset only grows until it is reset to the real time.
 */
export class TestClock implements Clock {
  private offsetMs = 0;

  constructor(private readonly db: Database) {}

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** How far ahead of the real time the clock is. */
  get offset(): number {
    return this.offsetMs;
  }

  /** Reads the shared offset: another instance may have moved the clock. */
  async sync(): Promise<void> {
    const rows = await queryRows<{ offset_ms: string }>(
      this.db,
      sql`select offset_ms::text as offset_ms from test_clock where id = 1`,
    );
    this.offsetMs = Number(rows[0]?.offset_ms ?? 0);
  }

  /** Moves the clock ahead by `ms` (at most TEST_CLOCK_MAX_STEP_MS); answers the new time. */
  async advance(ms: number): Promise<Date> {
    if (!Number.isSafeInteger(ms) || ms <= 0 || ms > TEST_CLOCK_MAX_STEP_MS) {
      throw new RangeError(`a test clock step is 1 ms to ${TEST_CLOCK_MAX_STEP_MS} ms`);
    }
    return this.write(sql`test_clock.offset_ms + ${ms}`, ms);
  }

  /** Back to the real time. */
  async reset(): Promise<Date> {
    return this.write(sql`0`, 0);
  }

  private async write(next: ReturnType<typeof sql>, first: number): Promise<Date> {
    const rows = await queryRows<{ offset_ms: string }>(
      this.db,
      sql`insert into test_clock (id, offset_ms, updated_at) values (1, ${first}, now())
          on conflict (id) do update set offset_ms = ${next}, updated_at = now()
          returning offset_ms::text as offset_ms`,
    );
    this.offsetMs = Number(rows[0]!.offset_ms);
    return this.now();
  }
}
