import { sql, type SQL } from 'drizzle-orm';
import { LEDGER_CHECK_LIST_LIMIT } from '@crimsonhost/shared/ledger-admin';
import { queryRows, type Executor } from '../../db/client';

/**
 * The queries of "Check the books" (decision 034). Each aggregates in the database and answers a
 * few figures and, for each kind of violation, at most LEDGER_CHECK_LIST_LIMIT rows as JSON, each
 * row carrying `found`, how many there are in all. Amounts come back as text: exact.
 */

/** Rows of a violation list; every row says how many were found in all. */
export type Found<Row> = Array<Row & { found: number | string }> | null;

/** `rows` (a select of what is wrong) as a JSON array of at most the list limit, with `found`. */
const listed = (rows: SQL, orderBy: SQL) =>
  sql`(select json_agg(v) from (
         select w.*, count(*) over () as found from (${rows}) w
          order by ${orderBy} limit ${LEDGER_CHECK_LIST_LIMIT}
       ) v)`;

/**
 * For the rest of the transaction, plans for reading whole tables once: no JIT compilation (it
 * cost more than it saved on these one-off aggregates) and no plain index scans, which PostgreSQL
 * otherwise picks to group 3 million entries by transaction in index order, reading the table
 * in random order (3 times slower than hashing it; docs/decisions/034-checking-the-books.md).
 */
export async function forWholeTableReads(db: Executor) {
  await db.execute(sql`set local jit = off`);
  await db.execute(sql`set local enable_indexscan = off`);
}

/**
 * The ids of the platform's accounts of one kind (escrow; chain clearing). Queries name them as
 * values rather than joining on the kind: the planner then knows from its statistics that these
 * few accounts hold most entries, and reads them with hash joins instead of a lookup per entry.
 */
export async function accountIdsOfKind(db: Executor, kind: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from ledger_accounts where kind = ${kind} order by id`,
  );
  return rows.map((row) => row.id);
}

/** `in (…)` of account ids; never empty, which SQL refuses. */
const inAccounts = (ids: string[]) =>
  ids.length === 0
    ? sql`in (null::uuid)`
    : sql`in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`;

/**
 * Every ledger transaction sums to zero in each currency and has entries. Entries are summed per
 * transaction without their accounts (one parallel pass): nearly every transaction moves USDT
 * only, and for those the sum is the sum in USDT. The few that touch an account in another
 * currency (platform credit) are summed per currency on their own.
 */
export async function transactionChecks(db: Executor) {
  const [row] = await queryRows<{
    transactions: string;
    entries: string;
    unbalanced: Found<{
      id: string;
      reference: string;
      kind: string;
      currency: string;
      total: string;
    }>;
    empty: Found<{ id: string; reference: string; kind: string }>;
  }>(
    db,
    sql`with sums as materialized (
          select ledger_transaction_id as id, sum(amount) as total, count(*) as n
            from ledger_entries group by ledger_transaction_id
        ), other as materialized (
          select e.ledger_transaction_id as id, a.currency, sum(e.amount) as total
            from ledger_entries e join ledger_accounts a on a.id = e.account_id
           where e.ledger_transaction_id in (
                   select o.ledger_transaction_id from ledger_entries o
                    where o.account_id in (select id from ledger_accounts where currency <> 'USDT'))
           group by e.ledger_transaction_id, a.currency
        ), unbalanced as (
          select s.id, 'USDT' as currency, s.total from sums s
           where s.total <> 0 and not exists (select 1 from other o where o.id = s.id)
          union all
          select id, currency, total from other where total <> 0
        )
        select
          (select count(*) from ledger_transactions)::text as transactions,
          (select coalesce(sum(n), 0) from sums)::text as entries,
          ${listed(
            sql`select t.id, t.reference, t.kind, u.currency, u.total::text as total, t.created_at
                  from unbalanced u join ledger_transactions t on t.id = u.id`,
            sql`w.created_at, w.id, w.currency`,
          )} as unbalanced,
          ${listed(
            sql`select t.id, t.reference, t.kind, t.created_at from ledger_transactions t
                 where not exists (select 1 from sums s where s.id = t.id)`,
            sql`w.created_at, w.id`,
          )} as empty`,
  );
  return row!;
}

type AccountProblem = {
  id: string;
  kind: string;
  currency: string;
  network: string | null;
  owner_id: string | null;
  email: string | null;
  name: string | null;
  balance: string;
  summed: string;
};

/**
 * Every account's balance against the sum of its entries, summed once per account: user accounts
 * and vendors' pending, available and payout-pending accounts cache it (and may not be negative),
 * the others keep 0 on their row. Also the totals by kind.
 */
export async function accountChecks(db: Executor) {
  const problem = (where: SQL) =>
    listed(
      sql`select x.id, x.kind, x.currency, x.network, x.owner_id, u.email, u.display_name as name,
                 x.balance::text as balance, x.summed::text as summed
            from accounts x left join users u on u.id = x.owner_id where ${where}`,
      sql`w.id`,
    );
  const total = (where: SQL, column: SQL) =>
    sql`(select coalesce(sum(${column}), 0) from accounts where ${where})::text`;
  const [row] = await queryRows<{
    accounts: string;
    user_accounts: string;
    user_wallets: string;
    platform_credit: string;
    escrow: string;
    vendor_pending: string;
    vendor_available: string;
    vendor_payout_pending: string;
    platform_revenue: string;
    chain_clearing: string;
    paypal_clearing: string;
    user_debt: string;
    dispute_held: string;
    drift: Found<AccountProblem>;
    negative: Found<AccountProblem>;
    platform_rows: Found<AccountProblem>;
  }>(
    db,
    sql`with sums as (
          select account_id, sum(amount) as total from ledger_entries group by account_id
        ), accounts as materialized (
          select a.id, a.kind, a.currency, a.network, a.owner_id, a.balance,
                 coalesce(s.total, 0) as summed, a.kind in ('USER_WALLET', 'USER_CREDIT', 'VENDOR_PENDING', 'VENDOR_AVAILABLE', 'VENDOR_PAYOUT_PENDING') as cached
            from ledger_accounts a left join sums s on s.account_id = a.id
        )
        select
          (select count(*) from accounts)::text as accounts,
          (select count(*) from accounts where kind in ('USER_WALLET', 'USER_CREDIT'))::text as user_accounts,
          ${total(sql`kind = 'USER_WALLET'`, sql`balance`)} as user_wallets,
          ${total(sql`kind = 'USER_CREDIT'`, sql`balance`)} as platform_credit,
          ${total(sql`kind = 'ESCROW'`, sql`summed`)} as escrow,
          ${total(sql`kind = 'VENDOR_PENDING'`, sql`summed`)} as vendor_pending,
          ${total(sql`kind = 'VENDOR_AVAILABLE'`, sql`summed`)} as vendor_available,
          ${total(sql`kind = 'VENDOR_PAYOUT_PENDING'`, sql`summed`)} as vendor_payout_pending,
          ${total(sql`kind = 'PLATFORM_REVENUE' and currency = 'USDT'`, sql`summed`)} as platform_revenue,
          ${total(sql`kind = 'CHAIN_CLEARING'`, sql`summed`)} as chain_clearing,
          ${total(sql`kind = 'PAYPAL_CLEARING'`, sql`summed`)} as paypal_clearing,
          ${total(sql`kind = 'USER_DEBT'`, sql`summed`)} as user_debt,
          ${total(sql`kind = 'USER_DISPUTE_HOLD'`, sql`summed`)} as dispute_held,
          ${problem(sql`x.cached and x.balance <> x.summed`)} as drift,
          ${problem(sql`x.cached and (x.balance < 0 or x.summed < 0)`)} as negative,
          ${problem(sql`not x.cached and x.balance <> 0`)} as platform_rows`,
  );
  return row!;
}

/**
 * Escrow against the rentals. Every escrow posting of a rental names it in its reference
 * (`rental:<id>:payment:1`, `:extend:<key>`, `:refund`, `:release`; rentals.service.ts), so escrow
 * is summed per rental in one pass and set beside what each rental's record says it holds
 * (`escrowLeft`: paid less refunded, released and commission), which is 0 once it has ended,
 * unless a dispute is open on it: then the disputed payment waits in escrow for the decision.
 */
export async function escrowChecks(db: Executor, escrowIds: string[]) {
  const [row] = await queryRows<{
    rentals: string;
    active_rentals: string;
    escrow: string;
    held_by_active: string;
    unnamed: string;
    mismatch: Found<{ id: string; status: string; expected: string; held: string }>;
    ended: Found<{ id: string; status: string; expected: string }>;
  }>(
    db,
    sql`with by_rental as materialized (
          select case when t.reference like 'rental:%' then split_part(t.reference, ':', 2) end as rental_key,
                 sum(e.amount) as held
            from ledger_entries e
            join ledger_transactions t on t.id = e.ledger_transaction_id
           where e.account_id ${inAccounts(escrowIds)}
           group by 1
        ), compared as materialized (
          -- Every rental beside its escrow, and escrow that names no rental (id null).
          select r.id, r.status, r.paid - r.refunded - r.released - r.commission as expected,
                 coalesce(b.held, 0) as held,
                 (r.status = 'ACTIVE' or exists (select 1 from rental_disputes d
                                                  where d.rental_id = r.id and d.status = 'OPEN'))
                   as holding
            from rentals r full join by_rental b on b.rental_key = r.id::text
        )
        select
          (select count(*) from compared where id is not null)::text as rentals,
          (select count(*) from compared where status = 'ACTIVE')::text as active_rentals,
          (select coalesce(sum(held), 0) from compared)::text as escrow,
          (select coalesce(sum(expected), 0) from compared where holding)::text as held_by_active,
          (select count(*) from compared where id is null)::text as unnamed,
          ${listed(
            sql`select id, status, expected::text as expected, held::text as held
                  from compared where id is not null and expected <> held`,
            sql`w.id`,
          )} as mismatch,
          ${listed(
            sql`select id, status, expected::text as expected
                  from compared where not holding and expected <> 0`,
            sql`w.id`,
          )} as ended`,
  );
  return row!;
}

/**
 * Each vendor's pending money against its rentals (decision 037): what rentals released to the
 * vendor and the clearing job has not yet made available, summed from the rentals' records, is
 * exactly the vendor's pending balance.
 */
export async function vendorPendingChecks(db: Executor) {
  const [row] = await queryRows<{
    pending: string;
    expected_pending: string;
    mismatch: Found<{
      vendor_id: string;
      email: string | null;
      balance: string;
      expected: string;
    }>;
  }>(
    db,
    sql`with expected as materialized (
          select vendor_id, sum(released) as expected from rentals
           where status <> 'ACTIVE' and cleared_at is null and released <> 0
           group by vendor_id
        ), held as materialized (
          select owner_id as vendor_id, balance from ledger_accounts where kind = 'VENDOR_PENDING'
        ), compared as materialized (
          select coalesce(x.vendor_id, h.vendor_id) as vendor_id,
                 coalesce(x.expected, 0) as expected, coalesce(h.balance, 0) as balance
            from expected x full join held h on h.vendor_id = x.vendor_id
        )
        select
          (select coalesce(sum(balance), 0) from compared)::text as pending,
          (select coalesce(sum(expected), 0) from compared)::text as expected_pending,
          ${listed(
            sql`select c.vendor_id, u.email, c.balance::text as balance, c.expected::text as expected
                  from compared c left join users u on u.id = c.vendor_id
                 where c.balance <> c.expected`,
            sql`w.vendor_id`,
          )} as mismatch`,
  );
  return row!;
}

/**
 * Each vendor's payout-pending money against its open payouts (decision 041): a request moves the
 * amount in, a payment or a refusal moves it out, so the balance is what REQUESTED and SUBMITTED
 * payouts hold. A PAID payout must have exactly one sent movement of its amount.
 */
export async function vendorPayoutChecks(db: Executor) {
  const [row] = await queryRows<{
    mismatch: Found<{ vendor_id: string; email: string | null; balance: string; expected: string }>;
    unpaid: Found<{ id: string; amount: string; sent: string }>;
  }>(
    db,
    sql`with expected as materialized (
          select vendor_id, sum(amount) as expected from vendor_payouts
           where status in ('REQUESTED', 'SUBMITTED') group by vendor_id
        ), held as materialized (
          select owner_id as vendor_id, balance from ledger_accounts where kind = 'VENDOR_PAYOUT_PENDING'
        ), compared as materialized (
          select coalesce(x.vendor_id, h.vendor_id) as vendor_id,
                 coalesce(x.expected, 0) as expected, coalesce(h.balance, 0) as balance
            from expected x full join held h on h.vendor_id = x.vendor_id
        ), sent as materialized (
          select p.id, p.amount, p.requested_at,
                 coalesce((select -sum(e.amount) from ledger_transactions t
                             join ledger_entries e on e.ledger_transaction_id = t.id
                             join ledger_accounts a on a.id = e.account_id
                                                   and a.kind = 'VENDOR_PAYOUT_PENDING'
                            where t.reference = 'payout:' || p.id || ':sent'), 0) as sent
            from vendor_payouts p where p.status = 'PAID'
        )
        select
          ${listed(
            sql`select c.vendor_id, u.email, c.balance::text as balance, c.expected::text as expected
                  from compared c left join users u on u.id = c.vendor_id
                 where c.balance <> c.expected`,
            sql`w.vendor_id`,
          )} as mismatch,
          ${listed(
            sql`select id, amount::text as amount, sent::text as sent, requested_at from sent
                 where sent <> amount`,
            sql`w.requested_at, w.id`,
          )} as unpaid`,
  );
  return row!;
}

/**
 * The ledger transactions that move escrow without naming a rental that exists. Read only when
 * the escrow check found some, so a clean ledger does not pay for a second pass over escrow.
 */
export function escrowWithoutRental(db: Executor, escrowIds: string[]) {
  return queryRows<{
    list: Found<{ id: string; reference: string; kind: string; amount: string }>;
  }>(
    db,
    sql`select ${listed(
      sql`select t.id, t.reference, t.kind, sum(e.amount)::text as amount, t.created_at
            from ledger_entries e
            join ledger_transactions t on t.id = e.ledger_transaction_id
            left join rentals r
              on t.reference like 'rental:%' and r.id::text = split_part(t.reference, ':', 2)
           where e.account_id ${inAccounts(escrowIds)} and r.id is null
           group by t.id, t.reference, t.kind, t.created_at`,
      sql`w.created_at, w.id`,
    )} as list`,
  );
}

/**
 * Deposits against the chain: each deposit credit (a DEPOSIT_CREDIT ledger transaction) is paid
 * out for exactly one chain transfer, the one its reference names, marked CREDITED and pointing
 * back at it, for the amount chain clearing gave; every transfer marked CREDITED has such a
 * credit; and a deposit is CONFIRMED only with a credited transfer.
 */
export async function depositChecks(db: Executor, clearingIds: string[]) {
  const [row] = await queryRows<{
    deposit_credits: string;
    credited_transfers: string;
    credited_transfer_amount: string;
    without: Found<{ id: string; reference: string }>;
    several: Found<{ id: string; reference: string; transfer_ids: string[] }>;
    mismatch: Found<{
      id: string;
      reference: string;
      transfer_ids: string[];
      statuses: string[];
      transfer_references: string[];
      transfer_amount: string;
      cleared: string;
    }>;
    orphans: Found<{
      id: string;
      network: string;
      tx_hash: string;
      log_index: number;
      ledger_transaction_id: string | null;
    }>;
    unconfirmed: Found<{ id: string; user_id: string; network: string }>;
  }>(
    db,
    sql`with credits as materialized (
          select t.id, t.reference, t.created_at, count(ct.id) as transfers,
                 coalesce(array_agg(ct.id::text order by ct.id) filter (where ct.id is not null), '{}') as transfer_ids,
                 coalesce(array_agg(ct.status order by ct.id) filter (where ct.id is not null), '{}') as statuses,
                 coalesce(array_agg('deposit:' || ct.network || ':' || ct.tx_hash || ':' || ct.log_index order by ct.id)
                            filter (where ct.id is not null), '{}') as transfer_references,
                 coalesce(sum(ct.amount), 0) as transfer_amount
            from ledger_transactions t
            left join chain_transfers ct on ct.ledger_transaction_id = t.id
           where t.kind = 'DEPOSIT_CREDIT'
           group by t.id, t.reference, t.created_at
        ), cleared as (
          select e.ledger_transaction_id as id, -sum(e.amount) as amount
            from ledger_entries e
           where e.account_id ${inAccounts(clearingIds)}
           group by e.ledger_transaction_id
        )
        select
          (select count(*) from credits)::text as deposit_credits,
          (select count(*) from chain_transfers where status = 'CREDITED')::text as credited_transfers,
          (select coalesce(sum(amount), 0) from chain_transfers where status = 'CREDITED')::text
            as credited_transfer_amount,
          ${listed(
            sql`select id, reference, created_at from credits where transfers = 0`,
            sql`w.created_at, w.id`,
          )} as without,
          ${listed(
            sql`select id, reference, transfer_ids, created_at from credits where transfers > 1`,
            sql`w.created_at, w.id`,
          )} as several,
          ${listed(
            sql`select c.id, c.reference, c.transfer_ids, c.statuses, c.transfer_references,
                       c.transfer_amount::text as transfer_amount,
                       coalesce(cl.amount, 0)::text as cleared, c.created_at
                  from credits c left join cleared cl on cl.id = c.id
                 where c.transfers = 1
                   and (c.statuses[1] <> 'CREDITED' or c.transfer_references[1] <> c.reference
                        or c.transfer_amount <> coalesce(cl.amount, 0))`,
            sql`w.created_at, w.id`,
          )} as mismatch,
          ${listed(
            sql`select ct.id, ct.network, ct.tx_hash, ct.log_index, ct.ledger_transaction_id
                  from chain_transfers ct
                 where ct.status = 'CREDITED'
                   and not exists (select 1 from credits c where c.id = ct.ledger_transaction_id)`,
            sql`w.id`,
          )} as orphans,
          ${listed(
            sql`select d.transaction_id as id, d.user_id, d.network from deposits d
                 where d.status = 'CONFIRMED'
                   and not exists (select 1 from chain_transfers ct
                                    where ct.deposit_id = d.transaction_id and ct.status = 'CREDITED')`,
            sql`w.id`,
          )} as unconfirmed`,
  );
  return row!;
}
