import { z } from 'zod';
import { hexToTron, tronToHex } from './addresses';
import {
  IncompleteReadError,
  RateLimitedError,
  retryAfterMs,
  type ChainClient,
  type ObservedTransfer,
  type TransactionTransfers,
  type TransferCheck,
} from './chain-client';
import { readJson } from '../../lib/read-json';

/** keccak256('Transfer(address,address,uint256)'), as TRON logs carry it: hex without 0x. */
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

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
}

const blockSchema = z.object({
  blockID: z.string().optional(),
  block_header: z.object({
    // java-tron's JSON leaves out fields at their default value (the genesis block has no number).
    raw_data: z.object({
      number: z.number().int().nonnegative().default(0),
      timestamp: z.number().int().default(0),
      txTrieRoot: z.string().optional(),
    }),
  }),
});

const transactionInfoSchema = z.object({
  id: z.string().regex(/^[0-9a-fA-F]{64}$/),
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

/** java-tron's Merkle root of a block without transactions. */
const EMPTY_TX_ROOT = /^0{64}$/;

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
 * TRON through the TronGrid HTTP API (plain fetch), or any TRON node's HTTP API. Endpoints:
 *
 * - `POST /wallet/getblock {detail:false}`: the head's header, `block_header.raw_data.number`.
 * - `POST /wallet/gettransactioninfobyblocknum {num}`: the TransactionInfo of every transaction
 *   of one block in one array, without paging (`id`, `blockNumber`, `receipt.result`,
 *   `result: 'FAILED'`, `log[]` with the address without the 41 prefix, topics and data in hex
 *   without 0x). `[]` means either an empty block or a block the node does not have.
 * - `POST /wallet/getblock {id_or_num, detail:false}`: a block's header, read only to tell those
 *   two apart (an empty block's `txTrieRoot` is all zeros).
 * - `POST /wallet/gettransactioninfobyid {value}`: the receipt of one transaction, to re-check a
 *   transfer before it is credited; `{}` when the node does not have it.
 *
 * Ranges are read block by block (decision 013): the v1 event API pages with `meta.fingerprint`,
 * and since May 2025 TronGrid leaves the fingerprint out of full pages of the USDT contract's
 * events, so a range read through it can end early without saying so. A block's receipts come
 * whole or not at all. Every call's cost depends on blocks, never on how many deposits are open.
 */
export class TronGridClient implements ChainClient {
  private readonly baseUrl: string;
  private readonly contractHex: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: TronGridOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.contractHex = accountHex(options.contract);
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async headBlock(): Promise<bigint> {
    // No id_or_num: the latest block; detail false: its header only, not its transactions
    // (getnowblock sends every transaction of the head block, hundreds on mainnet).
    const block = blockSchema.parse(
      await this.request('POST', '/wallet/getblock', { detail: false }),
    );
    return BigInt(block.block_header.raw_data.number);
  }

  /**
   * Every USDT transfer of blocks [from, to]: one request per block, in order (one at a time, so
   * a pass stays far below TronGrid's per-second limit). A block that cannot be proven read whole
   * throws IncompleteReadError; a rate limit throws RateLimitedError. Either way nothing of the
   * range is returned, so the watcher's cursor stays below it.
   */
  async transfersInRange(from: bigint, to: bigint): Promise<ObservedTransfer[]> {
    const transfers: ObservedTransfer[] = [];
    for (let number = from; number <= to; number += 1n) {
      transfers.push(...(await this.transfersInBlock(number)));
    }
    return transfers;
  }

  private async transfersInBlock(number: bigint): Promise<ObservedTransfer[]> {
    // java-tron answers `{}` for block 0: the genesis block holds no contract calls.
    if (number <= 0n) return [];
    const answer = await this.request('POST', '/wallet/gettransactioninfobyblocknum', {
      num: Number(number),
    });
    if (!Array.isArray(answer)) {
      throw new IncompleteReadError(
        number,
        number,
        `The node answered block ${number}'s receipts with something other than a list`,
      );
    }
    if (answer.length === 0) {
      await this.proveEmpty(number);
      return [];
    }
    const transfers: ObservedTransfer[] = [];
    for (const raw of answer) {
      // A receipt we cannot read refuses the block: skipping it could skip a payment.
      const info = transactionInfoSchema.parse(raw);
      if (info.blockNumber !== undefined && BigInt(info.blockNumber) !== number) {
        throw new IncompleteReadError(
          number,
          number,
          `The node answered block ${number} with a receipt of block ${info.blockNumber}`,
        );
      }
      const outcome = info.receipt?.result;
      // A failed (reverted) transaction paid nothing; its logs, if any were kept, do not count.
      if (info.result === 'FAILED' || (outcome !== undefined && outcome !== 'SUCCESS')) continue;
      (info.log ?? []).forEach((log, logIndex) => {
        const transfer = this.toTransfer(info.id, number, logIndex, log);
        if (transfer) transfers.push(transfer);
      });
    }
    return transfers;
  }

  /** `[]` for a block: proven empty by its header, or the node does not have it (yet). */
  private async proveEmpty(number: bigint): Promise<void> {
    const header = blockSchema.safeParse(
      await this.request('POST', '/wallet/getblock', {
        id_or_num: number.toString(),
        detail: false,
      }),
    );
    if (!header.success || BigInt(header.data.block_header.raw_data.number) !== number) {
      throw new IncompleteReadError(number, number, `The node does not have block ${number} yet`);
    }
    if (!EMPTY_TX_ROOT.test(header.data.block_header.raw_data.txTrieRoot ?? '')) {
      throw new IncompleteReadError(
        number,
        number,
        `The node returned no receipts for block ${number}, which has transactions`,
      );
    }
  }

  /** One log as a USDT transfer, or null when it is not a USDT Transfer. */
  private toTransfer(
    txId: string,
    blockNumber: bigint,
    logIndex: number,
    log: { address?: string; topics?: string[]; data?: string },
  ): ObservedTransfer | null {
    const topics = (log.topics ?? []).map((t) => t.replace(/^0x/, '').toLowerCase());
    if (topics[0] !== TRANSFER_TOPIC || !log.address) return null;
    let address: string;
    try {
      address = accountHex(log.address);
    } catch {
      return null;
    }
    if (address !== this.contractHex) return null;
    const data = (log.data ?? '').replace(/^0x/, '');
    const word = /^[0-9a-fA-F]{64}$/;
    if (!word.test(topics[1] ?? '') || !word.test(topics[2] ?? '') || !word.test(data)) {
      throw new TronGridError(200, `Unreadable USDT Transfer log in ${txId}`);
    }
    return {
      txHash: txId.toLowerCase(),
      logIndex,
      blockNumber,
      // The receipts do not carry the block id; whether a transfer is still on the chain is
      // decided by re-reading its transaction, not by comparing hashes.
      blockHash: '',
      from: hexToTron(topics[1]!.slice(-40)),
      to: hexToTron(topics[2]!.slice(-40)),
      value: BigInt(`0x${data}`),
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

  async transactionTransfers(txHash: string): Promise<TransactionTransfers> {
    const answer = await this.request('POST', '/wallet/gettransactioninfobyid', {
      value: txHash.replace(/^0x/, '').toLowerCase(),
    });
    if (!isRecord(answer) || Object.keys(answer).length === 0) return { state: 'missing' };
    const info = transactionInfoSchema.parse(answer);
    if (info.blockNumber === undefined) return { state: 'missing' };
    const outcome = info.receipt?.result;
    if (info.result === 'FAILED' || (outcome !== undefined && outcome !== 'SUCCESS'))
      return {
        state: 'failed',
        reason: `The transaction failed on the chain (${outcome ?? info.result ?? 'FAILED'}): it moved nothing`,
      };
    const transfers: Array<{ logIndex: number; to: string; value: bigint }> = [];
    (info.log ?? []).forEach((log, logIndex) => {
      const topics = (log.topics ?? []).map((t) => t.replace(/^0x/, '').toLowerCase());
      const data = (log.data ?? '').replace(/^0x/, '');
      try {
        if (
          log.address !== undefined &&
          accountHex(log.address) === this.contractHex &&
          topics[0] === TRANSFER_TOPIC &&
          topics[2] !== undefined &&
          /^[0-9a-fA-F]+$/.test(data)
        )
          transfers.push({
            logIndex,
            to: hexToTron(topics[2].slice(-40)),
            value: BigInt(`0x${data}`),
          });
      } catch {
        // A log this client cannot read is not a USDT transfer to anyone.
      }
    });
    return { state: 'present', blockNumber: BigInt(info.blockNumber), transfers };
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
    const { text, json } = await readJson(response);
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
