import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rentalDisputes } from '../../db/schema/disputes';

export type DisputeRow = typeof rentalDisputes.$inferSelect;

/** Whether the rental has an open dispute: its money then stays where it is. */
export async function hasOpenDispute(db: Executor, rentalId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: rentalDisputes.id })
    .from(rentalDisputes)
    .where(and(eq(rentalDisputes.rentalId, rentalId), eq(rentalDisputes.status, 'OPEN')))
    .limit(1);
  return row !== undefined;
}

export async function insertDispute(db: Executor, values: typeof rentalDisputes.$inferInsert) {
  const [row] = await db.insert(rentalDisputes).values(values).returning();
  return row!;
}

export async function lockDispute(db: Executor, id: string): Promise<DisputeRow | null> {
  const [row] = await db
    .select()
    .from(rentalDisputes)
    .where(eq(rentalDisputes.id, id))
    .for('update');
  return row ?? null;
}

export async function findDispute(db: Executor, id: string): Promise<DisputeRow | null> {
  const [row] = await db.select().from(rentalDisputes).where(eq(rentalDisputes.id, id));
  return row ?? null;
}

export async function updateDispute(
  db: Executor,
  id: string,
  values: Partial<typeof rentalDisputes.$inferInsert>,
) {
  const [row] = await db
    .update(rentalDisputes)
    .set(values)
    .where(eq(rentalDisputes.id, id))
    .returning();
  return row!;
}

/** How many disputes of a vendor's rentals are open: the vendor area's Overview. */
export async function openDisputeCount(db: Executor, vendorId: string): Promise<number> {
  const rows = await db
    .select({ id: rentalDisputes.id })
    .from(rentalDisputes)
    .where(and(eq(rentalDisputes.vendorId, vendorId), eq(rentalDisputes.status, 'OPEN')));
  return rows.length;
}

/** The dispute argued in a support ticket, if any. */
export async function disputeOfTicket(db: Executor, ticketId: string): Promise<DisputeRow | null> {
  const [row] = await db
    .select()
    .from(rentalDisputes)
    .where(eq(rentalDisputes.ticketId, ticketId))
    .orderBy(desc(rentalDisputes.openedAt))
    .limit(1);
  return row ?? null;
}

/** The latest dispute of each rental, for the rentals' views. */
export async function latestDisputes(
  db: Executor,
  rentalIds: readonly string[],
): Promise<Map<string, DisputeRow>> {
  if (rentalIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(rentalDisputes)
    .where(inArray(rentalDisputes.rentalId, [...rentalIds]))
    .orderBy(desc(rentalDisputes.openedAt));
  const latest = new Map<string, DisputeRow>();
  for (const row of rows) if (!latest.has(row.rentalId)) latest.set(row.rentalId, row);
  return latest;
}
