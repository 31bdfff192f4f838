import type { Network } from '@crimsonhost/shared/constants';
import {
  DEPOSIT_ADDRESS_TTL_MINUTES,
  DEFAULT_REQUIRED_CONFIRMATIONS,
  MAX_UNPAID_DEPOSITS,
  NETWORKS,
} from '@crimsonhost/shared/constants';
import {
  isUsdtAmount,
  MAX_INPUT_AMOUNT_MICRO,
  parseUsdt,
  toUsdtString,
} from '@crimsonhost/shared/money';
import type {
  DepositAddress,
  DepositConfig,
  DepositStatusView,
  TimelineStatus,
  Transaction,
  TransactionDetail,
  TransactionListQuery,
  Wallet,
} from '@crimsonhost/shared/wallet';
import { paymentStatusOf, type PayPalPaymentState } from '@crimsonhost/shared/paypal';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { chainTransfers } from '../../db/schema/wallet';
import { AppError } from '../../lib/errors';
import { deriveDepositAddress, INDEX_SPACES } from '../chains/addresses';
import type { ChainSettings } from '../chains/chain-settings';
import {
  accountBalance,
  chainClearing,
  creditToUser,
  platformRevenue,
  postLedgerTransaction,
  userCredit,
  userWallet,
} from './ledger.service';
import * as repo from './wallet.repository';
import type { PayPalService } from '../payments/paypal.service';
import {
  findPaymentOfUser as findPayPalPaymentOfUser,
  toPayPalPayment,
} from '../payments/paypal-payments.repository';

/** The PayPal payment behind a wallet transaction (shown even after PayPal was turned off). */
async function paypalPaymentOfTransaction(db: Executor, userId: string, id: string) {
  const row = await findPayPalPaymentOfUser(db, userId, id);
  return row ? toPayPalPayment(row) : null;
}

const LATE_WATCH_HOURS = 24;

/** '10.000000' -> '10', '12.500000' -> '12.5': amounts inside sentences. */
export function plainAmount(micro: bigint): string {
  return toUsdtString(micro).replace(/\.?0+$/, '');
}

/** A percent string such as '0.50' as basis points (50), exactly. */
export function basisPoints(percent: string): bigint {
  const [whole = '0', fraction = ''] = percent.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
}

/** The deposit fee: that share of what arrived, rounded down to the micro-USDT in the payer's favour. */
export function depositFee(received: bigint, percent: string): bigint {
  return (received * basisPoints(percent)) / 10_000n;
}

const amountError = (message: string) =>
  new AppError('VALIDATION_ERROR', 400, message, { fields: [{ field: 'amount', message }] });

/** What the timeline shows; the repository's `timelineStatusSql` filters by the same rule. */
function timelineStatus(
  row: repo.WalletTransactionRow,
  depositStatus: string | null,
): TimelineStatus {
  switch (depositStatus ?? 'NONE') {
    case 'WAITING':
      return 'WAITING';
    case 'CONFIRMING':
      return 'PENDING';
    case 'EXPIRED':
      return row.status === 'CONFIRMED' ? 'CONFIRMED' : 'EXPIRED';
    default:
      return row.status as TimelineStatus;
  }
}

/**
 * The spec's deposit status (WAITING, CONFIRMED, EXPIRED, FAILED) of a stored one: a deposit whose
 * payment was seen and is confirming still waits for its credit, so CONFIRMING answers WAITING;
 * the answer's `confirmations` and `paid` say how far the payment got (decision 029). Every answer
 * that carries a deposit's status goes through here.
 */
export function specDepositStatus(stored: string): DepositStatusView['depositStatus'] {
  switch (stored) {
    case 'WAITING':
    case 'CONFIRMING':
      return 'WAITING';
    case 'CONFIRMED':
    case 'EXPIRED':
    case 'FAILED':
      return stored;
    default:
      throw new Error(`Unknown deposit status ${stored}`);
  }
}

/** Fee percent per network, as configured (enabled or not): what a deposit's fee is taken at. */
type FeePercents = ReadonlyMap<string, string>;

/**
 * The fee of a transaction: the one taken once money moved; for a deposit still waiting or
 * confirming, the one that will be taken of what arrived (or else of what was asked); none for
 * a deposit that expired or failed without a credit.
 */
function feeOf(
  listed: Omit<repo.ListedTransaction, 'balanceChange' | 'paypalState'>,
  fees: FeePercents,
): bigint {
  const row = listed.transaction;
  const open = listed.depositStatus === 'WAITING' || listed.depositStatus === 'CONFIRMING';
  if (row.type !== 'DEPOSIT' || row.status === 'CONFIRMED' || !open) return row.fee;
  const base = listed.awaitingCredit > 0n ? listed.awaitingCredit : row.amount;
  return depositFee(base, fees.get(row.network ?? '') ?? '0');
}

function toTransaction(listed: repo.ListedTransaction, fees: FeePercents): Transaction {
  const { transaction: row, depositStatus } = listed;
  return {
    id: row.id,
    type: row.type as Transaction['type'],
    status: row.status as Transaction['status'],
    timelineStatus: timelineStatus(row, depositStatus),
    amount: toUsdtString(row.amount),
    fee: toUsdtString(feeOf(listed, fees)),
    balanceChange: toUsdtString(listed.balanceChange),
    currency: row.currency as Transaction['currency'],
    description: row.description,
    reference: row.reference,
    network: (row.network as Network | null) ?? null,
    paymentMethod: (row.paymentMethod as Transaction['paymentMethod']) ?? null,
    paymentStatus: paymentStatus(listed),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The spec's payment status of a deposit: a PayPal one's from its payment (refunded once PayPal
 * gave money back); a crypto one's from its transaction (a credited deposit is completed).
 */
function paymentStatus(listed: repo.ListedTransaction): Transaction['paymentStatus'] {
  const row = listed.transaction;
  if (row.type !== 'DEPOSIT') return null;
  if (listed.paypalState) return paymentStatusOf(listed.paypalState as PayPalPaymentState);
  return row.status === 'CONFIRMED' ? 'completed' : row.status === 'FAILED' ? 'failed' : 'pending';
}

/** Said on a credit that paid what the user owed first. */
export function settledNote(settled: bigint): string {
  return settled > 0n ? ` (${plainAmount(settled)} USDT of it paid what your account owed)` : '';
}

export class WalletService {
  constructor(
    private readonly db: Database,
    private readonly chains: ChainSettings,
    /** PayPal as a second way to pay in; null when it is off. */
    private readonly paypal: PayPalService | null = null,
  ) {}

  private async feePercents(db: Executor = this.db): Promise<FeePercents> {
    const { networks } = await repo.readDepositSettings(db);
    return new Map(networks.map((row) => [row.network, row.feePercent]));
  }

  async depositConfig(db: Executor = this.db): Promise<DepositConfig> {
    const { settings, networks } = await repo.readDepositSettings(db);
    // Only networks this storefront can watch are offered.
    const offered = networks
      .filter((row) => row.enabled && this.chains[row.network as Network])
      .sort(
        (a, b) => NETWORKS.indexOf(a.network as Network) - NETWORKS.indexOf(b.network as Network),
      );
    const defaultNetwork = offered.some((row) => row.network === settings.defaultNetwork)
      ? settings.defaultNetwork
      : (offered[0]?.network ?? settings.defaultNetwork);
    return {
      minAmount: toUsdtString(settings.minAmount),
      maxAmount: settings.maxAmount === null ? null : toUsdtString(settings.maxAmount),
      defaultNetwork: defaultNetwork as Network,
      networks: offered.map((row) => ({
        id: row.network as Network,
        displayName: row.displayName,
        fee: row.feePercent,
        processingTime: row.processingTime,
        confirmations: row.confirmations ?? DEFAULT_REQUIRED_CONFIRMATIONS,
        color: row.color,
        demo: this.chains[row.network as Network]?.demo ?? false,
      })),
      paypal: this.paypal?.config ?? null,
    };
  }

  /** Checks an amount against the deposit config with the specification's messages. */
  validateAmount(text: string, config: DepositConfig): bigint {
    if (text === '') throw amountError('Please enter deposit amount');
    // A number too long to parse is simply above the maximum, and is told so.
    const amount = /^\d{16,}(\.\d*)?$/.test(text) ? MAX_INPUT_AMOUNT_MICRO + 1n : null;
    if (amount === null && !isUsdtAmount(text)) {
      throw amountError('Amount must be a number with at most 6 decimals');
    }
    const value = amount ?? parseUsdt(text);
    const min = parseUsdt(config.minAmount);
    if (value < min) throw amountError(`Minimum amount is ${plainAmount(min)} USDT`);
    // Never above what any input may carry, even where no maximum is configured.
    const configured = config.maxAmount === null ? null : parseUsdt(config.maxAmount);
    const max =
      configured !== null && configured < MAX_INPUT_AMOUNT_MICRO
        ? configured
        : MAX_INPUT_AMOUNT_MICRO;
    if (value > max) throw amountError(`Maximum amount is ${plainAmount(max)} USDT`);
    return value;
  }

  /** Opens a deposit: a fresh address from the network's xpub, valid 30 minutes. */
  async createDeposit(
    tx: Executor,
    userId: string,
    input: { amount: string; network: Network },
    key: string,
  ): Promise<DepositAddress> {
    const config = await this.depositConfig(tx);
    const amount = this.validateAmount(input.amount, config);
    const network = config.networks.find((n) => n.id === input.network);
    const chain = this.chains[input.network];
    if (!network || !chain) {
      throw new AppError(
        'NETWORK_UNAVAILABLE',
        422,
        `Deposits on ${input.network} are not available right now. Choose another network.`,
        {
          fields: [{ field: 'network', message: 'is not available' }],
        },
      );
    }
    if ((await repo.countUnpaidLiveDeposits(tx, userId)) >= MAX_UNPAID_DEPOSITS) {
      throw new AppError(
        'TOO_MANY_OPEN_DEPOSITS',
        409,
        `You already have ${MAX_UNPAID_DEPOSITS} deposit addresses waiting for payment. Pay one of them or wait until one expires.`,
      );
    }
    const index = await repo.takeDerivationIndex(tx, INDEX_SPACES[input.network]);
    const address = deriveDepositAddress(input.network, chain.xpub, index);
    const expiresAt = new Date(Date.now() + DEPOSIT_ADDRESS_TTL_MINUTES * 60_000);
    const transaction = await repo.insertWalletTransaction(tx, {
      userId,
      type: 'DEPOSIT',
      status: 'PENDING',
      amount,
      currency: 'USDT',
      description: `Deposit via ${network.displayName}`,
      network: input.network,
      address,
      confirmations: 0,
      requiredConfirmations: network.confirmations,
    });
    await repo.insertDeposit(tx, {
      transactionId: transaction.id,
      userId,
      network: input.network,
      address,
      derivationIndex: index,
      requestedAmount: amount,
      expiresAt,
      watchUntil: new Date(expiresAt.getTime() + LATE_WATCH_HOURS * 3_600_000),
      idempotencyKey: key,
    });
    return {
      address,
      amount: toUsdtString(amount),
      network: input.network,
      networkFee: toUsdtString(depositFee(amount, network.fee)),
      confirmationsRequired: network.confirmations,
      expiresAt: expiresAt.toISOString(),
      transactionId: transaction.id,
    };
  }

  async depositStatus(userId: string, transactionId: string): Promise<DepositStatusView> {
    const found = await repo.findDepositOfUser(this.db, userId, transactionId);
    if (!found) throw new AppError('NOT_FOUND', 404, 'Deposit not found');
    const { deposit, transaction } = found;
    const transfers = await this.db
      .select()
      .from(chainTransfers)
      .where(
        and(
          eq(chainTransfers.depositId, deposit.transactionId),
          // A payment on the other EVM network is not this deposit's: staff credit it by hand.
          eq(chainTransfers.wrongNetwork, false),
        ),
      )
      .orderBy(chainTransfers.createdAt);
    const live = transfers.filter((t) => !['DROPPED', 'FAILED'].includes(t.status));
    const received = live.reduce((total, t) => total + t.amount, 0n);
    const credited = transaction.status === 'CONFIRMED' ? transaction.amount - transaction.fee : 0n;
    const newest = live.at(-1) ?? transfers.at(-1);
    const paid =
      received === 0n
        ? 'none'
        : received === deposit.requestedAmount
          ? 'exact'
          : received < deposit.requestedAmount
            ? 'short'
            : 'over';
    return {
      transactionId,
      status:
        deposit.status === 'CONFIRMED'
          ? 'confirmed'
          : ['EXPIRED', 'FAILED'].includes(deposit.status)
            ? 'failed'
            : 'pending',
      depositStatus: specDepositStatus(deposit.status),
      network: deposit.network as Network,
      address: deposit.address,
      requestedAmount: toUsdtString(deposit.requestedAmount),
      receivedAmount: toUsdtString(received),
      creditedAmount: toUsdtString(credited),
      fee: toUsdtString(
        feeOf(
          {
            transaction,
            depositStatus: deposit.status,
            awaitingCredit: transfers
              .filter((t) => t.status === 'SEEN' || t.status === 'CONFIRMING')
              .reduce((total, t) => total + t.amount, 0n),
          },
          await this.feePercents(),
        ),
      ),
      confirmations: newest?.confirmations ?? 0,
      requiredConfirmations: transaction.requiredConfirmations ?? DEFAULT_REQUIRED_CONFIRMATIONS,
      txHash: newest?.txHash ?? null,
      expiresAt: deposit.expiresAt.toISOString(),
      late: live.some((t) => t.late),
      paid,
      errorMessage: transaction.errorMessage,
    };
  }

  async wallet(userId: string): Promise<Wallet> {
    const [available, credit, held, pendingDeposits] = await Promise.all([
      accountBalance(this.db, userWallet(userId)),
      accountBalance(this.db, userCredit(userId)),
      repo.heldInEscrow(this.db, userId),
      repo.countOpenDeposits(this.db, userId),
    ]);
    return {
      usdt: { available: toUsdtString(available), held: toUsdtString(held) },
      platformCredit: { available: toUsdtString(credit) },
      pendingDeposits,
    };
  }

  async listTransactions(
    userId: string,
    query: TransactionListQuery & { page: number; pageSize: number },
  ) {
    const [{ rows, total, totalExact, nextCursor }, fees] = await Promise.all([
      repo.listTransactionsOfUser(this.db, userId, query),
      this.feePercents(),
    ]);
    return {
      data: rows.map((row) => toTransaction(row, fees)),
      meta: { page: query.page, pageSize: query.pageSize, total, totalExact, nextCursor },
    };
  }

  async transaction(userId: string, id: string): Promise<TransactionDetail> {
    const listed = await repo.findListedTransactionOfUser(this.db, userId, id);
    if (!listed) throw new AppError('NOT_FOUND', 404, 'Transaction not found');
    const row = listed.transaction;
    const state = listed.depositStatus === null ? null : await this.depositStatus(userId, id);
    const deposit = state && (await repo.findDepositOfUser(this.db, userId, id))?.deposit;
    return {
      ...toTransaction(listed, await this.feePercents()),
      network: (row.network as Network | null) ?? null,
      address: row.address,
      txHash: row.txHash,
      confirmations: row.confirmations,
      requiredConfirmations: row.requiredConfirmations ?? DEFAULT_REQUIRED_CONFIRMATIONS,
      errorMessage: row.errorMessage,
      updatedAt: row.updatedAt.toISOString(),
      paypal:
        row.paymentMethod === 'paypal'
          ? await paypalPaymentOfTransaction(this.db, userId, id)
          : null,
      deposit: state && {
        status: state.depositStatus,
        expiresAt: state.expiresAt,
        requestedAmount: state.requestedAmount,
        receivedAmount: state.receivedAmount,
        paid: state.paid,
        late: state.late,
        cancelledAt: deposit?.cancelledAt?.toISOString() ?? null,
      },
    };
  }

  /**
   * Credits one confirmed chain transfer, once: locks the transfer, posts chain clearing → wallet
   * (less the fee, which goes to revenue) under the transfer's unique reference, and records it on
   * the deposit's transaction (or a new one for a second payment to the same address).
   */
  async creditTransfer(transferId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [transfer] = await tx
        .select()
        .from(chainTransfers)
        .where(eq(chainTransfers.id, transferId))
        .for('update');
      if (!transfer || transfer.status === 'CREDITED') return false;
      const deposit = await repo.lockDeposit(tx, transfer.depositId);
      if (!deposit) return false;
      const { networkConfig, fee, reference, posting, settled } = await this.postDepositCredit(
        tx,
        transfer,
        deposit.userId,
      );
      if (!posting.posted) return false;
      const debtNote = settledNote(settled);

      const first = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(chainTransfers)
        .where(
          sql`${chainTransfers.depositId} = ${deposit.transactionId} and ${chainTransfers.status} = 'CREDITED'`,
        );
      const late = transfer.late;
      const paidNote =
        transfer.amount === deposit.requestedAmount
          ? ''
          : transfer.amount < deposit.requestedAmount
            ? ' (less than asked)'
            : ' (more than asked)';
      const lateNote = `${late ? ' (arrived after the address expired)' : ''}${debtNote}`;
      const details = {
        status: 'CONFIRMED',
        amount: transfer.amount,
        fee,
        txHash: transfer.txHash,
        confirmations: transfer.confirmations,
        ledgerTransactionId: posting.ledgerTransactionId,
        errorMessage: null,
      };
      if ((first[0]?.n ?? 0) === 0) {
        const original = await repo.findTransactionOfUser(
          tx,
          deposit.userId,
          deposit.transactionId,
        );
        await repo.updateWalletTransaction(tx, deposit.transactionId, {
          ...details,
          description: `${original?.description ?? 'Deposit'}${paidNote}${lateNote}`,
          reference,
        });
      } else {
        await repo.insertWalletTransaction(tx, {
          userId: deposit.userId,
          type: 'DEPOSIT',
          currency: 'USDT',
          description: `Further payment to deposit address ${deposit.address}${lateNote}`,
          network: deposit.network,
          address: deposit.address,
          requiredConfirmations: networkConfig?.confirmations ?? transfer.confirmations,
          reference,
          ...details,
        });
      }
      await tx
        .update(chainTransfers)
        .set({
          status: 'CREDITED',
          ledgerTransactionId: posting.ledgerTransactionId,
          updatedAt: sql`now()`,
        })
        .where(eq(chainTransfers.id, transfer.id));
      await repo.updateDeposit(tx, deposit.transactionId, { status: 'CONFIRMED' });
      return true;
    });
  }

  /**
   * Posts a chain transfer's credit: chain clearing of the network it was paid on → the user's
   * wallet, less that network's fee, which goes to revenue; under the transfer's unique reference,
   * so a transfer is posted once however often it is asked.
   */
  private async postDepositCredit(
    tx: Executor,
    transfer: typeof chainTransfers.$inferSelect,
    userId: string,
  ) {
    const config = await this.depositConfig(tx);
    const networkConfig = config.networks.find((n) => n.id === transfer.network);
    const fee = depositFee(transfer.amount, networkConfig?.fee ?? '0');
    const reference = `deposit:${transfer.network}:${transfer.txHash}:${transfer.logIndex}`;
    // What the user owes (a PayPal payment taken back after it was spent) is paid first.
    const credit = await creditToUser(tx, userId, transfer.amount - fee);
    const postings = [
      { account: chainClearing(transfer.network), amount: -transfer.amount },
      ...credit.postings,
      { account: platformRevenue(), amount: fee },
    ].filter((p) => p.amount !== 0n);
    const posting = await postLedgerTransaction(tx, {
      kind: 'DEPOSIT_CREDIT',
      reference,
      postings,
    });
    return {
      networkConfig,
      fee,
      reference,
      posting,
      settled: posting.posted ? credit.settled : 0n,
    };
  }

  /**
   * Credits by hand, in the caller's transaction, a confirmed payment the watcher held because it
   * reached a deposit's address on the other EVM network (decision 036): chain clearing of the
   * network it was paid on → the deposit owner's wallet, less that network's fee, under the same
   * unique reference an automatic credit would have, so it is posted once whoever asks twice. It
   * is a wallet transaction of its own; the deposit itself stays as it was. Answers what was
   * credited, or null when the transfer is not HELD any more (credited meanwhile).
   */
  async creditHeldTransfer(
    tx: Executor,
    transferId: string,
  ): Promise<{ amount: bigint; fee: bigint; ledgerTransactionId: string } | null> {
    const [transfer] = await tx
      .select()
      .from(chainTransfers)
      .where(eq(chainTransfers.id, transferId))
      .for('update');
    if (!transfer || transfer.status !== 'HELD') return null;
    const deposit = await repo.lockDeposit(tx, transfer.depositId);
    if (!deposit) return null;
    const {
      networkConfig: paidOn,
      fee,
      reference,
      posting,
      settled,
    } = await this.postDepositCredit(tx, transfer, deposit.userId);
    if (!posting.posted) return null;
    await repo.insertWalletTransaction(tx, {
      userId: deposit.userId,
      type: 'DEPOSIT',
      currency: 'USDT',
      status: 'CONFIRMED',
      amount: transfer.amount,
      fee,
      description: `Payment on ${transfer.network} to your ${deposit.network} deposit address ${deposit.address}, credited by staff${settledNote(settled)}`,
      network: transfer.network,
      address: deposit.address,
      txHash: transfer.txHash,
      confirmations: transfer.confirmations,
      requiredConfirmations: paidOn?.confirmations ?? transfer.confirmations,
      ledgerTransactionId: posting.ledgerTransactionId,
      reference,
    });
    await tx
      .update(chainTransfers)
      .set({
        status: 'CREDITED',
        ledgerTransactionId: posting.ledgerTransactionId,
        updatedAt: sql`now()`,
      })
      .where(eq(chainTransfers.id, transfer.id));
    return { amount: transfer.amount, fee, ledgerTransactionId: posting.ledgerTransactionId };
  }

  /**
   * Cancels a waiting deposit of the user's, once: its address closes now and frees its place
   * among the open deposits; a payment that still reaches it is credited as late. Refused once a
   * payment was seen or the address has expired; a second cancel answers the same.
   */
  async cancelDeposit(userId: string, transactionId: string): Promise<TransactionDetail> {
    await this.db.transaction(async (tx) => {
      const deposit = await repo.lockDepositOfUser(tx, userId, transactionId);
      if (!deposit) throw new AppError('NOT_FOUND', 404, 'Deposit not found');
      if (deposit.cancelledAt) return;
      if (deposit.status !== 'WAITING' || (await repo.paymentSeen(tx, transactionId))) {
        const expired =
          deposit.status === 'EXPIRED' && !(await repo.paymentSeen(tx, transactionId));
        throw new AppError(
          'DEPOSIT_NOT_CANCELLABLE',
          409,
          expired
            ? 'This deposit address has already expired.'
            : 'A payment to this address has already been seen: it is credited once confirmed and cannot be cancelled.',
        );
      }
      await repo.cancelWaitingDeposit(tx, transactionId);
    });
    return this.transaction(userId, transactionId);
  }

  expireDeposits() {
    return repo.expireUnpaidDeposits(this.db);
  }
}
