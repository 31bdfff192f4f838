import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { chainCursors, chainTransfers, deposits, walletTransactions } from '../../db/schema/wallet';
import type { JobDefinition } from '../../lib/jobs';
import * as walletRepo from '../wallet/wallet.repository';
import type { WalletService } from '../wallet/wallet.service';
import {
  IncompleteReadError,
  RangeTooLargeError,
  RateLimitedError,
  type ChainClient,
  type ObservedTransfer,
} from './chain-client';
import { toMicroUsdt, type NetworkSettings } from './chain-settings';

export interface WatcherOptions {
  intervalMs: number;
  /** At most this many blocks per log query. */
  maxBlockRange: number;
  /** Blocks below the cursor that each pass scans again, so a re-mined transfer is seen. */
  reorgWindow: number;
  /** A transfer missing from the chain this long is failed. */
  missingGraceMs: number;
  /** Where a network with no cursor starts; default: the reorg window below the head. */
  startBlock?: bigint;
}

export interface WatchPass {
  head: bigint;
  scanned: { from: bigint; to: bigint } | null;
  stored: number;
  credited: number;
}

/**
 * Watches one network for USDT transfers to open deposit addresses. Each pass reads the head, the
 * logs of a bounded block range past the cursor (one query, whatever the number of open
 * deposits), stores transfers to our addresses once, re-checks the unconfirmed ones on the chain,
 * and credits those with enough confirmations. Runs under a job lease: one instance at a time.
 */
export class DepositWatcher {
  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly wallet: WalletService,
    readonly settings: NetworkSettings,
    private readonly client: ChainClient,
    private readonly options: WatcherOptions,
  ) {}

  job(): JobDefinition {
    return {
      name: `deposit-watcher:${this.settings.network}`,
      intervalMs: this.options.intervalMs,
      leaseMs: Math.max(60_000, this.options.intervalMs * 6),
      run: async () => {
        try {
          await this.pass();
        } catch (error) {
          if (error instanceof RateLimitedError) return { retryAfterMs: error.retryAfterMs };
          throw error;
        }
      },
    };
  }

  private get network() {
    return this.settings.network;
  }

  async pass(): Promise<WatchPass> {
    const head = await this.client.headBlock();
    const scanned = await this.scan(head);
    const { credited } = await this.confirm(head);
    return { head, scanned: scanned.range, stored: scanned.stored, credited };
  }

  private async readCursor(head: bigint) {
    const [row] = await this.db
      .select()
      .from(chainCursors)
      .where(eq(chainCursors.network, this.network));
    const window = BigInt(this.options.reorgWindow);
    const range = Math.min(
      row?.blockRange ?? this.options.maxBlockRange,
      this.options.maxBlockRange,
    );
    if (!row) {
      const start =
        this.options.startBlock !== undefined ? this.options.startBlock - 1n : head - window;
      return { cursor: start, range };
    }
    // The chain is shorter than where we were: it was reorganised (or reset); step back.
    return { cursor: row.lastBlock > head ? head - window : row.lastBlock, range };
  }

  /** Writes the cursor row: only ever to a block below which everything was read whole. */
  private async saveCursor(
    values: Partial<typeof chainCursors.$inferInsert> & { lastBlock: bigint },
  ) {
    await this.db
      .insert(chainCursors)
      .values({ network: this.network, ...values })
      .onConflictDoUpdate({
        target: chainCursors.network,
        set: { ...values, updatedAt: sql`now()` },
      });
  }

  /**
   * Reads the blocks past the cursor (and the reorg window below it), at most `maxBlockRange` of
   * them, in parts the node answers whole. A part the node refuses or caps is split: to the range
   * the node suggests, else in half, and the size that worked is kept for the next pass (grown
   * back by doubling after a pass that needed no split). The cursor moves after each part read
   * whole, never past a block that was not read. A part that cannot be read whole (one block still
   * too large, or a read that proves nothing) keeps the cursor where it is and records the fault.
   */
  private async scan(head: bigint) {
    const { cursor: start, range: remembered } = await this.readCursor(head);
    const window = BigInt(this.options.reorgWindow);
    const from = start + 1n - window > 0n ? start + 1n - window : 0n;
    const limit = BigInt(this.options.maxBlockRange);
    const to = head < start + limit ? head : start + limit;
    let cursor = start;
    let size = BigInt(Math.max(1, remembered));
    let split = false;
    let stored = 0;
    let fault: string | null = null;
    await this.saveCursor({ lastBlock: cursor, headBlock: head, headSeenAt: new Date() });
    let next = from;
    while (next <= to) {
      let end = next + size - 1n < to ? next + size - 1n : to;
      let observed: ObservedTransfer[];
      try {
        observed = await this.client.transfersInRange(next, end);
      } catch (error) {
        if (error instanceof RangeTooLargeError && end > next) {
          const suggested = error.suggestedTo;
          end =
            suggested !== undefined && suggested >= next && suggested < end
              ? suggested
              : next + (end - next + 1n) / 2n - 1n;
          size = end - next + 1n;
          split = true;
          continue;
        }
        // The blocks before the one that could not be read are read whole on their own.
        if (error instanceof IncompleteReadError && error.from > next && error.from <= end) {
          end = error.from - 1n;
          size = end - next + 1n;
          split = true;
          continue;
        }
        if (error instanceof RangeTooLargeError || error instanceof IncompleteReadError) {
          fault = error.message;
          break;
        }
        if (error instanceof RateLimitedError) {
          // A node that reads block by block (TRON) may be stopped part-way through a long part:
          // smaller parts keep what was read before the limit hit, and catching up moves on.
          if (end > next)
            await this.saveCursor({
              lastBlock: cursor,
              blockRange: Number((end - next + 1n) / 2n || 1n),
            });
        } else {
          await this.recordFault(cursor, `Blocks ${next}-${end}: ${(error as Error).message}`);
        }
        throw error;
      }
      stored += await this.store(observed);
      if (end > cursor) cursor = end;
      await this.saveCursor({ lastBlock: cursor, blockRange: Number(size) });
      next = end + 1n;
    }
    if (fault) {
      await this.recordFault(cursor, fault);
      this.log.warn(
        { network: this.network, cursor: cursor.toString(), head: head.toString() },
        `deposit watcher cannot read on: ${fault}`,
      );
    } else if (!split && size < limit) {
      const grown = size * 2n < limit ? size * 2n : limit;
      await this.saveCursor({ lastBlock: cursor, blockRange: Number(grown) });
    }
    return { range: from <= to ? { from, to: cursor > to ? to : cursor } : null, stored };
  }

  private async recordFault(cursor: bigint, message: string) {
    await this.saveCursor({
      lastBlock: cursor,
      lastFault: message.slice(0, 1000),
      lastFaultAt: new Date(),
    });
  }

  /** Keeps the transfers to watched deposit addresses, once each. */
  private async store(observed: ObservedTransfer[]): Promise<number> {
    const watched = await walletRepo.depositsByAddress(this.db, this.network, [
      ...new Set(observed.map((t) => t.to)),
    ]);
    const byAddress = new Map(watched.map((d) => [d.address, d]));
    let stored = 0;
    for (const transfer of observed) {
      const deposit = byAddress.get(transfer.to);
      if (!deposit) continue;
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

  /** Re-checks every unconfirmed transfer and credits those with enough confirmations. */
  private async confirm(head: bigint) {
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
    let credited = 0;
    for (const { transfer, required, depositStatus } of open) {
      const check = await this.client.checkTransfer({
        txHash: transfer.txHash,
        logIndex: transfer.logIndex,
        to: transfer.toAddress,
        value: BigInt(transfer.rawAmount),
      });
      switch (check.state) {
        case 'present': {
          const confirmations = Number(head - check.blockNumber + 1n);
          await this.db
            .update(chainTransfers)
            .set({
              status: 'CONFIRMING',
              confirmations,
              blockNumber: check.blockNumber,
              blockHash: check.blockHash,
              missingSince: null,
              updatedAt: sql`now()`,
            })
            .where(eq(chainTransfers.id, transfer.id));
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
            credited += 1;
            this.log.info(
              { network: this.network, txHash: transfer.txHash, depositId: transfer.depositId },
              'deposit credited',
            );
          }
          break;
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
          if (gone)
            await this.failDepositIfNothingElse(
              transfer.depositId,
              'The payment disappeared from the chain and did not come back',
            );
          break;
        }
        case 'failed':
          await this.db
            .update(chainTransfers)
            .set({ status: 'FAILED', updatedAt: sql`now()` })
            .where(eq(chainTransfers.id, transfer.id));
          await this.failDepositIfNothingElse(transfer.depositId, check.reason);
          break;
        case 'mismatch':
          await this.db
            .update(chainTransfers)
            .set({ status: 'DROPPED', updatedAt: sql`now()` })
            .where(eq(chainTransfers.id, transfer.id));
          await this.failDepositIfNothingElse(
            transfer.depositId,
            'The payment was replaced on the chain by a different one',
          );
          break;
      }
    }
    return { credited };
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

/** Each network's watcher as its cursor row tells it, for the health details. */
export async function watcherStates(db: Database) {
  const rows = await db.select().from(chainCursors).orderBy(chainCursors.network);
  return rows.map((row) => ({
    network: row.network,
    cursor: Number(row.lastBlock),
    head: row.headBlock === null ? null : Number(row.headBlock),
    headSeenAt: row.headSeenAt?.toISOString() ?? null,
    behind:
      row.headBlock === null ? null : Math.max(0, Number(row.headBlock) - Number(row.lastBlock)),
    blockRange: row.blockRange,
    lastFault:
      row.lastFault && row.lastFaultAt
        ? { message: row.lastFault, at: row.lastFaultAt.toISOString() }
        : null,
  }));
}
