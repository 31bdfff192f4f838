import { z } from 'zod';
import { hexToTron, tronToHex } from './addresses';
import {
  RateLimitedError,
  retryAfterMs,
  type ChainClient,
  type ObservedTransfer,
  type TransferCheck,
} from './chain-client';

/** keccak256('Transfer(address,address,uint256)'), as TRON logs carry it: hex without 0x. */
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** The largest page TronGrid's v1 event API serves (`limit`, documented maximum 200). */
export const TRONGRID_PAGE_LIMIT = 200;

/** TronGrid answered, but with an error (its `{success:false,error}` or the node's `{Error}`). */
export class TronGridError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'TronGridError';
  }
}

export interface TronGridOptions {
  /** TronGrid (or a compatible full node with the v1 event API), e.g. https://api.trongrid.io. */
  baseUrl: string;
  /** The USDT contract, base58 ('T…'). */
  contract: string;
  /** Sent as the TRON-PRO-API-KEY header when set. */
  apiKey?: string;
  /** Per request; default 10 s. */
  timeoutMs?: number;
  /**
   * Refuses a range that needs more event pages than this (200 events each) rather than return
   * part of it: a partial answer would let the cursor move past transfers nobody read.
   */
  maxPages?: number;
}

const blockSchema = z.object({
  blockID: z.string().optional(),
  block_header: z.object({
    // java-tron's JSON leaves out fields at their default value (the genesis block has no number).
    raw_data: z.object({
      number: z.number().int().nonnegative().default(0),
      timestamp: z.number().int().default(0),
    }),
  }),
});

const eventSchema = z.object({
  block_number: z.number().int().nonnegative(),
  block_timestamp: z.number().int(),
  contract_address: z.string(),
  /** The log's index within its transaction; the docs call it a string, the API sends a number. */
  event_index: z.union([
    z.number().int().nonnegative(),
    z.string().regex(/^\d+$/).transform(Number),
  ]),
  event_name: z.string(),
  transaction_id: z.string().regex(/^[0-9a-fA-F]{64}$/),
  result: z.record(z.string(), z.string()),
  _unconfirmed: z.boolean().optional(),
});

const eventPageSchema = z.object({
  success: z.boolean().optional(),
  data: z.array(z.unknown()),
  meta: z
    .object({ fingerprint: z.string().min(1).optional(), page_size: z.number().optional() })
    .optional(),
});

const transactionInfoSchema = z.object({
  id: z.string(),
  blockNumber: z.number().int().nonnegative().optional(),
  /** Present, as 'FAILED', only when the transaction failed. */
  result: z.string().optional(),
  receipt: z.object({ result: z.string().optional() }).optional(),
  log: z
    .array(
      z.object({
        address: z.string().optional(),
        topics: z.array(z.string()).optional(),
        data: z.string().optional(),
      }),
    )
    .optional(),
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** TronGrid's error text, in any of its shapes: {error}, {Error} (node and rate limits). */
function errorText(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  for (const key of ['error', 'Error', 'message']) {
    const value = body[key];
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}

/** 20-byte account id in lower-case hex, from base58, 0x…, 41… or bare hex. */
function accountHex(address: string): string {
  const base58 = address.startsWith('T') ? address : hexToTron(address);
  return tronToHex(base58).slice(2).toLowerCase();
}

/**
 * TRON through the TronGrid HTTP API (plain fetch). Endpoints, as TronGrid documents them:
 *
 * - `POST /wallet/getnowblock` — the head: `block_header.raw_data.{number,timestamp}`.
 * - `POST /wallet/getblock {id_or_num, detail:false}` — one block header, for its timestamp.
 * - `GET /v1/contracts/{contract}/events` — the contract's decoded events, `result.from/to` in hex.
 * - `POST /wallet/gettransactioninfobyid {value}` — the receipt: `receipt.result`, `blockNumber`,
 *   `log[]` (address without the 41 prefix, topics and data in hex without 0x); `{}` when the
 *   node does not have the transaction.
 *
 * Every call's cost depends on blocks and on USDT events, never on how many deposits are open.
 */
export class TronGridClient implements ChainClient {
  private readonly baseUrl: string;
  private readonly contract: string;
  private readonly contractHex: string;
  private readonly timeoutMs: number;
  private readonly maxPages: number;
  /** The head this client read last, so a range ending there needs no second header lookup. */
  private head: { number: bigint; timestamp: number } | null = null;

  constructor(private readonly options: TronGridOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.contractHex = accountHex(options.contract);
    this.contract = hexToTron(this.contractHex);
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.maxPages = options.maxPages ?? 1000;
  }

  async headBlock(): Promise<bigint> {
    const block = blockSchema.parse(await this.request('POST', '/wallet/getnowblock', {}));
    const { number, timestamp } = block.block_header.raw_data;
    this.head = { number: BigInt(number), timestamp };
    return this.head.number;
  }

  private async blockTimestamp(number: bigint): Promise<number> {
    if (this.head?.number === number) return this.head.timestamp;
    const answer = await this.request('POST', '/wallet/getblock', {
      id_or_num: number.toString(),
      detail: false,
    });
    const block = blockSchema.safeParse(answer);
    if (!block.success || BigInt(block.data.block_header.raw_data.number) !== number) {
      throw new TronGridError(200, `TronGrid has no block ${number}`);
    }
    return block.data.block_header.raw_data.timestamp;
  }

  /**
   * USDT Transfer events of blocks [from, to].
   *
   * TronGrid's event API has no block-number range: `block_number` selects exactly one block, and
   * the only range it supports is `min_block_timestamp`/`max_block_timestamp`, paged with
   * `meta.fingerprint` (all other parameters kept) at up to 200 events a page. One request per
   * block would cost as many calls as blocks scanned (28,800 blocks a day, more with the
   * watcher's reorg window) even when the contract is quiet, so a range is read as the time window
   * between the two blocks' timestamps (two header lookups, one of them usually the head just
   * read), in ascending order, following the fingerprint until there is none. The window is
   * widened by 1 ms each side (TRON blocks are 3 s apart, so that reaches no other block) so it
   * does not matter whether TronGrid treats the bounds as inclusive, and events are kept by their
   * block_number. The cost is one call per 200 USDT events in the range, whatever the number of
   * open deposits.
   */
  async transfersInRange(from: bigint, to: bigint): Promise<ObservedTransfer[]> {
    if (from > to) return [];
    const [min, max]: [number, number] =
      from === to
        ? await this.blockTimestamp(from).then((t): [number, number] => [t, t])
        : await Promise.all([this.blockTimestamp(from), this.blockTimestamp(to)]);
    const query = new URLSearchParams({
      event_name: 'Transfer',
      min_block_timestamp: String(min - 1),
      max_block_timestamp: String(max + 1),
      order_by: 'block_timestamp,asc',
      limit: String(TRONGRID_PAGE_LIMIT),
    });
    const transfers = new Map<string, ObservedTransfer>();
    const seenFingerprints = new Set<string>();
    let fingerprint: string | undefined;
    for (let page = 1; ; page += 1) {
      if (page > this.maxPages) {
        throw new TronGridError(
          200,
          `More than ${this.maxPages} pages of events in blocks ${from}-${to}; scan a smaller range`,
        );
      }
      const params = new URLSearchParams(query);
      if (fingerprint) params.set('fingerprint', fingerprint);
      const answer = eventPageSchema.parse(
        await this.request('GET', `/v1/contracts/${this.contract}/events?${params.toString()}`),
      );
      for (const raw of answer.data) {
        const transfer = this.toTransfer(raw, from, to);
        if (transfer) transfers.set(`${transfer.txHash}:${transfer.logIndex}`, transfer);
      }
      fingerprint = answer.meta?.fingerprint;
      if (!fingerprint) break;
      if (seenFingerprints.has(fingerprint)) {
        throw new TronGridError(
          200,
          'TronGrid repeated a page fingerprint; refusing a partial range',
        );
      }
      seenFingerprints.add(fingerprint);
    }
    return [...transfers.values()].sort((a, b) =>
      a.blockNumber === b.blockNumber
        ? a.txHash.localeCompare(b.txHash) || a.logIndex - b.logIndex
        : a.blockNumber < b.blockNumber
          ? -1
          : 1,
    );
  }

  /** One event of the page as a transfer, or null when it is not a USDT Transfer of the range. */
  private toTransfer(raw: unknown, from: bigint, to: bigint): ObservedTransfer | null {
    if (!isRecord(raw) || raw.event_name !== 'Transfer') return null;
    // A Transfer event we cannot read refuses the whole range: skipping it could skip a payment.
    const event = eventSchema.parse(raw);
    if (accountHex(event.contract_address) !== this.contractHex) return null;
    const blockNumber = BigInt(event.block_number);
    if (blockNumber < from || blockNumber > to) return null;
    const { from: sender, to: recipient, value } = event.result;
    if (!sender || !recipient || value === undefined || !/^\d+$/.test(value)) {
      throw new TronGridError(200, `Unreadable Transfer event in ${event.transaction_id}`);
    }
    return {
      txHash: event.transaction_id.toLowerCase(),
      logIndex: event.event_index,
      blockNumber,
      // Neither the event API nor gettransactioninfobyid gives the block id; whether a transfer is
      // still on the chain is decided by re-reading its transaction, not by comparing hashes.
      blockHash: '',
      from: hexToTron(sender),
      to: hexToTron(recipient),
      value: BigInt(value),
    };
  }

  async checkTransfer(transfer: {
    txHash: string;
    logIndex: number;
    to: string;
    value: bigint;
  }): Promise<TransferCheck> {
    const answer = await this.request('POST', '/wallet/gettransactioninfobyid', {
      value: transfer.txHash,
    });
    // `{}`: the node does not have the transaction (never mined, or a reorg removed it).
    if (!isRecord(answer) || Object.keys(answer).length === 0) return { state: 'missing' };
    const info = transactionInfoSchema.parse(answer);
    if (info.blockNumber === undefined) return { state: 'missing' };
    const outcome = info.receipt?.result;
    if (info.result === 'FAILED' || (outcome !== undefined && outcome !== 'SUCCESS')) {
      return {
        state: 'failed',
        reason: `The transfer transaction failed on the chain (${outcome ?? info.result ?? 'FAILED'})`,
      };
    }
    const log = info.log?.[transfer.logIndex];
    const topics = (log?.topics ?? []).map((t) => t.replace(/^0x/, '').toLowerCase());
    const data = (log?.data ?? '').replace(/^0x/, '');
    let matches = false;
    try {
      matches =
        log?.address !== undefined &&
        accountHex(log.address) === this.contractHex &&
        topics[0] === TRANSFER_TOPIC &&
        topics[2] !== undefined &&
        hexToTron(topics[2].slice(-40)) === transfer.to &&
        /^[0-9a-fA-F]+$/.test(data) &&
        BigInt(`0x${data}`) === transfer.value;
    } catch {
      matches = false;
    }
    if (!matches) return { state: 'mismatch' };
    return { state: 'present', blockNumber: BigInt(info.blockNumber), blockHash: '' };
  }

  private async request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.options.apiKey) headers['TRON-PRO-API-KEY'] = this.options.apiKey;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = undefined;
    }
    const message = errorText(json) ?? text.slice(0, 200);
    // 429 from proxies and compatible nodes; TronGrid documents 503 (with a key) and 403 (without)
    // with "exceeds the frequency limit … suspended for 30s".
    const limited =
      response.status === 429 ||
      response.status === 503 ||
      (response.status === 403 && /frequency limit|rate limit|too many/i.test(message));
    if (limited) {
      throw new RateLimitedError(
        retryAfterMs(
          response.headers.get('retry-after'),
          message,
          response.status === 429 ? 5_000 : 30_000,
        ),
        `TronGrid is rate limiting us (${response.status}): ${message}`,
      );
    }
    if (!response.ok) {
      throw new TronGridError(
        response.status,
        `TronGrid ${method} ${path.split('?')[0]} answered ${response.status}: ${message}`,
      );
    }
    if (json === undefined) {
      throw new TronGridError(
        response.status,
        `TronGrid ${path.split('?')[0]} did not answer JSON`,
      );
    }
    // The node API reports errors with 200 and {"Error": "..."}; the v1 API with success:false.
    if (isRecord(json) && (typeof json.Error === 'string' || json.success === false)) {
      throw new TronGridError(
        response.status,
        `TronGrid ${path.split('?')[0]}: ${message || 'error'}`,
      );
    }
    return json;
  }
}
