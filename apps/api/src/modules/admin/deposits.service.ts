import type {
  AdminDeposit,
  AdminDepositDetail,
  AdminDepositTransfer,
  AdminDepositView,
} from '@crimsonhost/shared/admin-deposits';
import { DEFAULT_REQUIRED_CONFIRMATIONS, type Network } from '@crimsonhost/shared/constants';
import { toUsdtString } from '@crimsonhost/shared/money';
import type { Database } from '../../db/client';
import type { chainTransfers } from '../../db/schema/wallet';
import { AppError } from '../../lib/errors';
import { enqueueMail } from '../../lib/mail-outbox';
import type { Principal } from '../auth/auth.guard';
import type { RequestMeta } from '../auth/session.service';
import type { AuditService } from '../audit/audit.service';
import type { Explorer } from '../chains/explorers';
import type { WalletService } from '../wallet/wallet.service';
import { handCreditMail } from './deposits.mail';
import * as repo from './deposits.repository';

type TransferRow = typeof chainTransfers.$inferSelect;

const notFound = () => new AppError('NOT_FOUND', 404, 'No deposit with this id');
const iso = (value: Date | string) => new Date(value).toISOString();

function toAdminDeposit(row: repo.DepositListRow): AdminDeposit {
  const requested = BigInt(row.requested_amount);
  const received = BigInt(row.received);
  return {
    id: row.id,
    user: { id: row.user_id, name: row.user_name, email: row.user_email },
    network: row.network as Network,
    address: row.address,
    status: row.status,
    requestedAmount: toUsdtString(requested),
    receivedAmount: toUsdtString(received),
    creditedAmount: toUsdtString(BigInt(row.credited)),
    transferCount: Number(row.transfers),
    confirmations: row.confirmations,
    requiredConfirmations: row.required_confirmations ?? DEFAULT_REQUIRED_CONFIRMATIONS,
    late: row.late,
    short: received > 0n && received < requested,
    over: received > requested,
    misdirected: row.misdirected,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    cancelledAt: row.cancelled_at ? iso(row.cancelled_at) : null,
  };
}

export interface AdminDepositsDeps {
  db: Database;
  wallet: WalletService;
  audit: AuditService;
  explorers: Partial<Record<Network, Explorer>>;
}

/**
 * The Deposits section of the staff area (issue 15 point 5): support and admin list deposits by
 * what needs a look and read one with the transfers its address received; admin credits by hand a
 * confirmed payment held because it came on the wrong network (decision 036), once, with its
 * audit record in the same transaction.
 */
export class AdminDepositsService {
  constructor(private readonly deps: AdminDepositsDeps) {}

  async list(query: {
    view: AdminDepositView;
    network?: Network;
    q?: string;
    page: number;
    pageSize: number;
  }) {
    const { rows, total } = await repo.listDeposits(this.deps.db, query);
    return {
      data: rows.map(toAdminDeposit),
      meta: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  async detail(id: string): Promise<AdminDepositDetail> {
    const row = await repo.findDeposit(this.deps.db, id);
    if (!row) throw notFound();
    const transfers = await repo.transfersOf(this.deps.db, row.id);
    const deposit = toAdminDeposit(row);
    // A wrong-network payment needs the confirmations of the network it was paid on.
    const confirmationsOf = transfers.some((t) => t.wrongNetwork)
      ? await this.confirmationsByNetwork()
      : new Map<string, number>();
    return {
      ...deposit,
      derivationIndex: row.derivation_index,
      watchUntil: iso(row.watch_until),
      addressCollision: row.address_collision,
      addressExplorerUrl: this.deps.explorers[deposit.network]?.address(row.address) ?? null,
      transfers: transfers.map((transfer) =>
        this.toTransfer(
          transfer,
          transfer.wrongNetwork
            ? (confirmationsOf.get(transfer.network) ?? DEFAULT_REQUIRED_CONFIRMATIONS)
            : deposit.requiredConfirmations,
        ),
      ),
    };
  }

  /**
   * Credits a held wrong-network payment to the deposit owner's wallet, once: a second ask, or
   * one racing the first, answers ALREADY_CREDITED and moves nothing.
   */
  async creditByHand(
    principal: Principal,
    meta: RequestMeta,
    depositId: string,
    transferId: string,
    reason: string,
  ): Promise<AdminDepositDetail> {
    const { db, wallet, audit } = this.deps;
    const deposit = await repo.findDeposit(db, depositId);
    if (!deposit) throw notFound();
    const found = await repo.findTransfer(db, deposit.id, transferId);
    if (!found) throw new AppError('NOT_FOUND', 404, 'No such payment to this deposit');
    if (found.status === 'CREDITED') throw alreadyCredited();
    if (found.status !== 'HELD') throw notCreditable(found);
    await db.transaction(async (tx) => {
      const credited = await wallet.creditHeldTransfer(tx, found.id);
      if (!credited) throw alreadyCredited();
      await audit.record(
        tx,
        { user: principal.user, clientKind: principal.clientKind, ip: meta.ip },
        {
          action: 'deposit.credited_by_hand',
          targetType: 'deposit',
          targetId: deposit.id,
          targetLabel: `${deposit.network} ${deposit.address} of ${deposit.user_email}`,
          before: { transfer: found.id, status: 'HELD' },
          after: {
            transfer: found.id,
            status: 'CREDITED',
            paidOn: found.network,
            txHash: found.txHash,
            amount: toUsdtString(credited.amount),
            fee: toUsdtString(credited.fee),
            ledgerTransaction: credited.ledgerTransactionId,
            reason,
          },
        },
      );
      await enqueueMail(
        tx,
        handCreditMail(
          { email: deposit.user_email, displayName: deposit.user_name },
          {
            paidOn: found.network,
            depositNetwork: deposit.network,
            address: deposit.address,
            amount: credited.amount - credited.fee,
            txHash: found.txHash,
          },
        ),
      );
    });
    return this.detail(deposit.id);
  }

  private async confirmationsByNetwork() {
    const config = await this.deps.wallet.depositConfig();
    return new Map<string, number>(config.networks.map((n) => [n.id, n.confirmations]));
  }

  private toTransfer(transfer: TransferRow, required: number): AdminDepositTransfer {
    return {
      id: transfer.id,
      network: transfer.network as Network,
      txHash: transfer.txHash,
      logIndex: transfer.logIndex,
      blockNumber: transfer.blockNumber?.toString() ?? null,
      fromAddress: transfer.fromAddress,
      amount: toUsdtString(transfer.amount),
      status: transfer.status,
      confirmations: transfer.confirmations,
      requiredConfirmations: required,
      late: transfer.late,
      wrongNetwork: transfer.wrongNetwork,
      seenAt: transfer.createdAt.toISOString(),
      ledgerTransactionId: transfer.ledgerTransactionId,
      explorerUrl:
        this.deps.explorers[transfer.network as Network]?.transaction(transfer.txHash) ?? null,
      creditable: transfer.status === 'HELD',
    };
  }
}

const alreadyCredited = () =>
  new AppError('ALREADY_CREDITED', 409, 'This payment was already credited.');

function notCreditable(transfer: TransferRow) {
  const why = !transfer.wrongNetwork
    ? "It was paid on the deposit's own network, which the watcher credits by itself."
    : transfer.status === 'SEEN' || transfer.status === 'CONFIRMING'
      ? 'It does not have its confirmations yet: it can be credited once the watcher holds it.'
      : transfer.status === 'DUST'
        ? 'It is less than one micro-USDT.'
        : 'The chain replaced or reverted it.';
  return new AppError('NOT_CREDITABLE', 409, `This payment cannot be credited by hand. ${why}`);
}
