import { performance } from 'node:perf_hooks';
import {
  ledgerAccountName,
  type LedgerCheck,
  type LedgerViolation,
  type LedgerViolationKind,
} from '@crimsonhost/shared/ledger-admin';
import { toUsdtString } from '@crimsonhost/shared/money';
import type { Database } from '../../db/client';
import * as repo from './ledger-check.repository';
import type { Found } from './ledger-check.repository';

const amount = (micro: string | bigint) => toUsdtString(BigInt(micro));
const count = (text: string) => Number(text);

/** Violations of one kind from a list the database answered, and how many there are in all. */
function violationsOf<Row>(
  rows: Found<Row>,
  kind: LedgerViolationKind,
  describe: (row: Row) => { message: string; ids: Array<string | null | undefined> },
): { found: number; violations: LedgerViolation[] } {
  if (!rows || rows.length === 0) return { found: 0, violations: [] };
  return {
    found: Number(rows[0]!.found),
    violations: rows.map((row) => {
      const { message, ids } = describe(row);
      return { kind, message, ids: ids.filter((id): id is string => typeof id === 'string') };
    }),
  };
}

const CACHED_ACCOUNT_WORDS: Record<string, string> = {
  USER_WALLET: 'wallet',
  USER_CREDIT: 'platform credit',
  VENDOR_PENDING: 'pending vendor money',
  VENDOR_AVAILABLE: 'available vendor money',
  VENDOR_PAYOUT_PENDING: 'payout-pending vendor money',
};

/** 'the wallet of ada@example.com (USDT)': a user's or vendor's account in words. */
function userAccountName(row: { kind: string; currency: string; email: string | null }) {
  const what = CACHED_ACCOUNT_WORDS[row.kind] ?? row.kind;
  return `The ${what} of ${row.email ?? 'an unknown user'} (${row.currency})`;
}

/**
 * "Check the books" (decision 034): proves in one read-only snapshot of the database that every
 * ledger transaction sums to zero in each currency, every cached user balance equals the sum of
 * its entries and none is negative, the platform's rows keep 0, escrow holds exactly what active
 * rentals hold (in all and rental by rental), each vendor's pending money is what its ended
 * rentals released and the clearing job has not yet made available (decision 037), and deposit
 * credits and chain transfers match one to one. Every sum is taken in the database; only the violations (a bounded list) come back.
 */
export async function checkTheBooks(db: Database): Promise<LedgerCheck> {
  const started = performance.now();
  const checkedAt = new Date().toISOString();
  const { transactions, accounts, escrow, deposits, unnamedEscrow, escrowIds, vendors, payouts } =
    await db.transaction(
      async (tx) => {
        await repo.forWholeTableReads(tx);
        const escrowIds = await repo.accountIdsOfKind(tx, 'ESCROW');
        const clearingIds = await repo.accountIdsOfKind(tx, 'CHAIN_CLEARING');
        const transactions = await repo.transactionChecks(tx);
        const accounts = await repo.accountChecks(tx);
        const escrow = await repo.escrowChecks(tx, escrowIds);
        const deposits = await repo.depositChecks(tx, clearingIds);
        const vendors = await repo.vendorPendingChecks(tx);
        const payouts = await repo.vendorPayoutChecks(tx);
        const unnamedEscrow =
          count(escrow.unnamed) > 0
            ? (await repo.escrowWithoutRental(tx, escrowIds))[0]!.list
            : null;
        return {
          transactions,
          accounts,
          escrow,
          deposits,
          unnamedEscrow,
          escrowIds,
          vendors,
          payouts,
        };
      },
      // One snapshot: a rent committed halfway through the check cannot look like a difference.
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );

  const found = [
    violationsOf(transactions.unbalanced, 'UNBALANCED_TRANSACTION', (row) => ({
      message: `Ledger transaction ${row.reference} (${row.kind}) does not sum to zero in ${row.currency}: its entries add up to ${amount(row.total)}.`,
      ids: [row.id],
    })),
    violationsOf(transactions.empty, 'TRANSACTION_WITHOUT_ENTRIES', (row) => ({
      message: `Ledger transaction ${row.reference} (${row.kind}) has no entries: it takes its reference but moves nothing.`,
      ids: [row.id],
    })),
    violationsOf(accounts.drift, 'CACHED_BALANCE_DRIFT', (row) => ({
      message: `${userAccountName(row)} caches a balance of ${amount(row.balance)}, but its entries sum to ${amount(row.summed)}.`,
      ids: [row.id, row.owner_id],
    })),
    violationsOf(accounts.negative, 'NEGATIVE_USER_BALANCE', (row) => ({
      message: `${userAccountName(row)} is below zero: its row says ${amount(row.balance)} and its entries sum to ${amount(row.summed)}.`,
      ids: [row.id, row.owner_id],
    })),
    violationsOf(accounts.platform_rows, 'PLATFORM_ROW_BALANCE', (row) => ({
      message: `The ${ledgerAccountName({ kind: row.kind, network: row.network, owner: row.name ? { name: row.name } : null })} account's row holds ${amount(row.balance)}; a platform account's row stays 0 and its balance is the sum of its entries (${amount(row.summed)}).`,
      ids: [row.id],
    })),
    escrowTotal(escrow, escrowIds),
    violationsOf(escrow.mismatch, 'RENTAL_ESCROW_MISMATCH', (row) => ({
      message: `Rental ${row.id} (${row.status}) holds ${amount(row.expected)} in escrow by its record, but its escrow entries sum to ${amount(row.held)}.`,
      ids: [row.id],
    })),
    violationsOf(escrow.ended, 'ENDED_RENTAL_HOLDS_ESCROW', (row) => ({
      message: `Rental ${row.id} has ended (${row.status}) but its record still holds ${amount(row.expected)} in escrow: an ending refunds or releases all of it.`,
      ids: [row.id],
    })),
    violationsOf(unnamedEscrow, 'ESCROW_WITHOUT_RENTAL', (row) => ({
      message: `Ledger transaction ${row.reference} (${row.kind}) moves ${amount(row.amount)} through escrow but names no rental that exists.`,
      ids: [row.id],
    })),
    violationsOf(vendors.mismatch, 'VENDOR_PENDING_MISMATCH', (row) => ({
      message: `The pending money of vendor ${row.email ?? row.vendor_id} is ${amount(row.balance)}, but its ended rentals not yet cleared released ${amount(row.expected)} to it.`,
      ids: [row.vendor_id],
    })),
    violationsOf(payouts.mismatch, 'PAYOUT_PENDING_MISMATCH', (row) => ({
      message: `The payout-pending money of vendor ${row.email ?? row.vendor_id} is ${amount(row.balance)}, but its open payouts hold ${amount(row.expected)}.`,
      ids: [row.vendor_id],
    })),
    violationsOf(payouts.unpaid, 'PAID_PAYOUT_NOT_SENT', (row) => ({
      message: `Payout ${row.id} is PAID for ${amount(row.amount)}, but the ledger sent ${amount(row.sent)} for it.`,
      ids: [row.id],
    })),
    violationsOf(deposits.without, 'CREDIT_WITHOUT_TRANSFER', (row) => ({
      message: `Deposit credit ${row.reference} has no chain transfer: money was credited for a payment the books do not hold.`,
      ids: [row.id],
    })),
    violationsOf(deposits.several, 'CREDIT_WITH_SEVERAL_TRANSFERS', (row) => ({
      message: `Deposit credit ${row.reference} is claimed by ${row.transfer_ids.length} chain transfers; a credit pays out exactly one.`,
      ids: [row.id, ...row.transfer_ids],
    })),
    violationsOf(deposits.mismatch, 'CREDIT_TRANSFER_MISMATCH', (row) => {
      const problems: string[] = [];
      if (row.statuses[0] !== 'CREDITED')
        problems.push(`its transfer is ${row.statuses[0]}, not CREDITED`);
      if (row.transfer_references[0] !== row.reference)
        problems.push(`its transfer is ${row.transfer_references[0]}`);
      if (row.transfer_amount !== row.cleared)
        problems.push(
          `chain clearing paid out ${amount(row.cleared)} for a transfer of ${amount(row.transfer_amount)}`,
        );
      return {
        message: `Deposit credit ${row.reference} does not match its chain transfer: ${problems.join('; ')}.`,
        ids: [row.id, ...row.transfer_ids],
      };
    }),
    violationsOf(deposits.orphans, 'TRANSFER_CREDITED_WITHOUT_CREDIT', (row) => ({
      message: `Chain transfer ${row.network} ${row.tx_hash} #${row.log_index} is marked CREDITED, but no deposit credit in the ledger pays it out.`,
      ids: [row.id, row.ledger_transaction_id],
    })),
    violationsOf(deposits.unconfirmed, 'DEPOSIT_CONFIRMED_WITHOUT_CREDIT', (row) => ({
      message: `Deposit ${row.id} (${row.network}) is CONFIRMED, but none of its chain transfers was credited.`,
      ids: [row.id, row.user_id],
    })),
  ];

  const violations = found.flatMap((kind) => kind.violations);
  const total = found.reduce((sum, kind) => sum + kind.found, 0);
  return {
    ok: total === 0,
    checkedAt,
    durationMs: Math.round(performance.now() - started),
    figures: {
      transactions: count(transactions.transactions),
      entries: count(transactions.entries),
      accounts: count(accounts.accounts),
      userAccounts: count(accounts.user_accounts),
      rentals: count(escrow.rentals),
      activeRentals: count(escrow.active_rentals),
      depositCredits: count(deposits.deposit_credits),
      creditedTransfers: count(deposits.credited_transfers),
      userWallets: amount(accounts.user_wallets),
      platformCredit: amount(accounts.platform_credit),
      escrow: amount(escrow.escrow),
      heldByActiveRentals: amount(escrow.held_by_active),
      vendorPending: amount(accounts.vendor_pending),
      vendorAvailable: amount(accounts.vendor_available),
      vendorPayoutPending: amount(accounts.vendor_payout_pending),
      platformRevenue: amount(accounts.platform_revenue),
      chainClearing: amount(accounts.chain_clearing),
      paypalClearing: amount(accounts.paypal_clearing),
      owedByUsers: amount(-BigInt(accounts.user_debt)),
      heldInDisputes: amount(accounts.dispute_held),
      creditedTransferAmount: amount(deposits.credited_transfer_amount),
    },
    found: total,
    violations,
  };
}

/** Escrow in all against what the active and disputed rentals hold by their records. */
function escrowTotal(escrow: Awaited<ReturnType<typeof repo.escrowChecks>>, escrowIds: string[]) {
  const held = BigInt(escrow.escrow);
  const expected = BigInt(escrow.held_by_active);
  if (held === expected) return { found: 0, violations: [] };
  const difference = held > expected ? held - expected : expected - held;
  return {
    found: 1,
    violations: [
      {
        kind: 'ESCROW_MISMATCH' as const,
        message: `Escrow holds ${amount(held)} by its entries, but the active and disputed rentals hold ${amount(expected)}: ${amount(difference)} ${held > expected ? 'more' : 'less'} than they account for.`,
        ids: escrowIds,
      },
    ],
  };
}
