import type { AdminDepositView } from '@crimsonhost/shared/admin-deposits';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { chainTransfers, depositAddressKey } from '../../db/schema/wallet';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TX_HASH = /^(0x)?[0-9a-f]{64}$/i;

/** A deposit with its owner and what the transfers to its address add up to. */
export interface DepositListRow {
  id: string;
  user_id: string;
  user_name: string;
  user_email: string;
  network: string;
  address: string;
  derivation_index: number;
  status: string;
  requested_amount: string;
  received: string;
  credited: string;
  transfers: string;
  confirmations: number;
  required_confirmations: number | null;
  late: boolean;
  misdirected: boolean;
  address_collision: boolean;
  created_at: Date | string;
  expires_at: Date | string;
  watch_until: Date | string;
  cancelled_at: Date | string | null;
}

export interface DepositFilter {
  view: AdminDepositView;
  network?: string;
  q?: string;
  page: number;
  pageSize: number;
}

/**
 * The live transfers are those not replaced, reverted or dust; a deposit's own are those paid on
 * its network. A wrong-network payment counts only as `misdirected`, until it is credited.
 */
const figures = sql`left join lateral (
    select
      coalesce(sum(ct.amount) filter (where own and live), 0)::text as received,
      coalesce(sum(ct.amount) filter (where own and ct.status = 'CREDITED'), 0)::text as credited,
      count(*)::text as transfers,
      coalesce(max(ct.confirmations) filter (where own and live), 0)::int as confirmations,
      coalesce(bool_or(ct.late) filter (where own and live), false) as late,
      coalesce(bool_or(not own and ct.status in ('SEEN', 'CONFIRMING', 'HELD')), false)
        as misdirected
    from chain_transfers ct,
         lateral (select not ct.wrong_network as own,
                         ct.status in ('SEEN', 'CONFIRMING', 'CREDITED') as live) as k
    where ct.deposit_id = d.transaction_id
  ) as f on true`;

const VIEWS: Record<AdminDepositView, SQL | null> = {
  all: null,
  open: sql`d.status = 'CONFIRMING' or (d.status = 'WAITING' and d.expires_at > now())`,
  late: sql`f.late`,
  short: sql`f.received::numeric > 0 and f.received::numeric < d.requested_amount`,
  over: sql`f.received::numeric > d.requested_amount`,
  expired: sql`f.received::numeric = 0
    and (d.status = 'EXPIRED' or (d.status = 'WAITING' and d.expires_at <= now()))`,
  misdirected: sql`f.misdirected`,
};

/** What `q` names: a deposit or owner id, a transaction hash, an address, or an owner's words. */
function searchOf(q: string): SQL {
  if (UUID.test(q)) {
    const id = q.toLowerCase();
    return sql`(d.transaction_id = ${id} or d.user_id = ${id})`;
  }
  if (TX_HASH.test(q)) {
    const bare = q.toLowerCase().replace(/^0x/, '');
    return sql`exists (select 1 from chain_transfers h
                        where h.deposit_id = d.transaction_id
                          and h.tx_hash in (${bare}, ${`0x${bare}`}))`;
  }
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const key = q.startsWith('0x') ? q.toLowerCase() : q;
  return sql`(${depositAddressKey(sql`d.address`)} = ${key}
              or lower(u.email) like ${like} or lower(u.display_name) like ${like})`;
}

function whereOf(filter: Omit<DepositFilter, 'page' | 'pageSize'>): SQL {
  const parts: SQL[] = [sql`true`];
  const view = VIEWS[filter.view];
  if (view) parts.push(sql`(${view})`);
  if (filter.network) parts.push(sql`d.network = ${filter.network}`);
  const q = filter.q?.trim();
  if (q) parts.push(searchOf(q));
  return sql.join(parts, sql` and `);
}

const select = sql`select d.transaction_id as id, d.user_id, u.display_name as user_name,
         u.email as user_email, d.network, d.address, d.derivation_index, d.status,
         d.requested_amount::text as requested_amount, f.received, f.credited, f.transfers,
         f.confirmations, w.required_confirmations, f.late, f.misdirected, d.address_collision,
         d.created_at, d.expires_at, d.watch_until, d.cancelled_at
    from deposits d
    join users u on u.id = d.user_id
    join wallet_transactions w on w.id = d.transaction_id
    ${figures}`;

/** One page of deposits in a view, newest first, with how many the view holds. */
export async function listDeposits(db: Executor, filter: DepositFilter) {
  const where = whereOf(filter);
  const [rows, counted] = await Promise.all([
    queryRows<DepositListRow>(
      db,
      sql`${select} where ${where}
          order by d.created_at desc, d.transaction_id desc
          limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`,
    ),
    queryRows<{ total: string }>(
      db,
      // Open and all read no figures: their count skips the sums over each deposit's transfers.
      sql`select count(*)::text as total from deposits d join users u on u.id = d.user_id
          ${filter.view === 'all' || filter.view === 'open' ? sql`` : figures} where ${where}`,
    ),
  ]);
  return { rows, total: Number(counted[0]?.total ?? 0) };
}

export async function findDeposit(db: Executor, id: string) {
  if (!UUID.test(id)) return undefined;
  const [row] = await queryRows<DepositListRow>(
    db,
    sql`${select} where d.transaction_id = ${id.toLowerCase()}`,
  );
  return row;
}

/** Every transfer to a deposit's address, as the watcher stored them, oldest first. */
export async function transfersOf(db: Executor, depositId: string) {
  return db
    .select()
    .from(chainTransfers)
    .where(eq(chainTransfers.depositId, depositId))
    .orderBy(asc(chainTransfers.createdAt), asc(chainTransfers.id));
}

export async function findTransfer(db: Executor, depositId: string, transferId: string) {
  if (!UUID.test(transferId)) return undefined;
  const [row] = await db
    .select()
    .from(chainTransfers)
    .where(
      sql`${chainTransfers.id} = ${transferId} and ${chainTransfers.depositId} = ${depositId}`,
    );
  return row;
}
