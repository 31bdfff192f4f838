import type { LoyaltyTier, TierChangeReason } from '@crimsonhost/shared/benefits';
import { QUALIFYING_WINDOW_DAYS } from '@crimsonhost/shared/benefits';
import { and, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { loyaltyStates, loyaltyTierChanges } from '../../db/schema/benefits';

const DAY_MS = 86_400_000;

export type LoyaltyStateRow = typeof loyaltyStates.$inferSelect;

/** The start of the qualifying window that ends at `now`. */
export const windowStart = (now: Date) => new Date(now.getTime() - QUALIFYING_WINDOW_DAYS * DAY_MS);

/**
 * A renter's qualifying spend at `now` (decision 049): the USDT of their rental payments less the
 * USDT of refunds of rentals, both in the window, never below 0. Platform credit (paid or given
 * back) has its own rows in PLATFORM and never counts; compensation and deposits are other types.
 * Also the oldest payment still in the window, which is the next spend to leave it. One walk of
 * the renter's timeline index over the window.
 */
export async function qualifyingSpend(db: Executor, userId: string, now: Date) {
  const [row] = await queryRows<{
    spend: string;
    oldest_amount: string | null;
    oldest_at: Date | null;
  }>(
    db,
    sql`select coalesce(sum(case when type = 'RENTAL_PAYMENT' then amount else -amount end), 0)::text as spend,
               (array_agg(amount::text order by created_at, id) filter (where type = 'RENTAL_PAYMENT'))[1] as oldest_amount,
               min(created_at) filter (where type = 'RENTAL_PAYMENT') as oldest_at
          from wallet_transactions
         where user_id = ${userId}
           and created_at > ${windowStart(now)} and created_at <= ${now}
           and type in ('RENTAL_PAYMENT', 'REFUND')
           and currency = 'USDT'
           and status <> 'FAILED'
           and reference like 'rental:%'`,
  );
  const spend = BigInt(row?.spend ?? '0');
  return {
    spend: spend > 0n ? spend : 0n,
    oldest:
      row?.oldest_at && row.oldest_amount
        ? { amount: BigInt(row.oldest_amount), at: new Date(row.oldest_at) }
        : null,
  };
}

export async function readState(db: Executor, userId: string): Promise<LoyaltyStateRow | null> {
  const [row] = await db.select().from(loyaltyStates).where(eq(loyaltyStates.userId, userId));
  return row ?? null;
}

/** The renter's state row, written as BRONZE when missing, locked to the caller's transaction. */
export async function lockState(tx: Executor, userId: string): Promise<LoyaltyStateRow> {
  await tx.insert(loyaltyStates).values({ userId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(loyaltyStates)
    .where(eq(loyaltyStates.userId, userId))
    .for('update');
  return row!;
}

export async function updateState(
  tx: Executor,
  userId: string,
  values: Partial<Omit<LoyaltyStateRow, 'userId'>>,
) {
  await tx
    .update(loyaltyStates)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(loyaltyStates.userId, userId));
}

export async function insertChange(
  tx: Executor,
  change: {
    userId: string;
    fromTier: LoyaltyTier;
    toTier: LoyaltyTier;
    reason: TierChangeReason;
    spend: bigint;
    at: Date;
  },
) {
  await tx.insert(loyaltyTierChanges).values({
    userId: change.userId,
    fromTier: change.fromTier,
    toTier: change.toTier,
    reason: change.reason,
    spend: change.spend,
    createdAt: change.at,
  });
}

/** The renter's latest tier changes, newest first. */
export async function changesOf(db: Executor, userId: string, limit = 50) {
  return db
    .select()
    .from(loyaltyTierChanges)
    .where(eq(loyaltyTierChanges.userId, userId))
    .orderBy(desc(loyaltyTierChanges.createdAt), desc(loyaltyTierChanges.id))
    .limit(limit);
}

/**
 * The next renters above BRONZE the daily recomputation has not looked at on `day`, locked and
 * skipped by any other instance working through the same queue.
 */
export async function lockDueStates(tx: Executor, day: string, limit: number) {
  return tx
    .select()
    .from(loyaltyStates)
    .where(
      and(
        sql`${loyaltyStates.tier} <> 'BRONZE'`,
        sql`(${loyaltyStates.checkedOn} is null or ${loyaltyStates.checkedOn} < ${day})`,
      ),
    )
    .orderBy(loyaltyStates.checkedOn)
    .limit(limit)
    .for('update', { skipLocked: true });
}
