// Test files run at once each start their own anvil. With a port picked by a listen-then-close
// probe, two files could be handed the same port and one would talk to the other's chain (its
// evm_revert undoing the other's blocks). On port 0 anvil binds and reports a port of its own.
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalChain, type LocalChain } from '@crimsonhost/devnet/local-chain';

const chains: LocalChain[] = [];
afterAll(async () => {
  await Promise.all(chains.map((chain) => chain.stop()));
});

describe('local chains on port 0', () => {
  it('each started at once gets a port and a chain of its own', async () => {
    const started = await Promise.all(
      Array.from({ length: 4 }, () => startLocalChain({ port: 0 })),
    );
    chains.push(...started);
    expect(new Set(started.map((chain) => chain.rpcUrl)).size).toBe(4);
    await started[0]!.mine(5);
    const heights = await Promise.all(started.map((chain) => chain.blockNumber()));
    expect(heights).toEqual([5n, 0n, 0n, 0n]);
  });
});
