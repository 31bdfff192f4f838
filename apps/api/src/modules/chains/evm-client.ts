import {
  createPublicClient,
  getAddress,
  http,
  parseAbiItem,
  HttpRequestError,
  type PublicClient,
  type Transport,
} from 'viem';
import {
  RateLimitedError,
  type ChainClient,
  type ObservedTransfer,
  type TransferCheck,
} from './chain-client';

const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

function rethrowRateLimit(error: unknown): never {
  const status =
    error instanceof HttpRequestError ? error.status : (error as { status?: number }).status;
  if (status === 429) throw new RateLimitedError(5000);
  throw error;
}

/** Ethereum and BNB Smart Chain through any JSON-RPC endpoint, with viem. */
export class EvmChainClient implements ChainClient {
  readonly client: PublicClient;
  private readonly contract: `0x${string}`;

  constructor(options: { rpcUrl: string; contract: string; transport?: Transport }) {
    this.client = createPublicClient({
      transport: options.transport ?? http(options.rpcUrl, { timeout: 10_000, retryCount: 1 }),
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
