import type { ObservedTransfer, TransferCheck } from './chain-client';

/** A transfer a sink kept and wants re-read on the chain until it is settled. */
export interface WatchedTransfer {
  txHash: string;
  logIndex: number;
  /** In the form the client reports addresses (EIP-55 on EVM, base58 on Tron). */
  to: string;
  /** Raw token units, as observed. */
  value: bigint;
}

/**
 * Where a chain watcher reports what it reads. The chains module declares it and knows blocks
 * only; the wallet implements it (decision 026): it keeps the transfers that pay its deposits,
 * follows their confirmations and credits them. The watcher calls it in this order each pass:
 * `observed` for every part of the block range read whole, then `unconfirmed` once, then
 * `checked` for each of those after reading it again on the chain.
 */
export interface TransferSink<T extends WatchedTransfer = WatchedTransfer> {
  /**
   * Every token transfer in blocks just read, to any address. Returns how many were new and kept
   * (the pass reports it as `stored`).
   */
  observed(transfers: ObservedTransfer[]): Promise<number>;
  /** The kept transfers still waiting for their confirmations. */
  unconfirmed(): Promise<T[]>;
  /**
   * What the chain says of one of them now; `confirmations` counts its block up to the head
   * (0 unless present). Returns true when this settled it as paid (the pass counts it as
   * `credited`).
   */
  checked(transfer: T, check: TransferCheck, confirmations: number): Promise<boolean>;
}
