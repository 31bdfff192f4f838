import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The chains module's own table: where each network's block watcher has read to. It knows blocks
// only; what the transfers in them mean (deposits, credits) is the wallet's, in ./wallet.

/**
 * How far each network's watcher has read, and what it last met: every block up to `last_block`
 * was read whole. The health details show these rows.
 */
export const chainCursors = pgTable('chain_cursors', {
  network: text('network').primaryKey(),
  lastBlock: bigint('last_block', { mode: 'bigint' }).notNull(),
  /** The chain's head at the last pass. */
  headBlock: bigint('head_block', { mode: 'bigint' }),
  headSeenAt: timestamp('head_seen_at', { withTimezone: true }),
  /** Blocks per log query that the node last answered whole; smaller than the setting after a split. */
  blockRange: integer('block_range'),
  /** The last read that could not be completed (the cursor stayed below it), and when. */
  lastFault: text('last_fault'),
  lastFaultAt: timestamp('last_fault_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
