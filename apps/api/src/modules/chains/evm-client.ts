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
  RangeTooLargeError,
  RateLimitedError,
  retryAfterMs,
  type ChainClient,
  type ObservedTransfer,
  type TransactionTransfers,
  type TransferCheck,
} from './chain-client';

const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** What a failed call carried, gathered from viem's chain of wrapped errors. */
interface NodeFault {
  status?: number;
  codes: number[];
  /** Every message and `data` text along the chain, to match a provider's wording. */
  text: string;
  retryAfter?: string | null;
  limited: boolean;
}

function readFault(error: unknown): NodeFault {
  const fault: NodeFault = { codes: [], text: '', limited: false };
  for (let current: unknown = error, depth = 0; current && depth < 8; depth += 1) {
    // HttpRequestError and RpcRequestError both keep the answer's status and headers.
    const { status, headers, code, data, details, message, body } = current as Record<
      string,
      unknown
    >;
    if (typeof status === 'number') fault.status ??= status;
    if (typeof code === 'number') fault.codes.push(code);
    if (current instanceof LimitExceededRpcError) fault.limited = true;
    if (headers instanceof Headers) fault.retryAfter ??= headers.get('retry-after');
    for (const part of [message, details, data, body])
      if (part !== undefined)
        fault.text += ` ${typeof part === 'string' ? part : JSON.stringify(part)}`;
    current = (current as { cause?: unknown }).cause;
  }
  return fault;
}

/**
 * How providers say an `eth_getLogs` range is too large or its answer too big, as they really
 * word it: Infura (-32005 "query returned more than 10000 results", the range to try in `data`;
 * -32602 "range N exceeds limit of 10000"), Alchemy ("Log response size exceeded …", "You can make
 * eth_getLogs requests with up to a 500 block range … this block range should work: [0x…, 0x…]"),
 * QuickNode ("eth_getLogs is limited to a 10,000 range", with HTTP 413), BSC and geth-based
 * public nodes ("exceed maximum block range: 5000", "block range is bigger than maxBlockRange",
 * "block range is larger than max block range"), Frontier ("block range is too wide"), reth and
 * Erigon ("query exceeds max results 20000, retry with the range A-B", "query exceeds max block
 * range"), Tenderly ("range N is bigger than range limit 2000") and others ("block range too
 * high/large", "response size exceeded", "too many logs").
 */
const RANGE_TOO_LARGE = [
  /returned more than \d[\d,]* results/i,
  /response size (exceeded|is too big|too large)/i,
  /response is too big/i,
  /up to a [\d,]+ block range/i,
  /limited to a [\d,]+ (block )?range/i,
  /exceed(s|ed)? (the )?max(imum)? (block )?range/i,
  /exceeds max results/i,
  /block range (is )?(too (wide|large|big|high)|bigger than|larger than)/i,
  /range (\d+ )?(exceeds|is bigger than) (the )?(range )?limit/i,
  /too many (logs|results)/i,
  /block range should work/i,
];

/** The range a provider suggests: `[0xA, 0xB]` (Infura, Alchemy), `data.to` (Infura), `A-B` (reth). */
function suggestedTo(fault: NodeFault, from: bigint, to: bigint): bigint | undefined {
  const candidates: bigint[] = [];
  const bracket = /\[\s*(0x[0-9a-f]+)\s*,\s*(0x[0-9a-f]+)\s*\]/i.exec(fault.text);
  if (bracket) candidates.push(BigInt(bracket[2]!));
  const dataTo = /"to"\s*:\s*"(0x[0-9a-f]+)"/i.exec(fault.text);
  if (dataTo) candidates.push(BigInt(dataTo[1]!));
  const dashed = /retry with the range (\d+)-(\d+)/i.exec(fault.text);
  if (dashed) candidates.push(BigInt(dashed[2]!));
  // Only a strictly smaller range from our own start is any help.
  return candidates.find((end) => end >= from && end < to);
}

/**
 * Turns a failed call into what the watcher acts on. A too-large range or answer becomes
 * RangeTooLargeError (checked first: Infura's -32005 also means "limit exceeded"); a rate limit
 * (HTTP 429, or -32005 about anything else) becomes RateLimitedError carrying the node's own
 * Retry-After (5 s when it names none); anything else is raised as it came.
 */
function rethrow(error: unknown, range?: { from: bigint; to: bigint }): never {
  const fault = readFault(error);
  if (range && (fault.status === 413 || RANGE_TOO_LARGE.some((re) => re.test(fault.text)))) {
    // viem keeps the node's own words in `details`; its message adds the request around them.
    const { details } = error as { details?: unknown };
    const message =
      typeof details === 'string' && details
        ? details
        : (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
    throw new RangeTooLargeError(
      range.from,
      range.to,
      `The node refused blocks ${range.from}-${range.to}: ${message}`,
      suggestedTo(fault, range.from, range.to),
    );
  }
  if (fault.status === 429 || fault.limited || fault.codes.includes(-32005)) {
    const message = error instanceof Error ? error.message : '';
    throw new RateLimitedError(retryAfterMs(fault.retryAfter, message, 5_000));
  }
  throw error;
}

/** Ethereum and BNB Smart Chain through any JSON-RPC endpoint, with viem. */
export class EvmChainClient implements ChainClient {
  readonly client: PublicClient;
  private readonly contract: `0x${string}`;

  /**
   * The most logs the node returns in one answer, for providers that cut the list silently: an
   * answer this long may be cut, so it is never taken as complete.
   */
  private readonly resultCap?: number;

  constructor(options: {
    rpcUrl: string;
    contract: string;
    transport?: Transport;
    resultCap?: number;
  }) {
    this.resultCap = options.resultCap;
    this.client = createPublicClient({
      // No retries inside viem: it would sleep through a 429's Retry-After in the middle of a
      // watcher pass. A failed pass is simply tried again on the watcher's next turn.
      transport: options.transport ?? http(options.rpcUrl, { timeout: 10_000, retryCount: 0 }),
    });
    this.contract = getAddress(options.contract);
  }

  async headBlock(): Promise<bigint> {
    return this.client.getBlockNumber({ cacheTime: 0 }).catch((error) => rethrow(error));
  }

  async transfersInRange(from: bigint, to: bigint): Promise<ObservedTransfer[]> {
    const logs = await this.client
      .getLogs({ address: this.contract, event: TRANSFER, fromBlock: from, toBlock: to })
      .catch((error) => rethrow(error, { from, to }));
    if (this.resultCap !== undefined && logs.length >= this.resultCap)
      throw new RangeTooLargeError(
        from,
        to,
        `The node answered ${logs.length} logs for blocks ${from}-${to}, its cap: the list may be cut`,
      );
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
      rethrow(error);
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

  async transactionTransfers(txHash: string): Promise<TransactionTransfers> {
    let receipt;
    try {
      receipt = await this.client.getTransactionReceipt({ hash: txHash as `0x${string}` });
    } catch (error) {
      if ((error as Error).name === 'TransactionReceiptNotFoundError') return { state: 'missing' };
      rethrow(error);
    }
    if (receipt.status !== 'success')
      return { state: 'failed', reason: 'The transaction reverted on the chain: it moved nothing' };
    const transfers = receipt.logs
      .filter(
        (log) =>
          getAddress(log.address) === this.contract &&
          log.topics[0] === TRANSFER_TOPIC &&
          log.topics[2] !== undefined,
      )
      .map((log) => ({
        logIndex: log.logIndex,
        to: getAddress(`0x${log.topics[2]!.slice(26)}`),
        value: BigInt(log.data),
      }));
    return { state: 'present', blockNumber: receipt.blockNumber, transfers };
  }
}
