import type { QueryClient } from '@tanstack/react-query';
import { myBenefitsQueryKey } from '../benefits/get-my-benefits';
import { WALLET_QUERY_KEY } from '../wallet/wallet-query-keys';
import { rentalsQueryKey } from './get-rentals';

/**
 * After a rent, extension or cancellation (or a refusal that may mean the data is stale): the
 * rentals, the wallet (balances and transactions) and the server's availability all moved, and my
 * qualifying spend with them (my tier and discount; a PRICE_CHANGED refusal may mean they moved).
 */
export function invalidateAfterPayment(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: rentalsQueryKey() }),
    queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ['servers'] }),
    queryClient.invalidateQueries({ queryKey: myBenefitsQueryKey() }),
  ]);
}
