import type { AdminPayoutView } from '@crimsonhost/shared/vendor-payouts';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { depositNetworks } from '../../db/schema/wallet';
import { vendorPayouts } from '../../db/schema/vendors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PayoutRow = typeof vendorPayouts.$inferSelect;
export const OPEN_PAYOUT_STATUSES = ['REQUESTED', 'SUBMITTED'] as const;

export async function insertPayout(db: Executor, values: typeof vendorPayouts.$inferInsert) {
  const [row] = await db.insert(vendorPayouts).values(values).returning();
  return row!;
}

export async function updatePayout(
  db: Executor,
  id: string,
  values: Partial<typeof vendorPayouts.$inferInsert>,
) {
  const [row] = await db
    .update(vendorPayouts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(vendorPayouts.id, id))
    .returning();
  return row!;
}

export async function findPayout(db: Executor, id: string) {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select().from(vendorPayouts).where(eq(vendorPayouts.id, id));
  return row;
}

/** The payout locked for a change; `skipLocked` lets two job instances share the work. */
export async function lockPayout(db: Executor, id: string, options: { skipLocked?: boolean } = {}) {
  if (!UUID.test(id)) return undefined;
  const query = db.select().from(vendorPayouts).where(eq(vendorPayouts.id, id));
  const [row] = await (options.skipLocked
    ? query.for('update', { skipLocked: true })
    : query.for('update'));
  return row;
}

export async function openPayoutOf(db: Executor, vendorId: string) {
  const [row] = await db
    .select()
    .from(vendorPayouts)
    .where(
      and(
        eq(vendorPayouts.vendorId, vendorId),
        inArray(vendorPayouts.status, [...OPEN_PAYOUT_STATUSES]),
      ),
    );
  return row;
}

/** The vendor's latest request, whatever became of it: one request a day. */
export async function latestPayoutOf(db: Executor, vendorId: string) {
  const [row] = await db
    .select()
    .from(vendorPayouts)
    .where(eq(vendorPayouts.vendorId, vendorId))
    .orderBy(desc(vendorPayouts.requestedAt), desc(vendorPayouts.id))
    .limit(1);
  return row;
}

export async function payoutsOf(
  db: Executor,
  vendorId: string,
  page: { page: number; pageSize: number },
) {
  const rows = await db
    .select()
    .from(vendorPayouts)
    .where(eq(vendorPayouts.vendorId, vendorId))
    .orderBy(desc(vendorPayouts.requestedAt), desc(vendorPayouts.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [counted] = await queryRows<{ total: string }>(
    db,
    sql`select count(*)::text as total from vendor_payouts where vendor_id = ${vendorId}`,
  );
  return { rows, total: Number(counted?.total ?? 0) };
}

/** Which payout, if any, a chain transaction already pays. */
export async function payoutOfTransaction(db: Executor, network: string, txHash: string) {
  const [row] = await db
    .select({ id: vendorPayouts.id })
    .from(vendorPayouts)
    .where(and(eq(vendorPayouts.network, network), eq(vendorPayouts.txHash, txHash)));
  return row;
}

/** Payouts waiting for their transaction's confirmations, oldest first. */
export async function submittedPayoutIds(db: Executor, limit: number) {
  const rows = await db
    .select({ id: vendorPayouts.id })
    .from(vendorPayouts)
    .where(eq(vendorPayouts.status, 'SUBMITTED'))
    .orderBy(vendorPayouts.requestedAt, vendorPayouts.id)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** The confirmations the staff area's Settings ask of a network's deposits: payouts ask the same. */
export async function requiredConfirmations(db: Executor, network: string) {
  const [row] = await db
    .select({ confirmations: depositNetworks.confirmations })
    .from(depositNetworks)
    .where(eq(depositNetworks.network, network));
  return row?.confirmations ?? null;
}

export interface AdminPayoutRow extends PayoutRow {
  vendorName: string;
  vendorEmail: string;
}

const adminSelect = sql`select p.*, v.display_name as vendor_name, u.email as vendor_email
    from vendor_payouts p
    join vendors v on v.user_id = p.vendor_id
    join users u on u.id = p.vendor_id`;

interface RawAdminPayout {
  id: string;
  vendor_id: string;
  network: string;
  address: string;
  amount: string;
  status: string;
  tx_hash: string | null;
  block_number: string | null;
  confirmations: number | null;
  required_confirmations: number | null;
  reason: string | null;
  requested_at: Date | string;
  submitted_at: Date | string | null;
  submitted_by: string | null;
  paid_at: Date | string | null;
  closed_at: Date | string | null;
  closed_by: string | null;
  updated_at: Date | string;
  vendor_name: string;
  vendor_email: string;
}

const date = (value: Date | string) => new Date(value);
const maybeDate = (value: Date | string | null) => (value === null ? null : new Date(value));

function toAdminRow(raw: RawAdminPayout): AdminPayoutRow {
  return {
    id: raw.id,
    vendorId: raw.vendor_id,
    network: raw.network,
    address: raw.address,
    amount: BigInt(raw.amount),
    status: raw.status,
    txHash: raw.tx_hash,
    blockNumber: raw.block_number === null ? null : BigInt(raw.block_number),
    confirmations: raw.confirmations,
    requiredConfirmations: raw.required_confirmations,
    reason: raw.reason,
    requestedAt: date(raw.requested_at),
    submittedAt: maybeDate(raw.submitted_at),
    submittedBy: raw.submitted_by,
    paidAt: maybeDate(raw.paid_at),
    closedAt: maybeDate(raw.closed_at),
    closedBy: raw.closed_by,
    updatedAt: date(raw.updated_at),
    vendorName: raw.vendor_name,
    vendorEmail: raw.vendor_email,
  };
}

function viewOf(view: AdminPayoutView): SQL | null {
  switch (view) {
    case 'open':
      return sql`p.status in ('REQUESTED', 'SUBMITTED')`;
    case 'closed':
      return sql`p.status in ('REJECTED', 'CANCELLED')`;
    case 'all':
      return null;
    case 'REQUESTED':
    case 'SUBMITTED':
    case 'PAID':
      return sql`p.status = ${view}`;
  }
}

function searchOf(q: string): SQL {
  if (UUID.test(q)) return sql`(p.id = ${q.toLowerCase()} or p.vendor_id = ${q.toLowerCase()})`;
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(lower(v.display_name) like ${like} or lower(u.email) like ${like}
              or lower(p.address) like ${like} or lower(p.tx_hash) like ${like})`;
}

/**
 * The staff area's Payouts queue: open payouts oldest first (the one waiting longest is sent
 * first); the other views newest first.
 */
export async function searchPayouts(
  db: Executor,
  filter: { view: AdminPayoutView; q?: string; page: number; pageSize: number },
) {
  const conditions = [viewOf(filter.view), filter.q ? searchOf(filter.q) : null].filter(
    (condition): condition is SQL => condition !== null,
  );
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const order =
    filter.view === 'open' || filter.view === 'REQUESTED' || filter.view === 'SUBMITTED'
      ? sql`order by p.requested_at asc, p.id`
      : sql`order by p.requested_at desc, p.id desc`;
  const rows = await queryRows<RawAdminPayout>(
    db,
    sql`${adminSelect} ${where} ${order}
        limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`,
  );
  const [counted] = await queryRows<{ total: string }>(
    db,
    sql`select count(*)::text as total from vendor_payouts p
          join vendors v on v.user_id = p.vendor_id join users u on u.id = p.vendor_id ${where}`,
  );
  return { rows: rows.map(toAdminRow), total: Number(counted?.total ?? 0) };
}

export async function findAdminPayout(db: Executor, id: string) {
  if (!UUID.test(id)) return undefined;
  const [raw] = await queryRows<RawAdminPayout>(
    db,
    sql`${adminSelect} where p.id = ${id.toLowerCase()}`,
  );
  return raw ? toAdminRow(raw) : undefined;
}
