import type { ChainClient } from './chain-client';
import type { NetworkSettings } from './chain-settings';
import { EvmChainClient } from './evm-client';
import { TronGridClient } from './tron-client';

/**
 * The client that watches a network: viem for ERC20 and BEP20, TronGrid for TRC20. `resultCap`:
 * the log count at which an EVM provider silently cuts its answers, if it does.
 */
export function createChainClient(settings: NetworkSettings, resultCap?: number): ChainClient {
  switch (settings.network) {
    case 'ERC20':
    case 'BEP20':
      return new EvmChainClient({
        rpcUrl: settings.nodeUrl,
        contract: settings.contract,
        resultCap,
      });
    case 'TRC20':
      return new TronGridClient({
        baseUrl: settings.nodeUrl,
        contract: settings.contract,
        apiKey: settings.apiKey,
      });
  }
}
