import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { chainCursors } from '../../db/schema/chains';
import type { JobDefinition } from '../../lib/jobs';
import {
  IncompleteReadError,
  RangeTooLargeError,
  RateLimitedError,
  type ChainClient,
  type ObservedTransfer,
} from './chain-client';
import type { NetworkSettings } from './chain-settings';
import type { TransferSink, WatchedTransfer } from './transfer-sink';

export interface WatcherOptions {
  intervalMs: number;
  /** At most this many blocks per log query. */
  maxBlockRange: number;
  /** Blocks below the cursor that each pass scans again, so a re-mined transfer is seen. */
  reorgWindow: number;
  /** Where a network with no cursor starts; default: the reorg window below the head. */
  startBlock?: bigint;
  /** The job's name (its lease row); default `chain-watcher:<network>`. */
  name?: string;
}

export interface WatchPass {
  head: bigint;
  scanned: { from: bigint; to: bigint } | null;
  stored: number;
  credited: number;
}

/**
 * Watches one network's USDT contract block by block. Each pass reads the head, the transfers of
 * a bounded block range past the cursor (one query, whatever the number of open deposits) and
 * hands them to the sink, then reads the sink's unconfirmed transfers again on the chain and
 * reports what it found with their confirmations. It keeps its cursor in `chain_cursors` and
 * knows nothing of deposits: the wallet's sink does (decision 026). Runs under a job lease: one
 * instance at a time.
 */
export class ChainWatcher<T extends WatchedTransfer = WatchedTransfer> {
  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly sink: TransferSink<T>,
    readonly settings: NetworkSettings,
    private readonly client: ChainClient,
    private readonly options: WatcherOptions,
  ) {}

  job(): JobDefinition {
    return {
      name: this.options.name ?? `chain-watcher:${this.settings.network}`,
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
      stored += await this.sink.observed(observed);
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

  /** Reads every unconfirmed transfer of the sink again and tells the sink what the chain says. */
  private async confirm(head: bigint) {
    const open = await this.sink.unconfirmed();
    let credited = 0;
    for (const transfer of open) {
      const check = await this.client.checkTransfer({
        txHash: transfer.txHash,
        logIndex: transfer.logIndex,
        to: transfer.to,
        value: transfer.value,
      });
      const confirmations = check.state === 'present' ? Number(head - check.blockNumber + 1n) : 0;
      if (await this.sink.checked(transfer, check, confirmations)) credited += 1;
    }
    return { credited };
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
