import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RateLimitedError } from './chain-client';
import { EvmChainClient } from './evm-client';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A JSON-RPC endpoint that answers every call 429, with the given headers and body. */
async function rateLimitingNode(
  headers: Record<string, string>,
  body = JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32005, message: 'limit' } }),
) {
  let calls = 0;
  server = createServer((_request, response) => {
    calls += 1;
    response.writeHead(429, { 'content-type': 'application/json', ...headers });
    response.end(body);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const client = new EvmChainClient({
    rpcUrl: `http://127.0.0.1:${port}`,
    contract: `0x${'11'.repeat(20)}`,
  });
  return { client, calls: () => calls };
}

async function rateLimit(promise: Promise<unknown>): Promise<RateLimitedError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RateLimitedError);
  return error as RateLimitedError;
}

describe('an ERC20/BEP20 node that rate limits', () => {
  it("backs off for the node's Retry-After in seconds, asking once", async () => {
    const node = await rateLimitingNode({ 'retry-after': '7' });
    expect((await rateLimit(node.client.headBlock())).retryAfterMs).toBe(7_000);
    expect(node.calls()).toBe(1);
  });

  it('reads a Retry-After given as a date', async () => {
    const at = new Date(Date.now() + 20_000).toUTCString();
    const node = await rateLimitingNode({ 'retry-after': at });
    const waited = (await rateLimit(node.client.transfersInRange(1n, 2n))).retryAfterMs;
    expect(waited).toBeGreaterThan(15_000);
    expect(waited).toBeLessThanOrEqual(20_000);
  });

  it('understands a bare 429 from a proxy, without a JSON-RPC body', async () => {
    const node = await rateLimitingNode(
      { 'retry-after': '3', 'content-type': 'text/plain' },
      'Too Many Requests',
    );
    expect((await rateLimit(node.client.headBlock())).retryAfterMs).toBe(3_000);
  });

  it('waits 5 s when the node names no time', async () => {
    const node = await rateLimitingNode({});
    expect((await rateLimit(node.client.headBlock())).retryAfterMs).toBe(5_000);
  });
});
