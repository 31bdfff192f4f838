import { and, count, desc, eq, gt, gte, inArray, lt, lte, ne, sql, sum } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import {
  afterCursor,
  countRows,
  createdMicros,
  historyPage,
  limitOf,
  offsetOf,
} from '../../lib/history-page';
import {
  chainTransfers,
  depositAddressCounters,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  depositAddressKey,
  depositNetworks,
  depositSettings,
  deposits,
  walletTransactions,
} from '../../db/schema/wallet';
import { paypalPayments } from '../../db/schema/payments';

export type WalletTransactionRow = typeof walletTransactions.$inferSelect;
export type DepositRow = typeof deposits.$inferSelect;

export async function readDepositSettings(db: Executor) {
  const [settings] = await db.select().from(depositSettings).where(eq(depositSettings.id, 1));
  const networks = await db.select().from(depositNetworks).orderBy(depositNetworks.network);
  return { settings: settings!, networks };
}

/** Takes the next never-used derivation index of an index space (`INDEX_SPACES`). */
export async function takeDerivationIndex(db: Executor, space: string): Promise<number> {
  const [row] = await db
    .update(depositAddressCounters)
    .set({ nextIndex: sql`${depositAddressCounters.nextIndex} + 1` })
    .where(eq(depositAddressCounters.space, space))
    .returning({ taken: sql<number>`${depositAddressCounters.nextIndex} - 1` });
  return Number(row!.taken);
}

export async function insertWalletTransaction(
  db: Executor,
  values: typeof walletTransactions.$inferInsert,
) {
  // A deposit names how it was paid; crypto unless said otherwise (PayPal's service says so).
  // (A refund or dispute movement of a PayPal payment names PayPal too.)
  const paymentMethod =
    values.type === 'DEPOSIT' ? (values.paymentMethod ?? 'crypto') : (values.paymentMethod ?? null);
  const [row] = await db
    .insert(walletTransactions)
    .values({ ...values, paymentMethod })
    .returning();
  return row!;
}

export async function updateWalletTransaction(
  db: Executor,
  id: string,
  values: Partial<typeof walletTransactions.$inferInsert>,
) {
  await db
    .update(walletTransactions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(walletTransactions.id, id));
}

/** Updates the wallet transaction that records a ledger movement, by its reference. */
export async function updateWalletTransactionByReference(
  db: Executor,
  reference: string,
  values: Partial<typeof walletTransactions.$inferInsert>,
) {
  await db
    .update(walletTransactions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(walletTransactions.reference, reference));
}

export async function insertDeposit(db: Executor, values: typeof deposits.$inferInsert) {
  const [row] = await db.insert(deposits).values(values).returning();
  return row!;
}

export async function findDepositOfUser(db: Executor, userId: string, transactionId: string) {
  const [row] = await db
    .select({ deposit: deposits, transaction: walletTransactions })
    .from(deposits)
    .innerJoin(walletTransactions, eq(walletTransactions.id, deposits.transactionId))
    .where(and(eq(deposits.transactionId, transactionId), eq(deposits.userId, userId)));
  return row;
}

export async function lockDeposit(db: Executor, transactionId: string) {
  const [row] = await db
    .select()
    .from(deposits)
    .where(eq(deposits.transactionId, transactionId))
    .for('update');
  return row;
}

/** Locks one deposit of a user for the rest of the transaction. */
export async function lockDepositOfUser(db: Executor, userId: string, transactionId: string) {
  const [row] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.transactionId, transactionId), eq(deposits.userId, userId)))
    .for('update');
  return row;
}

/** Whether any payment to a deposit's address was seen and is not given up (dust aside). */
export async function paymentSeen(db: Executor, transactionId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(chainTransfers)
    .where(
      and(
        eq(chainTransfers.depositId, transactionId),
        eq(chainTransfers.wrongNetwork, false),
        inArray(chainTransfers.status, ['SEEN', 'CONFIRMING', 'CREDITED']),
      ),
    );
  return Number(row?.n ?? 0) > 0;
}

/**
 * Closes a waiting deposit's address now, as its owner asked: it counts as expired from here on
 * (so it no longer holds a place among the open deposits), and a payment that still arrives is
 * credited late, like any payment to an expired address.
 */
export async function cancelWaitingDeposit(db: Executor, transactionId: string) {
  await db
    .update(deposits)
    .set({
      status: 'EXPIRED',
      expiresAt: sql`now()`,
      cancelledAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(deposits.transactionId, transactionId), eq(deposits.status, 'WAITING')));
  await db
    .update(walletTransactions)
    .set({ status: 'FAILED', errorMessage: 'Deposit cancelled', updatedAt: sql`now()` })
    .where(and(eq(walletTransactions.id, transactionId), eq(walletTransactions.status, 'PENDING')));
}

export async function updateDeposit(
  db: Executor,
  transactionId: string,
  values: Partial<typeof deposits.$inferInsert>,
) {
  await db
    .update(deposits)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(deposits.transactionId, transactionId));
}

/**
 * The deposits on a network whose address is among `addresses`. Every deposit address is unique
 * to one deposit and one user, and the watcher's cost does not depend on how many are matched, so
 * a payment to any of them is kept however late it comes (a backfill after downtime included).
 */
export async function depositsByAddress(db: Executor, network: string, addresses: string[]) {
  if (addresses.length === 0) return [];
  return db
    .select()
    .from(deposits)
    .where(and(eq(deposits.network, network), inArray(deposits.address, addresses)));
}

/**
 * The deposits on the other EVM network whose address is among `addresses` (decision 036): a
 * payment sent on BEP20 to an ERC20 deposit's address reaches a key the platform holds, but not the
 * deposit. Compared without checksum case, through the same expression as the unique address
 * index, so the lookup is an index scan.
 */
export async function depositsByAddressElsewhere(
  db: Executor,
  network: string,
  addresses: string[],
) {
  const keys = addresses.filter((a) => a.startsWith('0x')).map((a) => a.toLowerCase());
  if (keys.length === 0) return [];
  return db
    .select()
    .from(deposits)
    .where(
      and(
        ne(deposits.network, network),
        eq(deposits.addressCollision, false),
        inArray(depositAddressKey(deposits.address), keys),
      ),
    );
}

/**
 * What a wallet transaction moved into or out of its owner's account of its currency, read from the
 * ledger (decision 009) through the transaction's reference: 0 while nothing was posted.
 */
const balanceChangeSql = sql<string>`coalesce((
  select sum(${ledgerEntries.amount})
  from ${ledgerEntries}
  join ${ledgerTransactions} on ${ledgerTransactions.id} = ${ledgerEntries.ledgerTransactionId}
  join ${ledgerAccounts} on ${ledgerAccounts.id} = ${ledgerEntries.accountId}
  where ${ledgerTransactions.reference} = ${walletTransactions.reference}
    and ${ledgerAccounts.ownerId} = ${walletTransactions.userId}
    and ${ledgerAccounts.currency} = ${walletTransactions.currency}
    and ${ledgerAccounts.kind} in ('USER_WALLET', 'USER_CREDIT')
), 0)::text`;

/** What arrived at a deposit's address and is not credited yet (seen or confirming). */
const awaitingCreditSql = sql<string>`coalesce((
  select sum(${chainTransfers.amount}) from ${chainTransfers}
  where ${chainTransfers.depositId} = ${walletTransactions.id}
    and not ${chainTransfers.wrongNetwork}
    and ${chainTransfers.status} in ('SEEN', 'CONFIRMING')
), 0)::text`;

/** A wallet transaction with what it moved (`balanceChange`, micro-units) and its deposit's state. */
export interface ListedTransaction {
  transaction: WalletTransactionRow;
  balanceChange: bigint;
  /** For a deposit: what arrived and awaits its credit. */
  awaitingCredit: bigint;
  depositStatus: string | null;
  /** For a deposit paid with PayPal: its payment's state. */
  paypalState: string | null;
}

const listedColumns = {
  transaction: walletTransactions,
  balanceChange: balanceChangeSql,
  awaitingCredit: awaitingCreditSql,
  depositStatus: deposits.status,
  paypalState: paypalPayments.state,
};
const listed = (row: {
  transaction: WalletTransactionRow;
  balanceChange: string;
  awaitingCredit: string;
  depositStatus: string | null;
  paypalState: string | null;
}): ListedTransaction => ({
  ...row,
  balanceChange: BigInt(row.balanceChange),
  awaitingCredit: BigInt(row.awaitingCredit),
});

export async function findListedTransactionOfUser(
  db: Executor,
  userId: string,
  id: string,
): Promise<ListedTransaction | undefined> {
  const [row] = await db
    .select(listedColumns)
    .from(walletTransactions)
    .leftJoin(deposits, eq(deposits.transactionId, walletTransactions.id))
    .leftJoin(paypalPayments, eq(paypalPayments.transactionId, walletTransactions.id))
    .where(and(eq(walletTransactions.id, id), eq(walletTransactions.userId, userId)));
  return row && listed(row);
}

export async function findTransactionOfUser(db: Executor, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(walletTransactions)
    .where(and(eq(walletTransactions.id, id), eq(walletTransactions.userId, userId)));
  return row;
}

export interface TransactionFilter {
  type?: string;
  status?: string;
  currency?: string;
  method?: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
  after?: string;
}

/**
 * The status the timeline shows, in SQL: the same rule as the service's `timelineStatus`, so the
 * list's status filter keeps exactly the rows that show that status.
 */
const timelineStatusSql = sql`case ${deposits.status}
  when 'WAITING' then 'WAITING'
  when 'CONFIRMING' then 'PENDING'
  when 'EXPIRED' then case when ${walletTransactions.status} = 'CONFIRMED' then 'CONFIRMED' else 'EXPIRED' end
  else ${walletTransactions.status} end`;

/**
 * One page of a user's transactions, newest first, read along `wallet_transactions_user_created_idx`
 * (lib/history-page.ts: from a cursor or by number, the count capped).
 */
export async function listTransactionsOfUser(
  db: Executor,
  userId: string,
  filter: TransactionFilter,
) {
  const where = and(
    eq(walletTransactions.userId, userId),
    filter.type ? eq(walletTransactions.type, filter.type) : undefined,
    filter.status ? sql`${timelineStatusSql} = ${filter.status}` : undefined,
    filter.currency ? eq(walletTransactions.currency, filter.currency) : undefined,
    filter.method ? eq(walletTransactions.paymentMethod, filter.method) : undefined,
    filter.from ? gte(walletTransactions.createdAt, new Date(filter.from)) : undefined,
    filter.to ? lte(walletTransactions.createdAt, new Date(filter.to)) : undefined,
  );
  const read = await db
    .select({ ...listedColumns, micros: createdMicros(walletTransactions.createdAt) })
    .from(walletTransactions)
    .leftJoin(deposits, eq(deposits.transactionId, walletTransactions.id))
    .leftJoin(paypalPayments, eq(paypalPayments.transactionId, walletTransactions.id))
    .where(
      and(where, afterCursor(walletTransactions.createdAt, walletTransactions.id, filter.after)),
    )
    .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
    .limit(limitOf(filter))
    .offset(offsetOf(filter));
  const page = await historyPage(
    filter,
    read,
    (row) => row.transaction.id,
    async (limit) => {
      // Only the status filter reads the deposit; without it the count is an index-only scan.
      let counting = db
        .select({ one: sql`1` })
        .from(walletTransactions)
        .$dynamic();
      if (filter.status !== undefined) {
        counting = counting.leftJoin(deposits, eq(deposits.transactionId, walletTransactions.id));
      }
      return countRows(db, counting.where(where).limit(limit).as('matching'));
    },
  );
  return { ...page, rows: page.rows.map(listed) };
}

/** Money of the user's rentals still held in escrow (rental payments not yet released). */
export async function heldInEscrow(db: Executor, userId: string): Promise<bigint> {
  const [row] = await db
    .select({ held: sum(walletTransactions.amount) })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.userId, userId),
        eq(walletTransactions.type, 'RENTAL_PAYMENT'),
        eq(walletTransactions.status, 'PENDING'),
      ),
    );
  return BigInt(row?.held ?? 0);
}

export async function countOpenDeposits(db: Executor, userId: string) {
  const [row] = await db
    .select({ open: count() })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), inArray(deposits.status, ['WAITING', 'CONFIRMING'])));
  return Number(row?.open ?? 0);
}

/**
 * Deposits of a user still inside their 30 minutes and not yet paid. Takes a per-user lock for
 * the rest of the transaction first, so two simultaneous requests cannot both pass the cap.
 */
export async function countUnpaidLiveDeposits(db: Executor, userId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`deposit-open:${userId}`}))`);
  const [row] = await db
    .select({ open: count() })
    .from(deposits)
    .where(
      and(
        eq(deposits.userId, userId),
        eq(deposits.status, 'WAITING'),
        gt(deposits.expiresAt, sql`now()`),
      ),
    );
  return Number(row?.open ?? 0);
}

/** Marks unpaid deposits whose 30 minutes have passed as expired; answers how many. */
export async function expireUnpaidDeposits(db: Executor): Promise<number> {
  const expired = await db
    .update(deposits)
    .set({ status: 'EXPIRED', updatedAt: sql`now()` })
    .where(and(eq(deposits.status, 'WAITING'), lt(deposits.expiresAt, sql`now()`)))
    .returning({ id: deposits.transactionId });
  if (expired.length > 0) {
    await db
      .update(walletTransactions)
      .set({ status: 'FAILED', errorMessage: 'Deposit address expired', updatedAt: sql`now()` })
      .where(
        and(
          inArray(
            walletTransactions.id,
            expired.map((row) => row.id),
          ),
          eq(walletTransactions.status, 'PENDING'),
        ),
      );
  }
  return expired.length;
}

/**
 * Deposits that were handed an address an earlier deposit already had (marked by migration 0007),
 * each with the deposit that holds the address. Their money was not moved: the operator settles
 * them by hand.
 */
export async function addressCollisions(db: Executor) {
  const rows = await queryRows<{
    transaction_id: string;
    user_id: string;
    network: string;
    address: string;
    first_transaction_id: string;
    first_user_id: string;
    first_network: string;
  }>(
    db,
    sql`select d.transaction_id, d.user_id, d.network, d.address,
        f.transaction_id as first_transaction_id, f.user_id as first_user_id,
        f.network as first_network
      from ${deposits} d
      join ${deposits} f on ${depositAddressKey(sql`f.address`)} = ${depositAddressKey(sql`d.address`)}
        and not f.address_collision
      where d.address_collision
      order by d.created_at, d.transaction_id`,
  );
  return rows.map((row) => ({
    transactionId: row.transaction_id,
    userId: row.user_id,
    network: row.network,
    address: row.address,
    firstTransactionId: row.first_transaction_id,
    firstUserId: row.first_user_id,
    firstNetwork: row.first_network,
  }));
}

export async function countAddressCollisions(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(deposits)
    .where(eq(deposits.addressCollision, true));
  return Number(row?.n ?? 0);
}
