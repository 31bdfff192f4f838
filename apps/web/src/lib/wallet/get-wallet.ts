import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { walletSchema, type Wallet } from '@crimsonhost/shared/wallet-balances';
import { apiClient } from '../api-client';
import { WALLET_QUERY_KEY } from './wallet-query-keys';

const walletResponseSchema = dataEnvelope(walletSchema);

/** GET /api/wallet: available USDT, held in escrow, platform credit and open deposits. */
export async function getWallet(): Promise<Wallet> {
  const response = await apiClient.get<unknown>('/wallet');
  return walletResponseSchema.parse(response.data).data;
}

export const walletQueryOptions = () =>
  queryOptions({ queryKey: [...WALLET_QUERY_KEY, 'balances'], queryFn: getWallet });

export function useWallet() {
  return useQuery(walletQueryOptions());
}
