import type { Network } from '@crimsonhost/shared/constants';

/**
 * How each USDT network is named to people: the vendor area's payout addresses and the staff
 * area's payouts say it the same way.
 */
export const NETWORK_NAMES: Record<Network, string> = {
  TRC20: 'TRC20 (Tron)',
  ERC20: 'ERC20 (Ethereum)',
  BEP20: 'BEP20 (BNB Smart Chain)',
};
