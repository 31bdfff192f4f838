import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
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
  const [row] = await db
    .select({ n: count() })
    .from(rentalDisputes)
    .where(and(eq(rentalDisputes.vendorId, vendorId), eq(rentalDisputes.status, 'OPEN')));
  return row?.n ?? 0;
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

/**
 * A vendor's disputes, open ones first (soonest answer due first), then the decided ones newest
 * first; a page of them and how many there are.
 */
export async function disputesOfVendor(
  db: Executor,
  vendorId: string,
  query: { onlyOpen: boolean; page: number; pageSize: number },
): Promise<{ rows: DisputeRow[]; total: number }> {
  const where = and(
    eq(rentalDisputes.vendorId, vendorId),
    query.onlyOpen ? eq(rentalDisputes.status, 'OPEN') : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(rentalDisputes)
      .where(where)
      .orderBy(
        sql`case when ${rentalDisputes.status} = 'OPEN' then 0 else 1 end`,
        asc(
          sql`case when ${rentalDisputes.status} = 'OPEN' then ${rentalDisputes.vendorAnswerDueAt} end`,
        ),
        desc(rentalDisputes.openedAt),
        desc(rentalDisputes.id),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(rentalDisputes).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** A vendor's dispute, or null when it is not theirs (another vendor's answers not found). */
export async function disputeOfVendor(
  db: Executor,
  vendorId: string,
  id: string,
  { lock = false } = {},
): Promise<DisputeRow | null> {
  const select = db
    .select()
    .from(rentalDisputes)
    .where(and(eq(rentalDisputes.id, id), eq(rentalDisputes.vendorId, vendorId)));
  const [row] = lock ? await select.for('update') : await select;
  return row ?? null;
}
