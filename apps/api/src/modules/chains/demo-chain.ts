import { existsSync } from 'node:fs';
import path from 'node:path';
import { createPublicClient, getContractAddress, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { FastifyBaseLogger } from 'fastify';
import type { ChainSettings } from './chain-settings';
import { ANVIL_FUNDER_KEY, startLocalChain, type LocalChain } from './local-chain';

/**
 * The offline demo's extended public keys: the BIP44 account xpubs of the BIP39 test mnemonic
 * 'legal winner thank year wave sausage worth useful legal winner thank yellow'. Public test
 * material: deposits to these addresses are demo money on the local chain only.
 */
export const DEMO_XPUBS = {
  EVM: 'xpub6Bh6Cg7bvjFdW6VEAaZmsyhZh86WdJ9Kr5aqqY5LN7UFLpxTrxsiys213UCu8MAYjcq5JhF7jzZXvruGfWfPbxqsByNNhwWaNQRuhP3JcC3',
  TRON: 'xpub6CCd6xRaRNYQJ9yrjm8WrCbkawvA1W621T26y9JjXGMyq7n4ocuMRoSCMhuwN6hHGkBQxMoQJkSkz7AwoXVzCs4bziNpALtHQBSNQTcVv8w',
};

const funder = privateKeyToAccount(ANVIL_FUNDER_KEY).address;
/** The demo tokens are the funder's first two deployments, so their addresses never change. */
export const DEMO_TOKENS = {
  ERC20: getContractAddress({ from: funder, nonce: 0n }),
  BEP20: getContractAddress({ from: funder, nonce: 1n }),
};

export interface DemoChain {
  chain: LocalChain;
  settings: ChainSettings;
}

/**
 * Starts the demo's local chain (anvil, one block a second, state kept in the data folder) with a
 * 6-decimal test USDT for ERC20 and an 18-decimal one for BEP20, and answers the chain settings
 * that point both networks at it.
 */
export async function startDemoChain(
  log: FastifyBaseLogger,
  options: { port: number; dataDir: string },
): Promise<DemoChain> {
  const statePath = path.resolve(options.dataDir, 'demo-chain.json');
  const chain = await startLocalChain({ port: options.port, blockTimeSeconds: 1, statePath });
  const client = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) });
  const deployed = Boolean(
    existsSync(statePath) && (await client.getCode({ address: DEMO_TOKENS.BEP20 })),
  );
  if (!deployed) {
    const erc20 = await chain.deployToken(6);
    const bep20 = await chain.deployToken(18);
    if (
      erc20.toLowerCase() !== DEMO_TOKENS.ERC20.toLowerCase() ||
      bep20.toLowerCase() !== DEMO_TOKENS.BEP20.toLowerCase()
    ) {
      log.warn({ erc20, bep20 }, 'demo tokens landed at unexpected addresses');
    }
  }
  log.info(
    `Demo chain (anvil) at ${chain.rpcUrl}: test USDT ${DEMO_TOKENS.ERC20} (ERC20, 6 decimals), ${DEMO_TOKENS.BEP20} (BEP20, 18 decimals). Pay a deposit with: npm run demo:pay -- --network ERC20 --to ADDRESS --amount 25`,
  );
  const common = { xpub: DEMO_XPUBS.EVM, nodeUrl: chain.rpcUrl, demo: true };
  return {
    chain,
    settings: {
      ERC20: { network: 'ERC20', contract: DEMO_TOKENS.ERC20, decimals: 6, ...common },
      BEP20: { network: 'BEP20', contract: DEMO_TOKENS.BEP20, decimals: 18, ...common },
    },
  };
}
