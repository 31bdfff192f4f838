import type { QueryClient } from '@tanstack/react-query';
import { WALLET_QUERY_KEY } from '../wallet/wallet-query-keys';
import { rentalsQueryKey } from './get-rentals';

/**
 * After a rent, extension or cancellation (or a refusal that may mean the data is stale): the
 * rentals, the wallet (balances and transactions) and the server's availability all moved.
 */
export function invalidateAfterPayment(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: rentalsQueryKey() }),
    queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ['servers'] }),
  ]);
}
