import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/wallet';
import { pgErrorCode } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';

export type Currency = 'USDT' | 'PLATFORM';
export type AccountKind =
  | 'USER_WALLET'
  | 'USER_CREDIT'
  | 'ESCROW'
  | 'VENDOR_PENDING'
  | 'VENDOR_AVAILABLE'
  | 'VENDOR_PAYOUT_PENDING'
  | 'PLATFORM_REVENUE'
  | 'CHAIN_CLEARING'
  | 'PAYPAL_CLEARING'
  | 'USER_DEBT'
  | 'USER_DISPUTE_HOLD';

/**
 * Accounts whose balance is kept on their row, updated with each entry: a user's wallet and
 * platform credit, and a vendor's pending, available and payout-pending money (decision 037),
 * where the row's CHECK refuses a balance below zero and its lock serialises two movements of the
 * same money (two payouts of one vendor cannot both take it). Escrow, revenue and chain clearing
 * take an entry from every rental payment or deposit: updating one row for each would make all of
 * them wait on that row, and nothing needs to be checked there. Their balance is the sum of their
 * entries (indexed by account), and their row's balance stays 0.
 */
export const CACHED_BALANCE_KINDS: ReadonlySet<AccountKind> = new Set([
  'USER_WALLET',
  'USER_CREDIT',
  'VENDOR_PENDING',
  'VENDOR_AVAILABLE',
  'VENDOR_PAYOUT_PENDING',
]);

export interface AccountRef {
  kind: AccountKind;
  currency: Currency;
  ownerId?: string | null;
  network?: string | null;
}

export const userWallet = (userId: string): AccountRef => ({
  kind: 'USER_WALLET',
  currency: 'USDT',
  ownerId: userId,
});
export const userCredit = (userId: string): AccountRef => ({
  kind: 'USER_CREDIT',
  currency: 'PLATFORM',
  ownerId: userId,
});
/** Renters' payments for a vendor's running rentals (one escrow account per vendor). */
export const escrow = (vendorId: string): AccountRef => ({
  kind: 'ESCROW',
  currency: 'USDT',
  ownerId: vendorId,
});
/** A vendor's shares of ended rentals inside the dispute window. */
export const vendorPending = (vendorId: string): AccountRef => ({
  kind: 'VENDOR_PENDING',
  currency: 'USDT',
  ownerId: vendorId,
});
/** A vendor's money that a payout may take. */
export const vendorAvailable = (vendorId: string): AccountRef => ({
  kind: 'VENDOR_AVAILABLE',
  currency: 'USDT',
  ownerId: vendorId,
});
/** A vendor's payouts requested and not yet seen paid on chain. */
export const vendorPayoutPending = (vendorId: string): AccountRef => ({
  kind: 'VENDOR_PAYOUT_PENDING',
  currency: 'USDT',
  ownerId: vendorId,
});
export const platformRevenue = (currency: Currency = 'USDT'): AccountRef => ({
  kind: 'PLATFORM_REVENUE',
  currency,
});
export const chainClearing = (network: string): AccountRef => ({
  kind: 'CHAIN_CLEARING',
  currency: 'USDT',
  network,
});

/**
 * What PayPal took from renters and holds for the platform, in USDT at the configured rate: it
 * goes negative by what PayPal captured and comes back by what PayPal gave back (decision 059).
 */
export const paypalClearing = (): AccountRef => ({ kind: 'PAYPAL_CLEARING', currency: 'USDT' });

/**
 * What a user owes the platform, as a negative balance: the part of a payment PayPal took back
 * (a refund, a chargeback) or holds in a dispute that their wallet could not cover, since no
 * wallet goes below zero (issue 19 point 5). The next money credited to them pays it first.
 */
export const userDebt = (userId: string): AccountRef => ({
  kind: 'USER_DEBT',
  currency: 'USDT',
  ownerId: userId,
});

/** A user's money held while a buyer's dispute at PayPal is open (issue 19 point 5). */
export const userDisputeHold = (userId: string): AccountRef => ({
  kind: 'USER_DISPUTE_HOLD',
  currency: 'USDT',
  ownerId: userId,
});

export interface Posting {
  account: AccountRef;
  /** Signed micro-units: positive credits the account, negative debits it. */
  amount: bigint;
}

export interface LedgerMovement {
  kind: string;
  /** Business key of the movement: posting the same reference twice moves nothing the second time. */
  reference: string;
  postings: Posting[];
}

export type PostResult =
  { posted: true; ledgerTransactionId: string } | { posted: false; ledgerTransactionId: string };

export class InsufficientFundsError extends AppError {
  constructor() {
    super('INSUFFICIENT_FUNDS', 422, 'Your wallet balance does not cover this payment');
  }
}

/**
 * Checks the movement's shape: at least two non-zero postings, all bigint, summing to zero in each
 * currency. A movement may touch two currencies when the platform stands behind platform credit
 * (decision 044): a rental paid partly with credit takes the credit back into the platform's
 * PLATFORM revenue and pays escrow from its USDT revenue, in one transaction.
 */
export function assertBalanced(movement: LedgerMovement) {
  if (movement.postings.length < 2)
    throw new Error('A ledger transaction needs at least two postings');
  const sums = new Map<Currency, bigint>();
  for (const posting of movement.postings) {
    if (typeof posting.amount !== 'bigint') throw new Error('Ledger amounts must be bigint');
    if (posting.amount === 0n) throw new Error('A posting of zero moves nothing');
    const currency = posting.account.currency;
    sums.set(currency, (sums.get(currency) ?? 0n) + posting.amount);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) {
      throw new Error(
        `Ledger transaction ${movement.reference} does not sum to zero in ${currency} (${sum})`,
      );
    }
  }
}

const sameAccount = (a: AccountRef, b: AccountRef) =>
  a.kind === b.kind &&
  a.currency === b.currency &&
  (a.ownerId ?? null) === (b.ownerId ?? null) &&
  (a.network ?? null) === (b.network ?? null);

/**
 * Postings with one line per account and none of zero: movements composed of parts (a refund
 * that goes partly to the wallet and partly back as credit) add up what touches the same account.
 */
export function netPostings(postings: readonly Posting[]): Posting[] {
  const merged: Posting[] = [];
  for (const posting of postings) {
    const same = merged.find((p) => sameAccount(p.account, posting.account));
    if (same) same.amount += posting.amount;
    else merged.push({ account: posting.account, amount: posting.amount });
  }
  return merged.filter((p) => p.amount !== 0n);
}

/** The ledger_accounts row of an account reference. */
const accountMatch = (ref: AccountRef) =>
  and(
    eq(ledgerAccounts.kind, ref.kind),
    eq(ledgerAccounts.currency, ref.currency),
    ref.ownerId ? eq(ledgerAccounts.ownerId, ref.ownerId) : isNull(ledgerAccounts.ownerId),
    ref.network ? eq(ledgerAccounts.network, ref.network) : isNull(ledgerAccounts.network),
  );

/** Whether a ledger_accounts row is the account `ref` names. */
const isAccount = (
  row: { kind: string; currency: string; ownerId: string | null; network: string | null },
  ref: AccountRef,
) =>
  row.kind === ref.kind &&
  row.currency === ref.currency &&
  row.ownerId === (ref.ownerId ?? null) &&
  row.network === (ref.network ?? null);

/** The ledger_accounts rows of `refs` in one query (each branch an index lookup), in their order. */
async function accountRows(db: Executor, refs: readonly AccountRef[]) {
  const rows = await db
    .select({
      id: ledgerAccounts.id,
      balance: ledgerAccounts.balance,
      kind: ledgerAccounts.kind,
      currency: ledgerAccounts.currency,
      ownerId: ledgerAccounts.ownerId,
      network: ledgerAccounts.network,
    })
    .from(ledgerAccounts)
    .where(or(...refs.map(accountMatch)));
  return refs.map((ref) => rows.find((row) => isAccount(row, ref)));
}

/**
 * The ids of `refs`' accounts in their order (one query, `accountRows`), making the ones that do
 * not exist yet with one more insert and one more read. A payment names three to five accounts:
 * one round trip each was most of the time
 * `postLedgerTransaction` spent before its writes.
 */
async function accountIds(db: Executor, refs: readonly AccountRef[]): Promise<string[]> {
  const find = async () => (await accountRows(db, refs)).map((row) => row?.id);
  let ids = await find();
  const missing = refs.filter((_, i) => ids[i] === undefined);
  if (missing.length > 0) {
    await db
      .insert(ledgerAccounts)
      .values(
        missing
          .filter((ref, i) => missing.findIndex((other) => sameAccount(other, ref)) === i)
          .map((ref) => ({
            kind: ref.kind,
            currency: ref.currency,
            ownerId: ref.ownerId ?? null,
            network: ref.network ?? null,
          })),
      )
      .onConflictDoNothing();
    ids = await find();
  }
  return ids.map((id) => id!);
}

const accountId = async (db: Executor, ref: AccountRef) => (await accountIds(db, [ref]))[0]!;

/**
 * The only way money moves. Writes one ledger transaction whose entries sum to zero and updates
 * the cached balance of each user account it touches in the same database transaction (the
 * caller's `tx`, which also writes the user-visible transaction). A user account that would go
 * below zero makes the whole thing fail with INSUFFICIENT_FUNDS; a reference already posted moves
 * nothing and says so.
 */
export async function postLedgerTransaction(
  tx: Executor,
  movement: LedgerMovement,
): Promise<PostResult> {
  assertBalanced(movement);
  const [inserted] = await tx
    .insert(ledgerTransactions)
    .values({ kind: movement.kind, reference: movement.reference })
    .onConflictDoNothing({ target: ledgerTransactions.reference })
    .returning({ id: ledgerTransactions.id });
  if (!inserted) {
    const [existing] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, movement.reference));
    return { posted: false, ledgerTransactionId: existing!.id };
  }

  const ids = await accountIds(
    tx,
    movement.postings.map((posting) => posting.account),
  );
  const resolved = movement.postings.map((posting, i) => ({ ...posting, accountId: ids[i]! }));
  // A fixed lock order (by account id) keeps two movements touching the same accounts from deadlocking.
  resolved.sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0));
  for (const posting of resolved) {
    if (!CACHED_BALANCE_KINDS.has(posting.account.kind)) continue;
    try {
      await tx
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${posting.amount}` })
        .where(eq(ledgerAccounts.id, posting.accountId));
    } catch (error) {
      if (pgErrorCode(error) === '23514') throw new InsufficientFundsError();
      throw error;
    }
  }
  await tx.insert(ledgerEntries).values(
    resolved.map((posting) => ({
      ledgerTransactionId: inserted.id,
      accountId: posting.accountId,
      amount: posting.amount,
    })),
  );
  return { posted: true, ledgerTransactionId: inserted.id };
}

/**
 * The balances of accounts that keep theirs on the row (CACHED_BALANCE_KINDS), in one query, in
 * the order of `refs`; 0 for an account that has no row yet.
 */
export async function cachedBalances<const Refs extends readonly AccountRef[]>(
  db: Executor,
  refs: Refs,
): Promise<{ [K in keyof Refs]: bigint }> {
  if (refs.some((ref) => !CACHED_BALANCE_KINDS.has(ref.kind))) {
    throw new Error('cachedBalances reads only accounts that keep their balance on the row');
  }
  return (await accountRows(db, refs)).map((row) => row?.balance ?? 0n) as {
    [K in keyof Refs]: bigint;
  };
}

/** An account's balance: its row for a user account, the sum of its entries for the platform's. */
export async function accountBalance(db: Executor, ref: AccountRef): Promise<bigint> {
  if (!CACHED_BALANCE_KINDS.has(ref.kind)) {
    const [row] = await db
      .select({ balance: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(accountMatch(ref));
    return BigInt(row?.balance ?? '0');
  }
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(accountMatch(ref));
  return row?.balance ?? 0n;
}

/**
 * Locks a user's wallet row (making it if need be) and answers its balance: movements that decide
 * from the wallet and the debt together (a take-back, a credit that settles a debt) take this lock
 * first, so two of them for one user run one after the other.
 */
export async function lockUserWallet(tx: Executor, userId: string): Promise<bigint> {
  const id = await accountId(tx, userWallet(userId));
  const [row] = await tx
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, id))
    .for('update');
  return row?.balance ?? 0n;
}

/** What the user owes the platform (0 or more). */
export async function owedBy(db: Executor, userId: string): Promise<bigint> {
  return -(await accountBalance(db, userDebt(userId)));
}

/**
 * The user's side of money credited to them: what they owe is paid first, the rest reaches the
 * wallet. Takes the wallet's lock (the caller's transaction holds it to its end).
 */
export async function creditToUser(
  tx: Executor,
  userId: string,
  amount: bigint,
): Promise<{ postings: Posting[]; settled: bigint }> {
  await lockUserWallet(tx, userId);
  const owed = await owedBy(tx, userId);
  const settled = owed < amount ? owed : amount;
  return {
    postings: [
      { account: userWallet(userId), amount: amount - settled },
      { account: userDebt(userId), amount: settled },
    ].filter((p) => p.amount !== 0n),
    settled,
  };
}

/**
 * The user's side of money taken back from them: what the wallet holds is taken, the rest is
 * recorded as owed; no wallet goes below zero. Takes the wallet's lock.
 */
export async function takeFromUser(
  tx: Executor,
  userId: string,
  amount: bigint,
): Promise<{ postings: Posting[]; taken: bigint; owed: bigint }> {
  const balance = await lockUserWallet(tx, userId);
  const taken = balance < amount ? balance : amount;
  const owed = amount - taken;
  return {
    postings: [
      { account: userWallet(userId), amount: -taken },
      { account: userDebt(userId), amount: -owed },
    ].filter((p) => p.amount !== 0n),
    taken,
    owed,
  };
}
