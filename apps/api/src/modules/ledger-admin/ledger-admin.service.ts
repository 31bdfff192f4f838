import type {
  LedgerAccountRef,
  LedgerAccounts,
  LedgerCheck,
  LedgerEntriesPage,
  LedgerEntriesQuery,
  LedgerTransactionDetail,
} from '@crimsonhost/shared/ledger-admin';
import { toUsdtString } from '@crimsonhost/shared/money';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import * as repo from './ledger-admin.repository';
import { checkTheBooks } from './ledger-check.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const accountNotFound = () => new AppError('NOT_FOUND', 404, 'Ledger account not found');
const transactionNotFound = () => new AppError('NOT_FOUND', 404, 'Ledger transaction not found');
/** A deposit credit's reference: `deposit:<network>:<tx hash>:<log index>` (wallet.service.ts). */
const DEPOSIT_REFERENCE = /^deposit:([^:]+):(.+):(\d{1,9})$/;

const iso = (value: Date | string) => new Date(value).toISOString();
const amount = (micro: string | bigint) => toUsdtString(BigInt(micro));

function accountRef(row: repo.AccountRow): LedgerAccountRef {
  return {
    id: row.id,
    kind: row.kind,
    currency: row.currency,
    network: row.network,
    owner:
      row.owner_id === null
        ? null
        : { id: row.owner_id, name: row.owner_name ?? '', email: row.owner_email ?? '' },
  };
}

/** The staff area's ledger explorer and "Check the books", admin only (issue 15 point 4). */
export class LedgerAdminService {
  constructor(private readonly db: Database) {}

  async accounts(): Promise<LedgerAccounts> {
    const [platform, users] = await Promise.all([
      repo.platformAccounts(this.db),
      repo.userAccountTotals(this.db),
    ]);
    const totalOf = (kind: string) => {
      const row = users.find((user) => user.kind === kind);
      return { accounts: Number(row?.accounts ?? 0), total: amount(row?.total ?? '0') };
    };
    return {
      platform: platform.map((row) => ({
        ...accountRef(row),
        balance: amount(row.balance),
        entries: Number(row.entries),
      })),
      users: { wallets: totalOf('USER_WALLET'), credit: totalOf('USER_CREDIT') },
    };
  }

  async entries(
    accountId: string,
    query: LedgerEntriesQuery & { page: number; pageSize: number },
  ): Promise<LedgerEntriesPage> {
    if (!UUID.test(accountId)) throw accountNotFound();
    const account = await repo.findAccount(this.db, accountId.toLowerCase());
    if (!account) throw accountNotFound();
    const { rows, total, totalExact, nextCursor } = await repo.accountEntries(
      this.db,
      account.id,
      query,
    );
    return {
      account: accountRef(account),
      data: rows.map((row) => ({
        id: row.id.toString(),
        amount: amount(row.amount),
        createdAt: row.createdAt.toISOString(),
        transaction: { ...row.transaction, createdAt: row.transaction.createdAt.toISOString() },
      })),
      meta: { page: query.page, pageSize: query.pageSize, total, totalExact, nextCursor },
    };
  }

  async transaction(id: string): Promise<LedgerTransactionDetail> {
    if (!UUID.test(id)) throw transactionNotFound();
    const transaction = await repo.findTransaction(this.db, id.toLowerCase());
    if (!transaction) throw transactionNotFound();
    const deposit = DEPOSIT_REFERENCE.exec(transaction.reference);
    const [entries, wallet, transfer] = await Promise.all([
      repo.transactionEntries(this.db, transaction.id),
      repo.walletTransactionOf(this.db, transaction.reference),
      deposit
        ? repo.chainTransferOf(this.db, {
            network: deposit[1]!,
            txHash: deposit[2]!,
            logIndex: Number(deposit[3]),
          })
        : undefined,
    ]);
    const sums = new Map<string, bigint>();
    for (const entry of entries) {
      sums.set(entry.currency, (sums.get(entry.currency) ?? 0n) + BigInt(entry.amount));
    }
    return {
      id: transaction.id,
      kind: transaction.kind,
      reference: transaction.reference,
      createdAt: transaction.createdAt.toISOString(),
      entries: entries.map((entry) => ({
        id: entry.entry_id,
        account: accountRef(entry),
        amount: amount(entry.amount),
      })),
      balanced: entries.length > 0 && [...sums.values()].every((sum) => sum === 0n),
      walletTransaction: wallet
        ? {
            id: wallet.id,
            userId: wallet.user_id,
            type: wallet.type,
            status: wallet.status,
            amount: amount(wallet.amount),
            fee: amount(wallet.fee),
            currency: wallet.currency,
            description: wallet.description,
            createdAt: iso(wallet.created_at),
          }
        : null,
      chainTransfer: transfer
        ? {
            id: transfer.id,
            network: transfer.network,
            txHash: transfer.tx_hash,
            logIndex: Number(transfer.log_index),
            amount: amount(transfer.amount),
            status: transfer.status,
          }
        : null,
    };
  }

  check(): Promise<LedgerCheck> {
    return checkTheBooks(this.db);
  }
}
