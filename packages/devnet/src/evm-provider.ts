import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listen } from './listen';

/**
 * A public EVM JSON-RPC provider at its worst, in front of a real node (anvil): a real HTTP server
 * on loopback that forwards every call upstream and answers `eth_getLogs` and rate limits the way
 * hosted providers do in practice rather than as the JSON-RPC reference describes them.
 *
 * Limits on `eth_getLogs` (`limit`):
 * - `results` (Infura as documented): more than `cap` logs is error -32005 "query returned more
 *   than 10000 results. Try with this block range [from, to]." with the range that would fit in
 *   `data` (status-im/nimbus-eth2#1823, OffchainLabs/prysm#7827, omni/bridge-monitor#24);
 * - `infura-range` (Infura as it answers today): a range wider than `cap` blocks is -32602 "range
 *   N exceeds limit of 10000" whatever it holds (INFURA/infura#237);
 * - `alchemy-range`: a range wider than `cap` blocks is -32600 "You can make eth_getLogs requests
 *   with up to a N block range. Based on your parameters, this block range should work: [a, b]"
 *   (BobTheBuidler/dank_mids#772);
 * - `range` (BSC and geth forks): a range wider than `cap` blocks is -32000 "exceed maximum block
 *   range: N" (bnb-chain/bsc#113, omni/tokenbridge#538);
 * - `truncate`: the list is cut at `cap` logs without a word, as some providers do
 *   (ethers-io/ethers.js#1389, Alchemy answering at most 100 logs on a testnet);
 * - `none`: every answer is the node's own.
 *
 * Rate limits: `rateLimit({ times, retryAfter, proxy })` answers the next `times` calls (every call
 * when left out) with HTTP 429, the JSON-RPC error -32005 "limit exceeded" unless `proxy` is set,
 * in which case the body is the bare `Too Many Requests` text of a proxy in front of the node. A
 * `retryAfter` header value (seconds or an HTTP date) is sent only when given, as providers do
 * not always name one. Without an upstream every call that is not limited answers -32601.
 *
 * It records each `eth_getLogs` range it answered whole (`answered`), counts the calls it refused
 * for a limit (`refused`) or a rate limit (`rateLimited`) and every call it received (`calls`).
 */
export type LogsLimit =
  'results' | 'infura-range' | 'alchemy-range' | 'range' | 'truncate' | 'none';

export interface EvmProviderOptions {
  /** The node calls go to; without one, only rate limits are answered. */
  upstream?: string;
  limit?: LogsLimit;
  /** Logs (for `results`, `truncate`) or blocks (for `range`) an answer may hold. */
  cap?: number;
  port?: number;
}

interface RateLimit {
  remaining: number;
  retryAfter?: string;
  proxy: boolean;
}

type Hex = `0x${string}`;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startEvmProvider({
  upstream,
  limit = 'none',
  cap = 10_000,
  port = 0,
}: EvmProviderOptions = {}) {
  const answered: Array<{ from: bigint; to: bigint }> = [];
  const counts = { calls: 0, refused: 0, rateLimited: 0 };
  let rateLimit: RateLimit | null = null;

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      counts.calls += 1;
      if (rateLimit && rateLimit.remaining > 0) {
        rateLimit.remaining -= 1;
        counts.rateLimited += 1;
        const { proxy, retryAfter } = rateLimit;
        if (rateLimit.remaining === 0) rateLimit = null;
        response.writeHead(429, {
          'content-type': proxy ? 'text/plain' : 'application/json',
          ...(retryAfter === undefined ? {} : { 'retry-after': retryAfter }),
        });
        const id = (() => {
          try {
            return (JSON.parse(body) as { id?: unknown }).id ?? null;
          } catch {
            return null;
          }
        })();
        response.end(
          proxy
            ? 'Too Many Requests'
            : JSON.stringify({
                jsonrpc: '2.0',
                id,
                error: { code: -32005, message: 'limit exceeded' },
              }),
        );
        return;
      }
      const call = JSON.parse(body) as {
        id: number;
        method: string;
        params: Array<{ fromBlock: Hex; toBlock: Hex }>;
      };
      const send = (status: number, payload: string) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(payload);
      };
      if (!upstream) {
        return send(
          200,
          JSON.stringify({
            jsonrpc: '2.0',
            id: call.id,
            error: { code: -32601, message: 'the method does not exist/is not available' },
          }),
        );
      }
      const forwarded = await fetch(upstream, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const text = await forwarded.text();
      if (call.method !== 'eth_getLogs' || limit === 'none') return send(forwarded.status, text);

      const { fromBlock, toBlock } = call.params[0]!;
      const from = BigInt(fromBlock);
      const to = BigInt(toBlock);
      const logs = (JSON.parse(text) as { result: Array<{ blockNumber: Hex }> }).result;
      const error = (code: number, message: string, data?: unknown) =>
        send(
          200,
          JSON.stringify({
            jsonrpc: '2.0',
            id: call.id,
            error: { code, message, ...(data === undefined ? {} : { data }) },
          }),
        );
      if (limit === 'results' && logs.length > cap) {
        counts.refused += 1;
        // The longest range from `from` whose logs fit, as Infura suggests it.
        let fit = from - 1n;
        for (let block = from, seen = 0; block <= to; block += 1n) {
          seen += logs.filter((log) => BigInt(log.blockNumber) === block).length;
          if (seen > cap) break;
          fit = block;
        }
        const suggestion = `0x${(fit >= from ? fit : from).toString(16)}`;
        return error(
          -32005,
          `query returned more than 10000 results. Try with this block range [${fromBlock}, ${suggestion}].`,
          { from: fromBlock, to: suggestion, limit: cap },
        );
      }
      const tooWide = to - from + 1n > BigInt(cap);
      if (limit === 'range' && tooWide) {
        counts.refused += 1;
        return error(-32000, `exceed maximum block range: ${cap}`);
      }
      if (limit === 'infura-range' && tooWide) {
        counts.refused += 1;
        return error(-32602, `range ${to - from + 1n} exceeds limit of ${cap}`);
      }
      if (limit === 'alchemy-range' && tooWide) {
        counts.refused += 1;
        const fits = `0x${(from + BigInt(cap) - 1n).toString(16)}`;
        return error(
          -32600,
          `You can make eth_getLogs requests with up to a ${cap} block range. Based on your parameters, this block range should work: [${fromBlock}, ${fits}]`,
        );
      }
      if (limit === 'truncate' && logs.length > cap) {
        return send(
          200,
          JSON.stringify({ jsonrpc: '2.0', id: call.id, result: logs.slice(0, cap) }),
        );
      }
      answered.push({ from, to });
      send(200, text);
    })().catch((error: unknown) => {
      if (response.headersSent) return response.destroy();
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });
  await listen(server, port);

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answered,
    get calls() {
      return counts.calls;
    },
    get refused() {
      return counts.refused;
    },
    get rateLimited() {
      return counts.rateLimited;
    },
    /** The next `times` calls (all of them by default) answer 429. */
    rateLimit({
      times = Number.POSITIVE_INFINITY,
      retryAfter,
      proxy = false,
    }: { times?: number; retryAfter?: string; proxy?: boolean } = {}) {
      rateLimit = { remaining: times, retryAfter, proxy };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type EvmProvider = Awaited<ReturnType<typeof startEvmProvider>>;
