import { existsSync } from 'node:fs';
import path from 'node:path';
import { createPublicClient, getContractAddress, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  ANVIL_FUNDER_KEY,
  LOCAL_RPC_TIMEOUT_MS,
  portAnswers,
  startLocalChain,
  type LocalChain,
} from './local-chain';
import { DEMO_TRON_USDT_HEX, startLocalTron, type LocalTron } from './local-tron';
import type { WorldLog } from './log';

/**
 * The offline demo's extended public keys: the BIP44 account xpubs of the BIP39 test mnemonic
 * 'legal winner thank year wave sausage worth useful legal winner thank yellow'. Public test
 * material: deposits to these addresses are demo money on the local chain only.
 */
export const DEMO_XPUBS = {
  EVM: 'xpub6Bh6Cg7bvjFdW6VEAaZmsyhZh86WdJ9Kr5aqqY5LN7UFLpxTrxsiys213UCu8MAYjcq5JhF7jzZXvruGfWfPbxqsByNNhwWaNQRuhP3JcC3',
  TRON: 'xpub6CCd6xRaRNYQJ9yrjm8WrCbkawvA1W621T26y9JjXGMyq7n4ocuMRoSCMhuwN6hHGkBQxMoQJkSkz7AwoXVzCs4bziNpALtHQBSNQTcVv8w',
};

const DEMO_CHAIN_ID = 31337;
const funder = privateKeyToAccount(ANVIL_FUNDER_KEY).address;
/** The demo tokens are the funder's first two deployments, so their addresses never change. */
export const DEMO_TOKENS = {
  ERC20: getContractAddress({ from: funder, nonce: 0n }),
  BEP20: getContractAddress({ from: funder, nonce: 1n }),
};

/**
 * What answers JSON-RPC on the URL: 'demo' for a chain with the demo's id and tokens (another
 * server's, or one left running), otherwise a few words for the start-up error.
 */
async function identifyChain(url: string): Promise<string> {
  try {
    const client = createPublicClient({ transport: http(url, { retryCount: 0, timeout: 2000 }) });
    const chainId = await client.getChainId();
    if (chainId === DEMO_CHAIN_ID && (await client.getCode({ address: DEMO_TOKENS.BEP20 }))) {
      return 'demo';
    }
    return `chain id ${chainId}`;
  } catch {
    return 'no JSON-RPC answer';
  }
}

export interface DemoChain {
  chain: LocalChain;
  /** The local TRON node for TRC20; null when its port was taken. */
  tron: LocalTron | null;
  /** The test USDT contracts: ERC20 (6 decimals) and BEP20 (18) on anvil, TRC20 on the TRON node. */
  tokens: { ERC20: string; BEP20: string; TRC20: string | null };
  stop(): Promise<void>;
}

/**
 * Starts the demo's local chains, each mining a block a second with its state kept in the data
 * folder: anvil with a 6-decimal test USDT for ERC20 and an 18-decimal one for BEP20, and a local
 * TRON node speaking TronGrid's API for TRC20. Answers where each listens and its token contracts.
 */
export async function startDemoChain(
  log: WorldLog,
  options: { port: number; tronPort: number; dataDir: string },
): Promise<DemoChain> {
  const statePath = path.resolve(options.dataDir, 'demo-chain.json');
  if (await portAnswers(options.port)) {
    const found = await identifyChain(`http://127.0.0.1:${options.port}`);
    throw new Error(
      found === 'demo'
        ? `Port ${options.port} (DEMO_CHAIN_PORT) is taken by a demo chain this server did not start; stop that process or set DEMO_CHAIN_PORT to a free port`
        : `Port ${options.port} (DEMO_CHAIN_PORT) is taken by something that is not the demo chain (${found}); stop it or set DEMO_CHAIN_PORT to a free port`,
    );
  }
  const chain = await startLocalChain({ port: options.port, blockTimeSeconds: 1, statePath });
  const client = createPublicClient({
    transport: http(chain.rpcUrl, { retryCount: 0, timeout: LOCAL_RPC_TIMEOUT_MS }),
  });
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
    {},
    `Demo chain (anvil) at ${chain.rpcUrl}: test USDT ${DEMO_TOKENS.ERC20} (ERC20, 6 decimals), ${DEMO_TOKENS.BEP20} (BEP20, 18 decimals). Pay a deposit with: npm run demo:pay -- --network ERC20 --to ADDRESS --amount 25`,
  );
  const tron = await startLocalTron({
    port: options.tronPort,
    blockIntervalMs: 1_000,
    statePath: path.resolve(options.dataDir, 'demo-tron.json'),
    payments: true,
    usdtHex: DEMO_TRON_USDT_HEX,
  }).catch((error: unknown) => {
    log.warn(
      { err: error },
      `The demo TRON node could not listen on port ${options.tronPort} (DEMO_TRON_PORT); TRC20 deposits are off.`,
    );
    return null;
  });
  if (tron) {
    log.info(
      {},
      `Demo TRON node (TronGrid API) at ${tron.url}: test USDT ${tron.usdt} (TRC20, 6 decimals). Pay with: npm run demo:pay -- --network TRC20 --to ADDRESS --amount 25`,
    );
  }
  return {
    chain,
    tron,
    tokens: { ...DEMO_TOKENS, TRC20: tron?.usdt ?? null },
    async stop() {
      await tron?.close();
      await chain.stop();
    },
  };
}
