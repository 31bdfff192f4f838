import { useQuery } from '@tanstack/react-query';
import { walletQueryOptions } from '../../lib/wallet/get-wallet';

/** The wallet's available USDT, read afresh while a payment confirmation is open. */
export function useFreshBalance(open: boolean) {
  return useQuery({ ...walletQueryOptions(), enabled: open, staleTime: 0 });
}
