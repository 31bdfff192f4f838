import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
const TIERS = sql.raw(`('BRONZE', 'SILVER', 'GOLD', 'PLATINUM')`);

/**
 * A renter's benefits tier (issue 18, decision 049). A row exists once the renter first paid for a
 * rental; without one the renter is BRONZE. `belowSince` is when the qualifying spend was first
 * seen below what keeps the tier (80 % of its threshold) by the daily recomputation: 30 days
 * later the tier drops one step. `checkedOn` is the day the recomputation last looked at the row,
 * so each instance's job takes each row once a day.
 */
export const loyaltyStates = pgTable(
  'loyalty_states',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: text('tier').notNull().default('BRONZE'),
    /** When the current tier was reached; null for a BRONZE never left. */
    since: timestamptz('since'),
    belowSince: timestamptz('below_since'),
    /** When the renter was mailed that the tier will drop, for the current `belowSince`. */
    warnedAt: timestamptz('warned_at'),
    checkedOn: date('checked_on', { mode: 'string' }),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('loyalty_states_tier_check', sql`${t.tier} in ${TIERS}`),
    // The daily recomputation's queue: tiers above BRONZE not yet looked at today.
    index('loyalty_states_check_idx')
      .on(t.checkedOn)
      .where(sql`${t.tier} <> 'BRONZE'`),
  ],
);

/** Every change of a renter's tier, for the history on /benefits. */
export const loyaltyTierChanges = pgTable(
  'loyalty_tier_changes',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromTier: text('from_tier').notNull(),
    toTier: text('to_tier').notNull(),
    /** PROMOTED | DEMOTED */
    reason: text('reason').notNull(),
    /** The qualifying spend at the change, micro-USDT. */
    spend: bigint('spend', { mode: 'bigint' }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('loyalty_tier_changes_user_idx').on(t.userId, t.createdAt.desc()),
    check('loyalty_tier_changes_reason_check', sql`${t.reason} in ('PROMOTED', 'DEMOTED')`),
  ],
);
