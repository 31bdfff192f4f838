import type { Network } from '@crimsonhost/shared/constants';
import type { Config } from '../../config';
import type { ChainSettings } from './chain-settings';

/** Links to a network's block explorer: a transaction and an address. */
export interface Explorer {
  transaction(txHash: string): string;
  address(address: string): string;
}

/**
 * The block explorers the staff area links to, from EXPLORER_URL_<network>. A network that runs
 * on the local demo chain has none: nothing of it exists on a public explorer.
 */
export function explorersFromConfig(
  config: Pick<Config, 'EXPLORER_URL_TRC20' | 'EXPLORER_URL_ERC20' | 'EXPLORER_URL_BEP20'>,
  chains: ChainSettings,
): Partial<Record<Network, Explorer>> {
  const bases: Record<Network, string> = {
    TRC20: config.EXPLORER_URL_TRC20,
    ERC20: config.EXPLORER_URL_ERC20,
    BEP20: config.EXPLORER_URL_BEP20,
  };
  const explorers: Partial<Record<Network, Explorer>> = {};
  for (const network of Object.keys(bases) as Network[]) {
    const base = bases[network];
    if (!base || chains[network]?.demo) continue;
    explorers[network] =
      network === 'TRC20'
        ? {
            transaction: (hash) => `${base}/#/transaction/${encodeURIComponent(hash)}`,
            address: (address) => `${base}/#/address/${encodeURIComponent(address)}`,
          }
        : {
            transaction: (hash) => `${base}/tx/${encodeURIComponent(hash)}`,
            address: (address) => `${base}/address/${encodeURIComponent(address)}`,
          };
  }
  return explorers;
}
