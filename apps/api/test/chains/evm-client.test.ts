import { startEvmProvider, type EvmProvider } from '@crimsonhost/devnet/evm-provider';
import { afterEach, describe, expect, it } from 'vitest';
import { RateLimitedError } from '../../src/modules/chains/chain-client';
import { EvmChainClient } from '../../src/modules/chains/evm-client';

let provider: EvmProvider | undefined;
afterEach(async () => {
  await provider?.close();
  provider = undefined;
});

/** The client, in front of a provider that answers every call 429 as told. */
async function rateLimitingNode(options: { retryAfter?: string; proxy?: boolean }) {
  provider = await startEvmProvider();
  provider.rateLimit(options);
  return new EvmChainClient({ rpcUrl: provider.url, contract: `0x${'11'.repeat(20)}` });
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
    const client = await rateLimitingNode({ retryAfter: '7' });
    expect((await rateLimit(client.headBlock())).retryAfterMs).toBe(7_000);
    expect(provider!.calls).toBe(1);
  });

  it('reads a Retry-After given as a date', async () => {
    const at = new Date(Date.now() + 20_000).toUTCString();
    const client = await rateLimitingNode({ retryAfter: at });
    const waited = (await rateLimit(client.transfersInRange(1n, 2n))).retryAfterMs;
    expect(waited).toBeGreaterThan(15_000);
    expect(waited).toBeLessThanOrEqual(20_000);
  });

  it('understands a bare 429 from a proxy, without a JSON-RPC body', async () => {
    const client = await rateLimitingNode({ retryAfter: '3', proxy: true });
    expect((await rateLimit(client.headBlock())).retryAfterMs).toBe(3_000);
  });

  it('waits 5 s when the node names no time', async () => {
    const client = await rateLimitingNode({});
    expect((await rateLimit(client.headBlock())).retryAfterMs).toBe(5_000);
  });
});
