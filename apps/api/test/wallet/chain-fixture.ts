import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import type { Hex } from 'viem';
import { pino } from 'pino';
import { http } from 'viem';
import { EvmChainClient } from '../../src/modules/chains/evm-client';
import type { ChainSettings } from '../../src/modules/chains/chain-settings';
import { DepositWatcher } from '../../src/modules/wallet/deposits/deposit-watcher';
import { startLocalChain, type LocalChain } from '@crimsonhost/devnet/local-chain';
import type { WalletService } from '../../src/modules/wallet/wallet.service';
import type { Database } from '../../src/db/client';

/** The public test wallet 'abandon … about': fine for tests, never for money. */
const root = HDKey.fromMasterSeed(
  mnemonicToSeedSync(
    'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
  ),
);
export const TEST_XPUBS = {
  TRC20: root.derive("m/44'/195'/0'").publicExtendedKey,
  EVM: root.derive("m/44'/60'/0'").publicExtendedKey,
};

export interface ChainFixture {
  chain: LocalChain;
  usdt6: Hex;
  usdt18: Hex;
  settings: ChainSettings;
  stop(): Promise<void>;
}

/** anvil with a 6-decimal USDT (ERC20) and an 18-decimal one (BEP20) on the same local chain. */
export async function startChainFixture(): Promise<ChainFixture> {
  // Port 0: anvil binds a free port itself, so test files running at once never share one chain.
  const chain = await startLocalChain({ port: 0 });
  const usdt6 = await chain.deployToken(6);
  const usdt18 = await chain.deployToken(18);
  const settings: ChainSettings = {
    ERC20: {
      network: 'ERC20',
      xpub: TEST_XPUBS.EVM,
      contract: usdt6,
      decimals: 6,
      nodeUrl: chain.rpcUrl,
      demo: true,
    },
    BEP20: {
      network: 'BEP20',
      xpub: TEST_XPUBS.EVM,
      contract: usdt18,
      decimals: 18,
      nodeUrl: chain.rpcUrl,
      demo: true,
    },
  };
  return { chain, usdt6, usdt18, settings, stop: () => chain.stop() };
}

/** A watcher for one network on the fixture chain; `calls` counts its JSON-RPC requests. */
export function watcherFor(
  db: Database,
  wallet: WalletService,
  fixture: ChainFixture,
  network: 'ERC20' | 'BEP20',
  options: {
    missingGraceMs?: number;
    /** Another endpoint in front of the chain (a provider with limits). */
    nodeUrl?: string;
    maxBlockRange?: number;
    resultCap?: number;
  } = {},
) {
  const settings = {
    ...fixture.settings[network]!,
    nodeUrl: options.nodeUrl ?? fixture.settings[network]!.nodeUrl,
  };
  const calls: string[] = [];
  const transport = http(settings.nodeUrl, {
    retryCount: 0,
    onFetchRequest: async (request) => {
      const body = (await request.clone().json()) as { method: string } | Array<{ method: string }>;
      for (const call of Array.isArray(body) ? body : [body]) calls.push(call.method);
    },
  });
  const client = new EvmChainClient({
    rpcUrl: settings.nodeUrl,
    contract: settings.contract,
    transport,
    resultCap: options.resultCap,
  });
  const watcher = new DepositWatcher(db, pino({ level: 'silent' }), wallet, settings, client, {
    intervalMs: 1000,
    maxBlockRange: options.maxBlockRange ?? 500,
    reorgWindow: 12,
    missingGraceMs: options.missingGraceMs ?? 60_000,
    startBlock: 0n,
  });
  return { watcher, calls };
}
