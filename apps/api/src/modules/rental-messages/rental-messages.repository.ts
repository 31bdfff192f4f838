import type { ThreadSide } from '@crimsonhost/shared/rental-messages';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { moderationFlags } from '../../db/schema/moderation';
import { rentalMessages, rentalThreads } from '../../db/schema/rental-messages';
import { rentals } from '../../db/schema/rentals';
import { supportTickets } from '../../db/schema/support';

export type RentalMessageRow = typeof rentalMessages.$inferSelect;
export type ThreadRow = typeof rentalThreads.$inferSelect;

const renter = alias(users, 'renter');
const vendor = alias(users, 'vendor');

/** A rental with what its thread shows and checks: its two sides, their names, its times. */
export async function threadRental(db: Executor, rentalId: string) {
  const [row] = await db
    .select({
      id: rentals.id,
      listingId: rentals.listingId,
      status: rentals.status,
      endsAt: rentals.endsAt,
      endedAt: rentals.endedAt,
      renterId: rentals.renterId,
      vendorId: rentals.vendorId,
      renterName: renter.displayName,
      renterEmail: renter.email,
      vendorName: vendor.displayName,
      vendorEmail: vendor.email,
    })
    .from(rentals)
    .innerJoin(renter, eq(renter.id, rentals.renterId))
    .innerJoin(vendor, eq(vendor.id, rentals.vendorId))
    .where(eq(rentals.id, rentalId));
  return row;
}
export type ThreadRental = NonNullable<Awaited<ReturnType<typeof threadRental>>>;

export async function findThread(db: Executor, rentalId: string) {
  const [row] = await db.select().from(rentalThreads).where(eq(rentalThreads.rentalId, rentalId));
  return row;
}

/** The thread's row for a new message: the writer has read everything up to it. */
export async function recordMessage(
  db: Executor,
  message: { rentalId: string; side: ThreadSide; seq: number; at: Date },
) {
  const key = message.side === 'renter' ? 'renterReadSeq' : 'vendorReadSeq';
  const [row] = await db
    .insert(rentalThreads)
    .values({ rentalId: message.rentalId, lastMessageAt: message.at, [key]: message.seq })
    .onConflictDoUpdate({
      target: rentalThreads.rentalId,
      set: {
        lastMessageAt: message.at,
        [key]: sql`greatest(${rentalThreads[key]}, ${message.seq})`,
      },
    })
    .returning();
  return row!;
}

/** One side has read the thread up to `seq` (never moves back). */
export async function markRead(db: Executor, rentalId: string, side: ThreadSide, seq: number) {
  const key = side === 'renter' ? 'renterReadSeq' : 'vendorReadSeq';
  await db
    .update(rentalThreads)
    .set({ [key]: sql`greatest(${rentalThreads[key]}, ${seq})` })
    .where(eq(rentalThreads.rentalId, rentalId));
}

/** One side was mailed about the thread up to `seq`. */
export async function markMailed(db: Executor, rentalId: string, side: ThreadSide, seq: number) {
  await db
    .update(rentalThreads)
    .set({ [side === 'renter' ? 'renterMailedSeq' : 'vendorMailedSeq']: seq })
    .where(eq(rentalThreads.rentalId, rentalId));
}

export async function insertMessage(db: Executor, values: typeof rentalMessages.$inferInsert) {
  const [row] = await db.insert(rentalMessages).values(values).returning();
  return row!;
}

/** The latest `limit` messages written before `beforeSeq` (all when null), newest first. */
export async function messagesBefore(
  db: Executor,
  rentalId: string,
  beforeSeq: number | null,
  limit: number,
) {
  return db
    .select()
    .from(rentalMessages)
    .where(
      and(
        eq(rentalMessages.rentalId, rentalId),
        beforeSeq === null ? undefined : lt(rentalMessages.seq, beforeSeq),
      ),
    )
    .orderBy(desc(rentalMessages.seq))
    .limit(limit);
}

export async function messageOfRental(db: Executor, rentalId: string, id: string) {
  const [row] = await db
    .select({ seq: rentalMessages.seq })
    .from(rentalMessages)
    .where(and(eq(rentalMessages.rentalId, rentalId), eq(rentalMessages.id, id)));
  return row;
}

/**
 * Messages from the other side that `side` has not read, per rental: one query for a page of
 * rentals that starts from the page's threads (their primary key) and counts each one's unread
 * run on the thread index, so its cost follows the page, not the table.
 */
export async function unreadCounts(
  db: Executor,
  rentalIds: readonly string[],
  side: ThreadSide,
): Promise<Map<string, number>> {
  if (rentalIds.length === 0) return new Map();
  const read = sql.raw(side === 'renter' ? 't.renter_read_seq' : 't.vendor_read_seq');
  const ids = sql.join(
    rentalIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await queryRows<{ rental_id: string; unread: number }>(
    db,
    sql`select t.rental_id,
               (select count(*) from rental_messages m
                 where m.rental_id = t.rental_id and m.seq > ${read} and m.side <> ${side})::int
                 as unread
          from rental_threads t
         where t.rental_id in (${ids})`,
  );
  return new Map(rows.filter((row) => row.unread > 0).map((row) => [row.rental_id, row.unread]));
}

/** Support reads a rental's thread once a ticket names the rental or a flag was raised on it. */
export async function staffMayRead(db: Executor, rentalId: string) {
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`
    select exists (select 1 from ${supportTickets} where ${supportTickets.rentalId} = ${rentalId})
        or exists (select 1 from ${moderationFlags} where ${moderationFlags.rentalId} = ${rentalId}) as ok`,
  );
  return Boolean(row?.ok);
}
