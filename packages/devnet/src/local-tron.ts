import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { isUsdtAmount, parseUsdt } from '@crimsonhost/shared/money';
import { hexToTron, tronToHex } from './tron-address';

/**
 * A local TRON node: a server that speaks the part of the TronGrid HTTP API the TRC20 watcher
 * uses (and the v1 event API it used to read, so tests can show why it no longer does), with the
 * response shapes TronGrid documents, over an in-memory chain. The tests drive it
 * block by block; the offline demo runs it with a block a second, its state in the data folder,
 * and `POST /demo/pay` for `npm run demo:pay -- --network TRC20`.
 *
 * - `POST|GET /wallet/getnowblock`, `POST|GET /wallet/getblock {id_or_num, detail}`: protocol
 *   Block JSON (`blockID`, `block_header.raw_data.{number,timestamp,…}`; fields at their default
 *   value are left out, as java-tron's protobuf JSON does; `{}` for an unknown block).
 * - `GET /v1/contracts/{address}/events`: `{data, success, meta: {at, page_size, fingerprint?,
 *   links?}}`, with `event_name`, `block_number`, `min_block_timestamp`/`max_block_timestamp`
 *   (aliases min_timestamp/max_timestamp, camelCase too), `only_confirmed`, `only_unconfirmed`,
 *   `order_by` (block_timestamp,desc by default), `limit` (20 by default, at most 200) and
 *   `fingerprint`. Event addresses in `result` are 0x hex, as TronGrid sends them.
 * - `POST|GET /wallet/gettransactioninfobyid {value}`: TransactionInfo (`receipt.result`,
 *   `result: 'FAILED'` and hex `resMessage` on failure, `log[]` with the address without 41 and
 *   topics/data in hex without 0x); `{}` when the transaction is not on the chain.
 * - `POST|GET /wallet/gettransactioninfobyblocknum {num}`: the TransactionInfo of every transaction
 *   of the block, in one JSON array and without paging, as java-tron's servlet prints it: `[]` for
 *   a block without transactions and for a block the node does not have, `{}` for `num` 0 or less.
 *   Empty blocks carry an all-zero `txTrieRoot`, as java-tron computes it.
 * - Errors: `{success:false, error, statusCode}` on the v1 API, `{"Error": "…"}` from the node API
 *   (with 200, as java-tron answers), `{"Error": "ApiKey not exists"}` with 401 for a wrong key,
 *   and, on demand, rate limits: 429 with Retry-After, or the documented 403/503
 *   `{"Success": false, "Error": "The key exceeds the frequency limit(15)…", "StatusCode": …}`.
 *
 * Switches a test turns on to make it behave like TronGrid does today (`behave`): event pages
 * without `meta.fingerprint` even when more events exist (TronGrid's answer to the USDT contract's
 * events since May 2025), rate limits after a number of good calls, and blocks whose receipts the
 * node does not return (a node that lags behind the one that answered the head).
 */

const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const TRANSFER_SIGNATURE = 'Transfer(address indexed from, address indexed to, uint256 value)';
/** TRON's block time; the demo mines faster (see startLocalTron's blockIntervalMs). */
const TRON_BLOCK_MS = 3000;
/** A TRON block is irreversible ("solidified") once 19 of the 27 super representatives built on it. */
const SOLIDIFY_AFTER = 19;
const FREQUENCY_LIMIT =
  'The key exceeds the frequency limit(15), and the query server is suspended for 30s';

const hex20 = (seed: string) => createHash('sha256').update(seed).digest('hex').slice(0, 40);
const word = (hex: string) => hex.padStart(64, '0');

/** The account id (20 bytes, lower-case hex) of a base58 or hex TRON address. */
function accountHex(address: string): string {
  const base58 = address.startsWith('T') ? address : hexToTron(address);
  return tronToHex(base58).slice(2).toLowerCase();
}

export interface TronPayment {
  /** base58 recipient. */
  to: string;
  /** Raw token units (USDT has 6 decimals). */
  value: bigint;
  /** base58 sender; default a fixed test payer. */
  from?: string;
  /** base58 token contract; default the fake's USDT. */
  token?: string;
}

interface FakeLog {
  contract: string;
  from: string;
  to: string;
  value: bigint;
}

interface FakeTx {
  id: string;
  owner: string;
  /** Empty for a plain TRX transfer (TransferContract), which calls no contract. */
  logs: FakeLog[];
  block: number | null;
  failed: boolean;
}

interface FakeBlock {
  number: number;
  timestamp: number;
  id: string;
  parentId: string;
  txs: string[];
}

export interface RateLimitOptions {
  /** 429 (default), or TronGrid's documented 403 (no key) / 503 (with a key). */
  status?: 429 | 403 | 503;
  /** Sent as Retry-After (seconds). */
  retryAfterSeconds?: number;
}

export interface LocalTronBehaviour {
  /**
   * Event pages never carry `meta.fingerprint`, even when more events exist: what TronGrid answers
   * for the USDT contract since May 2025 (TRON-US/trongrid issue 23).
   */
  eventsWithoutFingerprint?: boolean;
  /** Blocks whose `gettransactioninfobyblocknum` answers `[]` as if the node did not have them. */
  withheldBlocks?: number[];
}

export interface LocalTron {
  url: string;
  /** The USDT contract the fake serves events for (base58). */
  usdt: string;
  /** Another TRC20 token on the same chain (base58). */
  otherToken: string;
  /** The test payer every payment comes from unless told otherwise (base58). */
  payer: string;
  head(): number;
  /** One transfer in one transaction in a new block; answers the transaction id and block. */
  pay(payment: TronPayment): { txId: string; blockNumber: number };
  /** Several transfers in one transaction (a batch payout): event indexes 0, 1, … */
  payInOneTransaction(payments: TronPayment[]): { txId: string; blockNumber: number };
  /**
   * Many one-transfer transactions in one new block, with `plainTransactions` TRX transfers (no
   * contract, no logs) among them, as a busy mainnet block has.
   */
  payMany(
    payments: TronPayment[],
    options?: { plainTransactions?: number },
  ): { txIds: string[]; blockNumber: number };
  /** Appends empty blocks; answers the new head. */
  mine(blocks?: number): number;
  /** A reorganisation took the transaction out of the chain: no events, no receipt. */
  remove(txId: string): void;
  /** The removed transaction is mined again, unchanged, in a new block; answers that block. */
  readd(txId: string): number;
  /** The transaction failed (REVERT): it emits no events and its receipt says so. */
  fail(txId: string): void;
  /** The next `count` requests answer a rate limit. */
  rateLimitNext(count: number, options?: RateLimitOptions): void;
  /** After `goodCalls` more answered requests, the next `count` ones answer a rate limit. */
  rateLimitAfter(goodCalls: number, count: number, options?: RateLimitOptions): void;
  /** Turns TronGrid's present-day behaviours on or off (see LocalTronBehaviour). */
  behave(behaviour: LocalTronBehaviour): void;
  /** Requests per endpoint, e.g. 'GET /v1/contracts/:address/events'. */
  calls: Record<string, number>;
  callCount(): number;
  resetCalls(): void;
  /** The TRON-PRO-API-KEY header of every request, in order (undefined when absent). */
  apiKeys: Array<string | undefined>;
  close(): Promise<void>;
}

export interface LocalTronOptions {
  /** Answer 401 to requests carrying another TRON-PRO-API-KEY. */
  apiKey?: string;
  /** Loopback port; 0 (default) takes a free one. */
  port?: number;
  /** Mine an empty block this often by itself (the demo); unset: only when told (the tests). */
  blockIntervalMs?: number;
  /** Keep the chain in this JSON file across restarts (the demo). */
  statePath?: string;
  /** Serve `POST /demo/pay {to, amount}`, which pays USDT from the demo payer (the demo). */
  payments?: boolean;
  /** The USDT contract it serves (20-byte hex); default mainnet's, TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t. */
  usdtHex?: string;
}

/** The demo's test USDT on its local TRON node: not mainnet's contract, so no one mistakes it. */
export const DEMO_TRON_USDT_HEX = hex20('CrimsonHost demo TRC20 USDT');

/** What is kept on disk: blocks are derived from their number, so only the ones with transactions. */
interface SavedState {
  version: 1;
  genesisTime: number;
  head: number;
  blocks: Record<string, { created: string[]; txs: string[] }>;
  txs: Array<Omit<FakeTx, 'logs'> & { logs: Array<Omit<FakeLog, 'value'> & { value: string }> }>;
}

export async function startLocalTron(options: LocalTronOptions = {}): Promise<LocalTron> {
  const usdtHex = options.usdtHex ?? 'a614f803b6fd780986a42c78ec9c7f77e6ded13c';
  const otherHex = hex20('another TRC20 token');
  const payerHex = hex20('the test payer');
  const blockMs = options.blockIntervalMs ?? TRON_BLOCK_MS;
  const saved = options.statePath ? loadState(options.statePath) : null;
  // Driven by hand, the chain starts ten days back; mining by itself, it starts now. Either way a
  // block's time is never ahead of the clock.
  const genesisTime =
    saved?.genesisTime ??
    (options.blockIntervalMs
      ? Date.now()
      : Math.floor((Date.now() - 10 * 86_400_000) / blockMs) * blockMs);

  const blocks: FakeBlock[] = [];
  const txs = new Map<string, FakeTx>();
  const calls: Record<string, number> = {};
  const apiKeys: Array<string | undefined> = [];
  let limited: { count: number; after: number } & RateLimitOptions = { count: 0, after: 0 };
  let behaviour: LocalTronBehaviour = {};
  /** The transactions each block was mined with: with its number, what its id is made from. */
  const createdWith = new Map<number, string[]>();

  const appendBlock = (created: string[]): FakeBlock => {
    const number = blocks.length;
    const parentId = blocks.at(-1)?.id ?? '0'.repeat(64);
    const hash = createHash('sha256')
      .update(`${parentId}:${number}:${created.join(',')}`)
      .digest('hex');
    // A TRON block id starts with the block number (8 bytes).
    const block: FakeBlock = {
      number,
      timestamp: genesisTime + number * blockMs,
      id: number.toString(16).padStart(16, '0') + hash.slice(16),
      parentId,
      txs: [...created],
    };
    blocks.push(block);
    if (created.length > 0) createdWith.set(number, [...created]);
    return block;
  };
  const newBlock = (txIds: string[] = []): FakeBlock => {
    const block = appendBlock(txIds);
    for (const id of txIds) txs.get(id)!.block = block.number;
    if (txIds.length > 0) save();
    return block;
  };

  const save = () => {
    if (!options.statePath) return;
    const state: SavedState = {
      version: 1,
      genesisTime,
      head: blocks.length - 1,
      blocks: Object.fromEntries(
        blocks
          .filter((block) => block.txs.length > 0 || createdWith.has(block.number))
          .map((block) => [
            String(block.number),
            { created: createdWith.get(block.number) ?? [], txs: block.txs },
          ]),
      ),
      txs: [...txs.values()].map((tx) => ({
        ...tx,
        logs: tx.logs.map((log) => ({ ...log, value: log.value.toString() })),
      })),
    };
    mkdirSync(path.dirname(options.statePath), { recursive: true });
    const temporary = `${options.statePath}.tmp`;
    writeFileSync(temporary, JSON.stringify(state));
    renameSync(temporary, options.statePath);
  };

  if (saved) {
    for (const tx of saved.txs) {
      txs.set(tx.id, { ...tx, logs: tx.logs.map((log) => ({ ...log, value: BigInt(log.value) })) });
    }
    for (let number = 0; number <= saved.head; number += 1) {
      const kept = saved.blocks[String(number)];
      const block = appendBlock(kept?.created ?? []);
      if (kept) block.txs = [...kept.txs];
    }
  } else {
    appendBlock([]);
  }

  const head = () => blocks.length - 1;
  const plainTx = (): FakeTx => {
    const tx: FakeTx = {
      id: randomBytes(32).toString('hex'),
      owner: hex20(`sender ${txs.size}`),
      logs: [],
      block: null,
      failed: false,
    };
    txs.set(tx.id, tx);
    return tx;
  };
  const newTx = (payments: TronPayment[]): FakeTx => {
    const owner = payments[0]?.from ? accountHex(payments[0].from) : payerHex;
    const tx: FakeTx = {
      id: randomBytes(32).toString('hex'),
      owner,
      logs: payments.map((p) => ({
        contract: p.token ? accountHex(p.token) : usdtHex,
        from: p.from ? accountHex(p.from) : payerHex,
        to: accountHex(p.to),
        value: p.value,
      })),
      block: null,
      failed: false,
    };
    txs.set(tx.id, tx);
    return tx;
  };
  const mustGet = (txId: string) => {
    const tx = txs.get(txId);
    if (!tx) throw new Error(`No transaction ${txId}`);
    return tx;
  };

  const blockJson = (block: FakeBlock, detail: boolean) => {
    const rawData: Record<string, unknown> = {
      // java-tron's JSON leaves out fields at their default value: genesis has no number.
      ...(block.number === 0 ? {} : { number: block.number }),
      // java-tron's Merkle root of no transactions is the zero hash.
      txTrieRoot:
        block.txs.length === 0
          ? '0'.repeat(64)
          : createHash('sha256').update(block.txs.join(',')).digest('hex'),
      witness_address: `41${hex20(`witness ${block.number % 27}`)}`,
      parentHash: block.parentId,
      version: 32,
      timestamp: block.timestamp,
    };
    return {
      blockID: block.id,
      block_header: {
        raw_data: rawData,
        witness_signature: createHash('sha512').update(block.id).digest('hex'),
      },
      ...(detail && block.txs.length > 0
        ? { transactions: block.txs.map((id) => transactionJson(mustGet(id), block)) }
        : {}),
    };
  };

  const transactionJson = (tx: FakeTx, block: FakeBlock) => {
    const first = tx.logs[0];
    const contract = first
      ? {
          parameter: {
            value: {
              data: `a9059cbb${word(first.to)}${word(first.value.toString(16))}`,
              owner_address: `41${tx.owner}`,
              contract_address: `41${first.contract}`,
            },
            type_url: 'type.googleapis.com/protocol.TriggerSmartContract',
          },
          type: 'TriggerSmartContract',
        }
      : {
          parameter: {
            value: {
              amount: 1_000_000,
              owner_address: `41${tx.owner}`,
              to_address: `41${hex20(`to ${tx.id}`)}`,
            },
            type_url: 'type.googleapis.com/protocol.TransferContract',
          },
          type: 'TransferContract',
        };
    return {
      ret: [{ contractRet: tx.failed ? 'REVERT' : 'SUCCESS' }],
      txID: tx.id,
      raw_data: {
        contract: [contract],
        ref_block_bytes: block.parentId.slice(12, 16),
        ref_block_hash: block.parentId.slice(16, 32),
        expiration: block.timestamp + 60_000,
        ...(first ? { fee_limit: 100_000_000 } : {}),
        timestamp: block.timestamp - 1_000,
      },
    };
  };
  const transactionInfoJson = (tx: FakeTx) => {
    const block = blocks[tx.block!]!;
    if (tx.logs.length === 0) {
      // A TRX transfer paid with free bandwidth: no fee, no contract, no logs.
      return {
        id: tx.id,
        blockNumber: block.number,
        blockTimeStamp: block.timestamp,
        contractResult: [''],
        receipt: { net_usage: 268 },
      };
    }
    const common = {
      id: tx.id,
      fee: 13_844_850,
      blockNumber: block.number,
      blockTimeStamp: block.timestamp,
      contract_address: `41${tx.logs[0]!.contract}`,
    };
    if (tx.failed) {
      return {
        ...common,
        contractResult: [''],
        receipt: {
          energy_usage_total: 13_925,
          energy_fee: 2_924_250,
          net_fee: 345_000,
          result: 'REVERT',
        },
        result: 'FAILED',
        resMessage: Buffer.from('REVERT opcode executed').toString('hex'),
      };
    }
    return {
      ...common,
      contractResult: [word('1')],
      receipt: {
        energy_usage_total: 64_285,
        energy_fee: 13_499_850,
        net_usage: 345,
        result: 'SUCCESS',
      },
      log: tx.logs.map((log) => ({
        address: log.contract,
        topics: [TRANSFER_TOPIC, word(log.from), word(log.to)],
        data: word(log.value.toString(16)),
      })),
    };
  };

  interface EventRow {
    block: FakeBlock;
    tx: FakeTx;
    index: number;
    log: FakeLog;
  }

  const eventJson = ({ block, tx, index, log }: EventRow) => {
    const contract = hexToTron(log.contract);
    const from = `0x${log.from}`;
    const to = `0x${log.to}`;
    const value = log.value.toString();
    return {
      block_number: block.number,
      block_timestamp: block.timestamp,
      caller_contract_address: contract,
      contract_address: contract,
      event_index: index,
      event_name: 'Transfer',
      result: { '0': from, '1': to, '2': value, from, to, value },
      result_type: { from: 'address', to: 'address', value: 'uint256' },
      event: TRANSFER_SIGNATURE,
      transaction_id: tx.id,
      ...(block.number > head() - SOLIDIFY_AFTER ? { _unconfirmed: true } : {}),
    };
  };

  const send = (res: ServerResponse, status: number, body: unknown, headers = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };
  const v1Error = (res: ServerResponse, status: number, error: string) =>
    send(res, status, { success: false, error, statusCode: status });

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  /** The node API's parameters: a JSON body on POST, the query on GET. */
  const nodeParams = async (
    req: IncomingMessage,
    url: URL,
  ): Promise<Record<string, unknown> | { error: string }> => {
    if (req.method === 'GET') return Object.fromEntries(url.searchParams);
    const text = await readBody(req);
    if (!text.trim()) return {};
    try {
      const parsed = JSON.parse(text) as unknown;
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        return { error: 'class com.alibaba.fastjson.JSONException : not a JSON object' };
      return parsed as Record<string, unknown>;
    } catch (error) {
      return { error: `class com.alibaba.fastjson.JSONException : ${(error as Error).message}` };
    }
  };

  const events = (res: ServerResponse, url: URL, address: string) => {
    let contract: string;
    try {
      contract = accountHex(decodeURIComponent(address));
    } catch {
      return v1Error(res, 400, 'A valid contract address is required.');
    }
    const param = (...names: string[]) => {
      for (const name of names) {
        const camel = name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
        const value = url.searchParams.get(name) ?? url.searchParams.get(camel);
        if (value !== null) return value;
      }
      return undefined;
    };
    const integer = (value: string | undefined, fallback: number) =>
      value === undefined ? fallback : /^\d+$/.test(value) ? Number(value) : NaN;
    const limit = integer(param('limit'), 20);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200)
      return v1Error(res, 400, 'limit must be an integer between 1 and 200');
    const onlyConfirmed = param('only_confirmed') === 'true';
    const onlyUnconfirmed = param('only_unconfirmed') === 'true';
    if (onlyConfirmed && onlyUnconfirmed)
      return v1Error(res, 400, 'only_confirmed and only_unconfirmed cannot both be true');
    const min = integer(param('min_block_timestamp', 'min_timestamp'), 0);
    const max = integer(param('max_block_timestamp', 'max_timestamp'), Date.now());
    const blockNumber = param('block_number');
    const wantedBlock = blockNumber === undefined ? undefined : integer(blockNumber, 0);
    if (Number.isNaN(min) || Number.isNaN(max) || Number.isNaN(wantedBlock))
      return v1Error(res, 400, 'Invalid number in the query');
    const orderBy = param('order_by') ?? 'block_timestamp,desc';
    if (!/^(block_)?timestamp,(asc|desc)$/.test(orderBy))
      return v1Error(res, 400, `Invalid order_by: ${orderBy}`);
    const eventName = param('event_name');
    let offset = 0;
    const fingerprint = param('fingerprint');
    if (fingerprint !== undefined) {
      offset = Number(
        Buffer.from(fingerprint, 'base64url')
          .toString('utf8')
          .replace(/^page:/, ''),
      );
      if (!Number.isInteger(offset) || offset < 0) return v1Error(res, 400, 'Invalid fingerprint');
    }

    const rows: EventRow[] = [];
    for (const block of blocks) {
      if (wantedBlock !== undefined && block.number !== wantedBlock) continue;
      if (block.timestamp < min || block.timestamp > max) continue;
      const confirmed = block.number <= head() - SOLIDIFY_AFTER;
      if ((onlyConfirmed && !confirmed) || (onlyUnconfirmed && confirmed)) continue;
      for (const id of block.txs) {
        const tx = mustGet(id);
        if (tx.failed) continue; // a reverted transaction emits no events
        tx.logs.forEach((log, index) => {
          if (log.contract !== contract) return;
          if (eventName !== undefined && eventName !== 'Transfer') return;
          rows.push({ block, tx, index, log });
        });
      }
    }
    if (orderBy.endsWith('desc')) rows.reverse();
    const page = rows.slice(offset, offset + limit);
    const meta: Record<string, unknown> = { at: Date.now(), page_size: page.length };
    if (offset + limit < rows.length && !behaviour.eventsWithoutFingerprint) {
      const next = Buffer.from(`page:${offset + limit}`).toString('base64url');
      const nextUrl = new URL(url);
      nextUrl.searchParams.set('fingerprint', next);
      meta.fingerprint = next;
      meta.links = { next: nextUrl.toString() };
    }
    send(res, 200, { data: page.map(eventJson), success: true, meta });
  };

  /** `POST /demo/pay {to, amount}`: the demo payer sends `amount` USDT to `to` in a new block. */
  const demoPay = async (req: IncomingMessage, res: ServerResponse) => {
    let body: { to?: unknown; amount?: unknown };
    try {
      body = JSON.parse(await readBody(req)) as typeof body;
    } catch {
      return v1Error(res, 400, 'Send {"to": "T…", "amount": "25"} as JSON');
    }
    if (
      typeof body.amount !== 'string' ||
      !isUsdtAmount(body.amount) ||
      parseUsdt(body.amount) <= 0n
    )
      return v1Error(res, 400, 'amount must be a positive number of USDT, e.g. "25"');
    if (typeof body.to !== 'string' || !body.to.startsWith('T'))
      return v1Error(res, 400, 'to must be a base58 TRON address (T…)');
    try {
      accountHex(body.to);
    } catch {
      return v1Error(res, 400, 'to must be a base58 TRON address (T…)');
    }
    const tx = newTx([{ to: body.to, value: parseUsdt(body.amount) }]);
    const block = newBlock([tx.id]);
    return send(res, 200, { success: true, txId: tx.id, blockNumber: block.number });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    if (options.payments && req.method === 'POST' && url.pathname === '/demo/pay') {
      return demoPay(req, res);
    }
    const eventsRoute = /^\/v1\/contracts\/([^/]+)\/events\/?$/.exec(url.pathname);
    const route = eventsRoute ? '/v1/contracts/:address/events' : url.pathname.replace(/\/$/, '');
    const endpoint = `${req.method} ${route}`;
    calls[endpoint] = (calls[endpoint] ?? 0) + 1;
    const key = req.headers['tron-pro-api-key'];
    apiKeys.push(Array.isArray(key) ? key[0] : key);

    if (limited.count > 0 && limited.after > 0) {
      limited.after -= 1;
    } else if (limited.count > 0) {
      limited.count -= 1;
      const status = limited.status ?? 429;
      const headers =
        limited.retryAfterSeconds === undefined
          ? {}
          : { 'retry-after': String(limited.retryAfterSeconds) };
      return send(
        res,
        status,
        status === 429
          ? { Success: false, Error: 'Too many requests', StatusCode: 429 }
          : { Success: false, Error: FREQUENCY_LIMIT, StatusCode: status },
        headers,
      );
    }
    if (options.apiKey && key !== undefined && key !== options.apiKey) {
      return send(res, 401, { Error: 'ApiKey not exists' });
    }

    if (eventsRoute) {
      if (req.method !== 'GET') return v1Error(res, 405, 'Method Not Allowed');
      return events(res, url, eventsRoute[1]!);
    }
    if (!['GET', 'POST'].includes(req.method ?? '')) return v1Error(res, 405, 'Method Not Allowed');
    switch (route) {
      case '/wallet/getnowblock': {
        if (req.method === 'POST') await readBody(req);
        return send(res, 200, blockJson(blocks[head()]!, true));
      }
      case '/wallet/getblock': {
        const params = await nodeParams(req, url);
        if ('error' in params) return send(res, 200, { Error: params.error });
        const raw = params.id_or_num;
        const idOrNum = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '';
        const detail = params.detail === true || params.detail === 'true';
        const block =
          idOrNum === ''
            ? blocks[head()]
            : /^\d+$/.test(idOrNum)
              ? blocks[Number(idOrNum)]
              : blocks.find((b) => b.id === idOrNum.toLowerCase());
        return send(res, 200, block ? blockJson(block, detail) : {});
      }
      case '/wallet/gettransactioninfobyblocknum': {
        const params = await nodeParams(req, url);
        if ('error' in params) return send(res, 200, { Error: params.error });
        const raw = params.num;
        const num = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : 0;
        if (!Number.isInteger(num))
          return send(res, 200, {
            Error: `class java.lang.NumberFormatException : ${String(raw)}`,
          });
        // java-tron prints `{}` for num <= 0, and `[]` for a block it does not have.
        if (num <= 0) return send(res, 200, {});
        const block = blocks[num];
        if (!block || behaviour.withheldBlocks?.includes(num)) return send(res, 200, []);
        return send(
          res,
          200,
          block.txs.map((id) => transactionInfoJson(mustGet(id))),
        );
      }
      case '/wallet/gettransactioninfobyid': {
        const params = await nodeParams(req, url);
        if ('error' in params) return send(res, 200, { Error: params.error });
        const tx =
          typeof params.value === 'string' ? txs.get(params.value.toLowerCase()) : undefined;
        return send(res, 200, tx && tx.block !== null ? transactionInfoJson(tx) : {});
      }
      default:
        return send(res, 404, { success: false, statusCode: 404, error: 'Not Found' });
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      send(res, 500, { success: false, error: String(error), statusCode: 500 }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const miner = options.blockIntervalMs
    ? setInterval(() => newBlock(), options.blockIntervalMs).unref()
    : undefined;

  return {
    url: `http://127.0.0.1:${port}`,
    usdt: hexToTron(usdtHex),
    otherToken: hexToTron(otherHex),
    payer: hexToTron(payerHex),
    head,
    pay(payment) {
      const tx = newTx([payment]);
      return { txId: tx.id, blockNumber: newBlock([tx.id]).number };
    },
    payInOneTransaction(payments) {
      const tx = newTx(payments);
      return { txId: tx.id, blockNumber: newBlock([tx.id]).number };
    },
    payMany(payments, manyOptions = {}) {
      const ids = payments.map((p) => newTx([p]).id);
      const plain = Array.from({ length: manyOptions.plainTransactions ?? 0 }, () => plainTx().id);
      // Spread the payments among the plain transactions, as they come on mainnet.
      const all: string[] = [];
      const step = Math.max(1, Math.round(plain.length / Math.max(1, ids.length)));
      for (const id of ids) all.push(id, ...plain.splice(0, step));
      all.push(...plain);
      return { txIds: ids, blockNumber: newBlock(all).number };
    },
    mine(count = 1) {
      for (let i = 0; i < count; i += 1) newBlock();
      return head();
    },
    remove(txId) {
      const tx = mustGet(txId);
      if (tx.block === null) return;
      const block = blocks[tx.block]!;
      block.txs = block.txs.filter((id) => id !== txId);
      tx.block = null;
      save();
    },
    readd(txId) {
      const tx = mustGet(txId);
      if (tx.block !== null) throw new Error(`${txId} is still on the chain`);
      return newBlock([tx.id]).number;
    },
    fail(txId) {
      mustGet(txId).failed = true;
      save();
    },
    rateLimitNext(count, rateOptions = {}) {
      limited = { count, after: 0, ...rateOptions };
    },
    rateLimitAfter(goodCalls, count, rateOptions = {}) {
      limited = { count, after: goodCalls, ...rateOptions };
    },
    behave(next) {
      behaviour = { ...behaviour, ...next };
    },
    calls,
    callCount: () => Object.values(calls).reduce((a, b) => a + b, 0),
    resetCalls() {
      for (const key of Object.keys(calls)) delete calls[key];
      apiKeys.length = 0;
    },
    apiKeys,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (miner) clearInterval(miner);
        save();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function loadState(file: string): SavedState | null {
  if (!existsSync(file)) return null;
  const state = JSON.parse(readFileSync(file, 'utf8')) as SavedState;
  return state.version === 1 ? state : null;
}
