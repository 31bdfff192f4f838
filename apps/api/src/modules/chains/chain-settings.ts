import type { Network } from '@crimsonhost/shared/constants';
import type { Config } from '../../config';

export interface NetworkSettings {
  network: Network;
  /** The operator's BIP44 account xpub for this network. */
  xpub: string;
  /** The USDT contract: 0x address on ERC20/BEP20, base58 on TRC20. */
  contract: string;
  /** Decimals of that contract: 6 for USDT on Ethereum and Tron, 18 on BNB Smart Chain. */
  decimals: number;
  /** JSON-RPC endpoint (ERC20, BEP20) or TronGrid base URL (TRC20). */
  nodeUrl: string;
  apiKey?: string;
  /** The local demo chain rather than the real network. */
  demo: boolean;
}

export type ChainSettings = Partial<Record<Network, NetworkSettings>>;

export const TOKEN_DECIMALS: Record<Network, number> = { TRC20: 6, ERC20: 6, BEP20: 18 };

/**
 * The networks this storefront can take deposits on: those with an xpub and a node to watch.
 * `overrides` come from the offline demo chain.
 */
export function chainSettingsFromConfig(
  config: Config,
  overrides: ChainSettings = {},
): ChainSettings {
  const settings: ChainSettings = {};
  if (config.TRC20_XPUB) {
    settings.TRC20 = {
      network: 'TRC20',
      xpub: config.TRC20_XPUB,
      contract: config.TRC20_USDT_CONTRACT,
      decimals: TOKEN_DECIMALS.TRC20,
      nodeUrl: config.TRONGRID_URL,
      apiKey: config.TRONGRID_API_KEY,
      demo: false,
    };
  }
  if (config.ERC20_XPUB && config.ERC20_RPC_URL) {
    settings.ERC20 = {
      network: 'ERC20',
      xpub: config.ERC20_XPUB,
      contract: config.ERC20_USDT_CONTRACT,
      decimals: TOKEN_DECIMALS.ERC20,
      nodeUrl: config.ERC20_RPC_URL,
      demo: false,
    };
  }
  if (config.BEP20_XPUB && config.BEP20_RPC_URL) {
    settings.BEP20 = {
      network: 'BEP20',
      xpub: config.BEP20_XPUB,
      contract: config.BEP20_USDT_CONTRACT,
      decimals: TOKEN_DECIMALS.BEP20,
      nodeUrl: config.BEP20_RPC_URL,
      demo: false,
    };
  }
  return { ...settings, ...overrides };
}

/**
 * Splits a raw token amount into whole micro-USDT and the dust below one micro-USDT, exactly:
 * 18-decimal BEP20 amounts lose nothing to rounding, and dust is never rounded up into credit.
 */
export function toMicroUsdt(raw: bigint, decimals: number): { micro: bigint; dust: bigint } {
  if (raw < 0n) throw new RangeError('A transfer amount cannot be negative');
  if (decimals <= 6) return { micro: raw * 10n ** BigInt(6 - decimals), dust: 0n };
  const unit = 10n ** BigInt(decimals - 6);
  return { micro: raw / unit, dust: raw % unit };
}
