import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { chainTransfers, deposits, walletTransactions } from '../../../db/schema/wallet';
import type { ObservedTransfer, TransferCheck } from '../../chains/chain-client';
import { toMicroUsdt, type NetworkSettings } from '../../chains/chain-settings';
import type { TransferSink, WatchedTransfer } from '../../chains/transfer-sink';
import * as walletRepo from '../wallet.repository';
import type { WalletService } from '../wallet.service';

/** A stored transfer to a deposit address that waits for its confirmations. */
export interface OpenTransfer extends WatchedTransfer {
  row: typeof chainTransfers.$inferSelect;
  required: number | null;
  depositStatus: string;
}

export interface DepositMatcherOptions {
  /** A transfer missing from the chain this long is failed. */
  missingGraceMs: number;
}

/**
 * The wallet's side of one network's chain watcher (decision 026): keeps the transfers that pay
 * open deposit addresses in `chain_transfers`, once each, follows what the chain says of them,
 * moves their deposits along, and credits those with enough confirmations through the wallet.
 */
export class DepositMatcher implements TransferSink<OpenTransfer> {
  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly wallet: WalletService,
    private readonly settings: NetworkSettings,
    private readonly options: DepositMatcherOptions,
  ) {}

  private get network() {
    return this.settings.network;
  }

  /**
   * Keeps the transfers to deposit addresses, once each: those of this network's deposits, and
   * those that reached another EVM network's deposit address here (wrong network, decision 036).
   */
  async observed(observed: ObservedTransfer[]): Promise<number> {
    const addresses = [...new Set(observed.map((t) => t.to))];
    const watched = await walletRepo.depositsByAddress(this.db, this.network, addresses);
    const byAddress = new Map(watched.map((d) => [d.address, d]));
    const unmatched = addresses.filter((a) => !byAddress.has(a));
    const elsewhere = await walletRepo.depositsByAddressElsewhere(this.db, this.network, unmatched);
    const byKey = new Map(elsewhere.map((d) => [d.address.toLowerCase(), d]));
    let stored = 0;
    for (const transfer of observed) {
      const deposit = byAddress.get(transfer.to) ?? byKey.get(transfer.to.toLowerCase());
      if (!deposit) continue;
      const wrongNetwork = deposit.network !== this.network;
      const { micro, dust } = toMicroUsdt(transfer.value, this.settings.decimals);
      const late = deposit.expiresAt.getTime() < Date.now();
      const inserted = await this.db
        .insert(chainTransfers)
        .values({
          network: this.network,
          txHash: transfer.txHash,
          logIndex: transfer.logIndex,
          blockNumber: transfer.blockNumber,
          blockHash: transfer.blockHash,
          fromAddress: transfer.from,
          toAddress: transfer.to,
          rawAmount: transfer.value.toString(),
          amount: micro,
          dust: dust.toString(),
          depositId: deposit.transactionId,
          status: micro === 0n ? 'DUST' : 'SEEN',
          late,
          wrongNetwork,
        })
        .onConflictDoUpdate({
          target: [chainTransfers.network, chainTransfers.txHash, chainTransfers.logIndex],
          // Seen again: a transfer given up as vanished or superseded that is back on the chain
          // is watched again; a credited or dust one stays as it is.
          set: {
            blockNumber: transfer.blockNumber,
            blockHash: transfer.blockHash,
            missingSince: null,
            status: sql`case when ${chainTransfers.status} in ('FAILED', 'DROPPED') then 'SEEN' else ${chainTransfers.status} end`,
            updatedAt: sql`now()`,
          },
          setWhere: sql`${chainTransfers.status} in ('SEEN', 'CONFIRMING', 'FAILED', 'DROPPED')`,
        })
        .returning({
          id: chainTransfers.id,
          createdAt: chainTransfers.createdAt,
          updatedAt: chainTransfers.updatedAt,
        });
      if (inserted[0] && inserted[0].createdAt.getTime() === inserted[0].updatedAt.getTime()) {
        stored += 1;
        if (wrongNetwork && micro > 0n) {
          this.log.warn(
            { txHash: transfer.txHash, depositId: deposit.transactionId },
            `a payment on ${this.network} reached the address of a deposit on ${deposit.network}: kept for staff to credit by hand`,
          );
        }
        if (micro === 0n) {
          this.log.warn(
            { network: this.network, txHash: transfer.txHash, raw: transfer.value.toString() },
            'dust transfer below one micro-USDT recorded, not credited',
          );
        }
      }
    }
    return stored;
  }

  /**
   * The stored transfers not yet confirmed, with what their deposits require; a wrong-network
   * payment needs the confirmations of the network it was paid on.
   */
  async unconfirmed(): Promise<OpenTransfer[]> {
    const open = await this.db
      .select({
        transfer: chainTransfers,
        required: walletTransactions.requiredConfirmations,
        depositStatus: deposits.status,
      })
      .from(chainTransfers)
      .innerJoin(deposits, eq(deposits.transactionId, chainTransfers.depositId))
      .innerJoin(walletTransactions, eq(walletTransactions.id, deposits.transactionId))
      .where(
        and(
          eq(chainTransfers.network, this.network),
          inArray(chainTransfers.status, ['SEEN', 'CONFIRMING']),
        ),
      );
    const here = open.some(({ transfer }) => transfer.wrongNetwork)
      ? (await this.wallet.depositConfig()).networks.find((n) => n.id === this.network)
      : undefined;
    return open.map(({ transfer, required, depositStatus }) => ({
      txHash: transfer.txHash,
      logIndex: transfer.logIndex,
      to: transfer.toAddress,
      value: BigInt(transfer.rawAmount),
      row: transfer,
      required: transfer.wrongNetwork ? (here?.confirmations ?? required) : required,
      depositStatus,
    }));
  }

  /** Moves the transfer and its deposit on by what the chain says; credits it once confirmed. */
  async checked(open: OpenTransfer, check: TransferCheck, confirmations: number) {
    const { row: transfer, required, depositStatus } = open;
    // A wrong-network payment (decision 036) follows the chain as any other, but moves neither its
    // deposit nor the deposit's wallet transaction, and is never credited here: confirmed, it is
    // HELD for an admin to credit by hand.
    const elsewhere = transfer.wrongNetwork;
    switch (check.state) {
      case 'present': {
        await this.db
          .update(chainTransfers)
          .set({
            status: elsewhere && confirmations >= (required ?? 0) ? 'HELD' : 'CONFIRMING',
            confirmations,
            blockNumber: check.blockNumber,
            blockHash: check.blockHash,
            missingSince: null,
            updatedAt: sql`now()`,
          })
          .where(eq(chainTransfers.id, transfer.id));
        if (elsewhere) {
          if (confirmations >= (required ?? 0)) {
            this.log.warn(
              { txHash: transfer.txHash, depositId: transfer.depositId },
              'a confirmed payment on the wrong network waits for an admin to credit it',
            );
          }
          return false;
        }
        if (['WAITING', 'EXPIRED', 'FAILED'].includes(depositStatus)) {
          await walletRepo.updateDeposit(this.db, transfer.depositId, { status: 'CONFIRMING' });
        }
        await this.db
          .update(walletTransactions)
          .set({
            confirmations,
            txHash: transfer.txHash,
            status: 'PENDING',
            errorMessage: null,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(walletTransactions.id, transfer.depositId),
              inArray(walletTransactions.status, ['PENDING', 'FAILED']),
            ),
          );
        if (confirmations >= (required ?? 0) && (await this.wallet.creditTransfer(transfer.id))) {
          this.log.info(
            { network: this.network, txHash: transfer.txHash, depositId: transfer.depositId },
            'deposit credited',
          );
          return true;
        }
        return false;
      }
      case 'missing': {
        const since = transfer.missingSince ?? new Date();
        const gone = Date.now() - since.getTime() > this.options.missingGraceMs;
        await this.db
          .update(chainTransfers)
          .set({
            status: gone ? 'FAILED' : 'SEEN',
            confirmations: 0,
            missingSince: since,
            updatedAt: sql`now()`,
          })
          .where(eq(chainTransfers.id, transfer.id));
        if (gone && !elsewhere)
          await this.failDepositIfNothingElse(
            transfer.depositId,
            'The payment disappeared from the chain and did not come back',
          );
        return false;
      }
      case 'failed':
        await this.db
          .update(chainTransfers)
          .set({ status: 'FAILED', updatedAt: sql`now()` })
          .where(eq(chainTransfers.id, transfer.id));
        if (!elsewhere) await this.failDepositIfNothingElse(transfer.depositId, check.reason);
        return false;
      case 'mismatch':
        await this.db
          .update(chainTransfers)
          .set({ status: 'DROPPED', updatedAt: sql`now()` })
          .where(eq(chainTransfers.id, transfer.id));
        if (!elsewhere)
          await this.failDepositIfNothingElse(
            transfer.depositId,
            'The payment was replaced on the chain by a different one',
          );
        return false;
    }
  }

  private async failDepositIfNothingElse(depositId: string, reason: string) {
    const [live] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(chainTransfers)
      .where(
        and(
          eq(chainTransfers.depositId, depositId),
          inArray(chainTransfers.status, ['SEEN', 'CONFIRMING', 'CREDITED']),
        ),
      );
    if ((live?.n ?? 0) > 0) return;
    await walletRepo.updateDeposit(this.db, depositId, { status: 'FAILED' });
    await this.db
      .update(walletTransactions)
      .set({ status: 'FAILED', errorMessage: reason, confirmations: 0, updatedAt: sql`now()` })
      .where(and(eq(walletTransactions.id, depositId), eq(walletTransactions.status, 'PENDING')));
  }
}
