import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rentals } from '../../db/schema/rentals';
import {
  afterCursor,
  countRows,
  createdMicros,
  historyPage,
  limitOf,
  offsetOf,
  type HistoryPageRequest,
} from '../../lib/history-page';

export type RentalRow = typeof rentals.$inferSelect;

export async function insertRental(db: Executor, values: typeof rentals.$inferInsert) {
  const [row] = await db.insert(rentals).values(values).returning();
  return row!;
}

export async function findRental(db: Executor, id: string) {
  const [row] = await db.select().from(rentals).where(eq(rentals.id, id));
  return row;
}

export async function findRentalOfRenter(db: Executor, renterId: string, id: string) {
  const [row] = await db
    .select()
    .from(rentals)
    .where(and(eq(rentals.id, id), eq(rentals.renterId, renterId)));
  return row;
}

/** Locks the rental row for the rest of the transaction. */
export async function lockRental(db: Executor, id: string, options: { skipLocked?: boolean } = {}) {
  const query = db.select().from(rentals).where(eq(rentals.id, id));
  const [row] = await (options.skipLocked
    ? query.for('update', { skipLocked: true })
    : query.for('update'));
  return row;
}

export async function updateRental(
  db: Executor,
  id: string,
  values: Partial<typeof rentals.$inferInsert>,
) {
  const [row] = await db
    .update(rentals)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(rentals.id, id))
    .returning();
  return row!;
}

/** One page of a renter's rentals, newest first, read along `rentals_renter_idx` (lib/history-page.ts). */
export async function listRentalsOfRenter(
  db: Executor,
  renterId: string,
  filter: HistoryPageRequest & { status?: string; serverId?: string },
) {
  const where = and(
    eq(rentals.renterId, renterId),
    filter.status ? eq(rentals.status, filter.status) : undefined,
    filter.serverId ? eq(rentals.listingId, filter.serverId) : undefined,
  );
  const read = await db
    .select({ rental: rentals, micros: createdMicros(rentals.createdAt) })
    .from(rentals)
    .where(and(where, afterCursor(rentals.createdAt, rentals.id, filter.after)))
    .orderBy(desc(rentals.createdAt), desc(rentals.id))
    .limit(limitOf(filter))
    .offset(offsetOf(filter));
  const page = await historyPage(
    filter,
    read,
    (row) => row.rental.id,
    (limit) =>
      countRows(
        db,
        db
          .select({ one: sql`1` })
          .from(rentals)
          .where(where)
          .limit(limit)
          .as('m'),
      ),
  );
  return { ...page, rows: page.rows.map((row) => row.rental) };
}

/** Active rentals whose time is up, oldest first. */
export async function dueRentalIds(db: Executor, now: Date, limit: number) {
  const rows = await db
    .select({ id: rentals.id })
    .from(rentals)
    .where(and(eq(rentals.status, 'ACTIVE'), lte(rentals.endsAt, now)))
    .orderBy(rentals.endsAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function powerOffPending(db: Executor, limit: number) {
  return db
    .select({ id: rentals.id, listingId: rentals.listingId })
    .from(rentals)
    .where(eq(rentals.powerOffPending, true))
    .limit(limit);
}

/**
 * Ended rentals whose vendor share is still pending and whose dispute window closed before
 * `before` (their end was at least VENDOR_CLEARING_DAYS ago), the oldest first.
 */
export async function rentalIdsToClear(db: Executor, before: Date, limit: number) {
  const rows = await db
    .select({ id: rentals.id })
    .from(rentals)
    .where(
      and(
        sql`${rentals.status} <> 'ACTIVE'`,
        sql`${rentals.clearedAt} is null`,
        lte(rentals.endedAt, before),
        // A disputed rental's money waits for the decision (the buyer protection policy).
        sql`not exists (select 1 from rental_disputes d where d.rental_id = ${rentals.id} and d.status = 'OPEN')`,
      ),
    )
    .orderBy(rentals.endedAt)
    .limit(limit);
  return rows.map((row) => row.id);
}
