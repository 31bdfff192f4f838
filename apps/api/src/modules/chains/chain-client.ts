/** A token transfer as a chain reports it, before it is matched to a deposit. */
export interface ObservedTransfer {
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  from: string;
  /** In the form deposit addresses are stored (EIP-55 on EVM, base58 on Tron). */
  to: string;
  /** Raw token units. */
  value: bigint;
}

export type TransferCheck =
  | { state: 'present'; blockNumber: bigint; blockHash: string }
  /** Not on the canonical chain now (a reorg removed it, or it was never mined). */
  | { state: 'missing' }
  /** Mined, but the transaction failed (reverted): nothing was paid. */
  | { state: 'failed'; reason: string }
  /** The transaction is there but no longer carries this log (re-mined differently). */
  | { state: 'mismatch' };

/** The USDT transfers one transaction made, as the chain shows it now (a payout's proof). */
export type TransactionTransfers =
  | {
      state: 'present';
      blockNumber: bigint;
      transfers: Array<{ logIndex: number; to: string; value: bigint }>;
    }
  /** The node does not know it: never mined, dropped, or a reorg removed it. */
  | { state: 'missing' }
  /** Mined, but it failed (reverted): it moved nothing. */
  | { state: 'failed'; reason: string };

/** Thrown when a node answers "too many requests": the watcher backs off. */
export class RateLimitedError extends Error {
  constructor(
    readonly retryAfterMs: number,
    message = 'The node is rate limiting us',
  ) {
    super(message);
    this.name = 'RateLimitedError';
  }
}

/**
 * Thrown when a node refuses a block range as too large, or caps its answer (an `eth_getLogs`
 * result limit, a block-range limit): the range must be read again in smaller parts, never
 * taken as complete.
 */
export class RangeTooLargeError extends Error {
  constructor(
    readonly from: bigint,
    readonly to: bigint,
    message = 'The node refused this block range as too large',
    /** The last block of a smaller range from `from` that the node said it would answer, if it named one. */
    readonly suggestedTo?: bigint,
  ) {
    super(message);
    this.name = 'RangeTooLargeError';
  }
}

/**
 * Thrown when a read cannot prove it saw every transfer of its range (a full page with no way to
 * the next one): the watcher keeps its cursor below the range and reports the fault in the health
 * details; it never treats such an answer as the end.
 */
export class IncompleteReadError extends Error {
  constructor(
    readonly from: bigint,
    readonly to: bigint,
    message: string,
  ) {
    super(message);
    this.name = 'IncompleteReadError';
  }
}

/**
 * How long a node asked us to wait: a Retry-After header in seconds or as an HTTP date, else the
 * wait a message names ("suspended for 30s", TronGrid's wording), else the fallback.
 */
export function retryAfterMs(
  header: string | null | undefined,
  message: string,
  fallbackMs: number,
): number {
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
  }
  const suspended = /suspended for (\d+)\s*s/i.exec(message);
  if (suspended) return Number(suspended[1]) * 1000;
  return fallbackMs;
}

/**
 * What a deposit watcher needs from one network. Every call's cost depends on blocks and on
 * transfers to our addresses, never on how many deposits are open.
 */
export interface ChainClient {
  headBlock(): Promise<bigint>;
  /**
   * Every transfer of the USDT contract in [from, to], to any address, or an error: a partial
   * answer is never returned (throws RangeTooLargeError or IncompleteReadError instead).
   */
  transfersInRange(from: bigint, to: bigint): Promise<ObservedTransfer[]>;
  /** Re-reads a stored transfer from the chain before it is credited. */
  checkTransfer(transfer: {
    txHash: string;
    logIndex: number;
    to: string;
    value: bigint;
  }): Promise<TransferCheck>;
  /**
   * The transfers of the watched USDT contract in one transaction, with the block it is in:
   * transfers of any other token are left out, so a payout paid in the wrong token shows none.
   */
  transactionTransfers(txHash: string): Promise<TransactionTransfers>;
}
