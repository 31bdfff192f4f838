import { and, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { ledgerEntries, ledgerTransactions } from '../../db/schema/wallet';
import {
  countRows,
  createdMicros,
  historyPage,
  limitOf,
  offsetOf,
  type HistoryPageRequest,
} from '../../lib/history-page';

/** The user kinds, whose balance is cached on their row (decision 009). */
const USER_KINDS = sql`('USER_WALLET', 'USER_CREDIT')`;

/** An account as the explorer names it: kind, currency, network and owner. */
export interface AccountRow {
  id: string;
  kind: string;
  currency: string;
  network: string | null;
  owner_id: string | null;
  owner_name: string | null;
  owner_email: string | null;
}

const accountColumns = sql`a.id, a.kind, a.currency, a.network, a.owner_id,
  u.display_name as owner_name, u.email as owner_email`;

/**
 * The platform's accounts (every kind but the users'), each with the sum and count of its entries,
 * read along the account's index: escrow, vendor money by state, revenue, chain clearing, then others.
 */
export function platformAccounts(db: Executor) {
  return queryRows<AccountRow & { balance: string; entries: string }>(
    db,
    sql`select ${accountColumns}, coalesce(s.total, 0)::text as balance, coalesce(s.n, 0)::text as entries
          from ledger_accounts a
          left join users u on u.id = a.owner_id
          left join lateral (
            select sum(e.amount) as total, count(*) as n from ledger_entries e where e.account_id = a.id
          ) s on true
         where a.kind not in ${USER_KINDS}
         order by case a.kind when 'ESCROW' then 0 when 'VENDOR_PENDING' then 1
                    when 'VENDOR_AVAILABLE' then 2 when 'VENDOR_PAYOUT_PENDING' then 3
                    when 'PLATFORM_REVENUE' then 4 when 'CHAIN_CLEARING' then 5 else 6 end,
                  a.kind, a.currency, a.network nulls first, u.display_name nulls first, a.id`,
  );
}

/** How many user accounts of each kind there are and what their cached balances hold. */
export function userAccountTotals(db: Executor) {
  return queryRows<{ kind: string; accounts: string; total: string }>(
    db,
    sql`select kind, count(*)::text as accounts, coalesce(sum(balance), 0)::text as total
          from ledger_accounts where kind in ${USER_KINDS} group by kind`,
  );
}

export async function findAccount(db: Executor, id: string): Promise<AccountRow | undefined> {
  const [row] = await queryRows<AccountRow>(
    db,
    sql`select ${accountColumns} from ledger_accounts a left join users u on u.id = a.owner_id
         where a.id = ${id}`,
  );
  return row;
}

/**
 * Entries of a page of an account's entries after the cursor `<microseconds>_<entry id>`, in the
 * list's order (created_at DESC, id DESC); the time is rebuilt from its microseconds exactly.
 */
function afterEntryCursor(after: string | undefined) {
  if (!after) return undefined;
  const [micros, entryId] = after.split('_') as [string, string];
  return sql`(${ledgerEntries.createdAt}, ${ledgerEntries.id}) < (timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${entryId}::bigint)`;
}

/**
 * One page of an account's entries, newest first, each with its ledger transaction: read along
 * `ledger_entries_account_idx` (account, created_at DESC, id DESC) like the wallet's history.
 */
export async function accountEntries(db: Executor, accountId: string, page: HistoryPageRequest) {
  const ofAccount = eq(ledgerEntries.accountId, accountId);
  const read = await db
    .select({
      id: ledgerEntries.id,
      amount: ledgerEntries.amount,
      createdAt: ledgerEntries.createdAt,
      micros: createdMicros(ledgerEntries.createdAt),
      transaction: {
        id: ledgerTransactions.id,
        kind: ledgerTransactions.kind,
        reference: ledgerTransactions.reference,
        createdAt: ledgerTransactions.createdAt,
      },
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.ledgerTransactionId))
    .where(and(ofAccount, afterEntryCursor(page.after)))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(limitOf(page))
    .offset(offsetOf(page));
  return historyPage(
    page,
    read,
    (row) => row.id.toString(),
    (limit) =>
      countRows(
        db,
        db
          .select({ one: sql`1` })
          .from(ledgerEntries)
          .where(ofAccount)
          .limit(limit)
          .as('m'),
      ),
  );
}

export async function findTransaction(db: Executor, id: string) {
  const [row] = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, id));
  return row;
}

/** A ledger transaction's entries with their accounts, in the order they were written. */
export function transactionEntries(db: Executor, ledgerTransactionId: string) {
  return queryRows<AccountRow & { entry_id: string; amount: string }>(
    db,
    sql`select e.id::text as entry_id, e.amount::text as amount, ${accountColumns}
          from ledger_entries e
          join ledger_accounts a on a.id = e.account_id
          left join users u on u.id = a.owner_id
         where e.ledger_transaction_id = ${ledgerTransactionId}
         order by e.id`,
  );
}

/**
 * The user-visible transaction written with a ledger transaction: it carries the same reference
 * (a rental's payment and refund, a deposit's credit), found on its unique index.
 */
export async function walletTransactionOf(db: Executor, reference: string) {
  const [row] = await queryRows<{
    id: string;
    user_id: string;
    type: string;
    status: string;
    amount: string;
    fee: string;
    currency: string;
    description: string;
    created_at: Date | string;
  }>(
    db,
    sql`select id, user_id, type, status, amount::text as amount, fee::text as fee, currency,
               description, created_at
          from wallet_transactions where reference = ${reference}`,
  );
  return row;
}

/** The chain transfer of a deposit credit, by the identity its reference names. */
export async function chainTransferOf(
  db: Executor,
  identity: { network: string; txHash: string; logIndex: number },
) {
  const [row] = await queryRows<{
    id: string;
    network: string;
    tx_hash: string;
    log_index: number;
    amount: string;
    status: string;
  }>(
    db,
    sql`select id, network, tx_hash, log_index, amount::text as amount, status
          from chain_transfers
         where network = ${identity.network} and tx_hash = ${identity.txHash}
           and log_index = ${identity.logIndex}`,
  );
  return row;
}
