import {
  createPublicClient,
  getAddress,
  http,
  parseAbiItem,
  LimitExceededRpcError,
  type PublicClient,
  type Transport,
} from 'viem';
import {
  RateLimitedError,
  retryAfterMs,
  type ChainClient,
  type ObservedTransfer,
  type TransferCheck,
} from './chain-client';

const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/**
 * A rate limit becomes RateLimitedError carrying the node's own Retry-After (5 s when it names
 * none). Nodes say it with HTTP 429, with the JSON-RPC error -32005 (limit exceeded), or both;
 * viem wraps one in the other, so the whole cause chain is read.
 */
function rethrowRateLimit(error: unknown): never {
  let limited = false;
  let retryAfter: string | null | undefined;
  for (let current: unknown = error, depth = 0; current && depth < 6; depth += 1) {
    // HttpRequestError and RpcRequestError both keep the answer's status and headers.
    const { status, headers } = current as { status?: unknown; headers?: unknown };
    if (status === 429 || current instanceof LimitExceededRpcError) limited = true;
    if (headers instanceof Headers) retryAfter ??= headers.get('retry-after');
    current = (current as { cause?: unknown }).cause;
  }
  if (limited) {
    const message = error instanceof Error ? error.message : '';
    throw new RateLimitedError(retryAfterMs(retryAfter, message, 5_000));
  }
  throw error;
}

/** Ethereum and BNB Smart Chain through any JSON-RPC endpoint, with viem. */
export class EvmChainClient implements ChainClient {
  readonly client: PublicClient;
  private readonly contract: `0x${string}`;

  constructor(options: { rpcUrl: string; contract: string; transport?: Transport }) {
    this.client = createPublicClient({
      // No retries inside viem: it would sleep through a 429's Retry-After in the middle of a
      // watcher pass. A failed pass is simply tried again on the watcher's next turn.
      transport: options.transport ?? http(options.rpcUrl, { timeout: 10_000, retryCount: 0 }),
    });
    this.contract = getAddress(options.contract);
  }

  async headBlock(): Promise<bigint> {
    return this.client.getBlockNumber({ cacheTime: 0 }).catch(rethrowRateLimit);
  }

  async transfersInRange(from: bigint, to: bigint): Promise<ObservedTransfer[]> {
    const logs = await this.client
      .getLogs({ address: this.contract, event: TRANSFER, fromBlock: from, toBlock: to })
      .catch(rethrowRateLimit);
    return logs
      .filter(
        (log) =>
          !log.removed && log.args.to && log.args.value !== undefined && log.blockNumber !== null,
      )
      .map((log) => ({
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        blockNumber: log.blockNumber,
        blockHash: log.blockHash,
        from: getAddress(log.args.from!),
        to: getAddress(log.args.to!),
        value: log.args.value!,
      }));
  }

  async checkTransfer(transfer: {
    txHash: string;
    logIndex: number;
    to: string;
    value: bigint;
  }): Promise<TransferCheck> {
    let receipt;
    try {
      receipt = await this.client.getTransactionReceipt({ hash: transfer.txHash as `0x${string}` });
    } catch (error) {
      if ((error as Error).name === 'TransactionReceiptNotFoundError') return { state: 'missing' };
      rethrowRateLimit(error);
    }
    if (receipt.status !== 'success')
      return { state: 'failed', reason: 'The transfer transaction reverted' };
    const log = receipt.logs.find((l) => l.logIndex === transfer.logIndex);
    const matches =
      log &&
      getAddress(log.address) === this.contract &&
      log.topics[0] === TRANSFER_TOPIC &&
      log.topics[2] !== undefined &&
      getAddress(`0x${log.topics[2].slice(26)}`) === getAddress(transfer.to) &&
      BigInt(log.data) === transfer.value;
    if (!matches) return { state: 'mismatch' };
    return { state: 'present', blockNumber: receipt.blockNumber, blockHash: receipt.blockHash };
  }
}
