import type { AdminVendorView } from '@crimsonhost/shared/vendors';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import {
  vendorApplications,
  vendorPayoutAddresses,
  vendors,
  vendorStatusChanges,
} from '../../db/schema/vendors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type VendorRow = typeof vendors.$inferSelect;
export type ApplicationRow = typeof vendorApplications.$inferSelect;

export const isUuid = (id: string) => UUID.test(id);

export async function findVendor(db: Executor, userId: string) {
  if (!UUID.test(userId)) return undefined;
  const [row] = await db.select().from(vendors).where(eq(vendors.userId, userId));
  return row;
}

/** The vendor's row locked for a change: status changes and decisions of one vendor take turns. */
export async function lockVendor(db: Executor, userId: string) {
  if (!UUID.test(userId)) return undefined;
  const [row] = await db.select().from(vendors).where(eq(vendors.userId, userId)).for('update');
  return row;
}

export async function insertVendor(db: Executor, values: typeof vendors.$inferInsert) {
  const [row] = await db.insert(vendors).values(values).returning();
  return row!;
}

export async function updateVendor(
  db: Executor,
  userId: string,
  values: Partial<typeof vendors.$inferInsert>,
) {
  const [row] = await db
    .update(vendors)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(vendors.userId, userId))
    .returning();
  return row!;
}

export async function insertStatusChange(
  db: Executor,
  values: typeof vendorStatusChanges.$inferInsert,
) {
  await db.insert(vendorStatusChanges).values(values);
}

export async function insertApplication(
  db: Executor,
  values: typeof vendorApplications.$inferInsert,
) {
  const [row] = await db.insert(vendorApplications).values(values).returning();
  return row!;
}

export async function applicationsOf(db: Executor, userId: string) {
  return db
    .select()
    .from(vendorApplications)
    .where(eq(vendorApplications.userId, userId))
    .orderBy(desc(vendorApplications.createdAt), desc(vendorApplications.id));
}

export async function latestApplication(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(vendorApplications)
    .where(eq(vendorApplications.userId, userId))
    .orderBy(desc(vendorApplications.createdAt), desc(vendorApplications.id))
    .limit(1);
  return row;
}

/** The application waiting for a decision, locked: two admins deciding at once take turns. */
export async function lockPendingApplication(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(vendorApplications)
    .where(and(eq(vendorApplications.userId, userId), eq(vendorApplications.status, 'PENDING')))
    .for('update');
  return row;
}

export async function decideApplication(
  db: Executor,
  id: string,
  values: { status: 'APPROVED' | 'REJECTED'; decidedBy: string; decisionReason: string | null },
) {
  await db
    .update(vendorApplications)
    .set({ ...values, decidedAt: sql`now()` })
    .where(eq(vendorApplications.id, id));
}

export async function payoutAddressesOf(db: Executor, vendorId: string) {
  return db
    .select()
    .from(vendorPayoutAddresses)
    .where(eq(vendorPayoutAddresses.vendorId, vendorId))
    .orderBy(asc(vendorPayoutAddresses.network));
}

/** Saves the addresses of an approved application: one per network, replacing what was there. */
export async function savePayoutAddresses(
  db: Executor,
  vendorId: string,
  addresses: Record<string, string>,
) {
  for (const [network, address] of Object.entries(addresses)) {
    await db
      .insert(vendorPayoutAddresses)
      .values({ vendorId, network, address })
      .onConflictDoUpdate({
        target: [vendorPayoutAddresses.vendorId, vendorPayoutAddresses.network],
        set: { address, updatedAt: sql`now()` },
      });
  }
}

/** Replaces the vendor's payout addresses with `addresses`: a network left out has none after. */
export async function replacePayoutAddresses(
  db: Executor,
  vendorId: string,
  addresses: Record<string, string>,
) {
  await db.delete(vendorPayoutAddresses).where(eq(vendorPayoutAddresses.vendorId, vendorId));
  await savePayoutAddresses(db, vendorId, addresses);
}

export async function statusHistoryOf(db: Executor, vendorId: string) {
  return db
    .select({
      change: vendorStatusChanges,
      actorName: users.displayName,
    })
    .from(vendorStatusChanges)
    .leftJoin(users, eq(users.id, vendorStatusChanges.actorId))
    .where(eq(vendorStatusChanges.vendorId, vendorId))
    .orderBy(desc(vendorStatusChanges.createdAt), desc(vendorStatusChanges.id));
}

/** A vendor as the staff area lists it: its account, listings and any waiting application. */
export interface AdminVendorRow {
  user_id: string;
  display_name: string;
  contact_email: string;
  status: string;
  status_reason: string | null;
  games: string[];
  regions: string[];
  created_at: Date | string;
  updated_at: Date | string;
  account_email: string;
  account_name: string;
  account_role: string;
  listings: string;
  pending_application_id: string | null;
  applied_at: Date | string | null;
}

export interface VendorFilter {
  view: AdminVendorView;
  q?: string;
  page: number;
  pageSize: number;
}

const vendorSelect = sql`select v.user_id, v.display_name, v.contact_email, v.status, v.status_reason,
         v.games, v.regions, v.created_at, v.updated_at,
         u.email as account_email, u.display_name as account_name, u.role as account_role,
         (select count(*) from server_listings l where l.vendor_id = v.user_id)::text as listings,
         p.id as pending_application_id, p.created_at as applied_at
    from vendors v
    join users u on u.id = v.user_id
    left join vendor_applications p on p.user_id = v.user_id and p.status = 'PENDING'`;

function searchOf(q: string): SQL {
  if (UUID.test(q)) return sql`v.user_id = ${q.toLowerCase()}`;
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(lower(v.display_name) like ${like} or lower(v.contact_email) like ${like}
              or lower(u.email) like ${like} or lower(u.display_name) like ${like})`;
}

/**
 * The Vendors section's lists: `applications` is the vendors with an application waiting, the
 * oldest first (a queue); the others are vendors by status, the newest first.
 */
export async function searchVendors(db: Executor, filter: VendorFilter) {
  const conditions: SQL[] = [];
  if (filter.view === 'applications') conditions.push(sql`p.id is not null`);
  else if (filter.view !== 'all') conditions.push(sql`v.status = ${filter.view}`);
  if (filter.q) conditions.push(searchOf(filter.q));
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const order =
    filter.view === 'applications'
      ? sql`order by p.created_at asc, v.user_id`
      : sql`order by v.created_at desc, v.user_id`;
  const rows = await queryRows<AdminVendorRow>(
    db,
    sql`${vendorSelect} ${where} ${order}
        limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`,
  );
  const [counted] = await queryRows<{ total: string }>(
    db,
    sql`select count(*)::text as total from vendors v join users u on u.id = v.user_id
          left join vendor_applications p on p.user_id = v.user_id and p.status = 'PENDING'
        ${where}`,
  );
  return { rows, total: Number(counted?.total ?? 0) };
}

export async function findAdminVendor(db: Executor, userId: string) {
  if (!UUID.test(userId)) return undefined;
  const [row] = await queryRows<AdminVendorRow>(
    db,
    sql`${vendorSelect} where v.user_id = ${userId.toLowerCase()}`,
  );
  return row;
}
