import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { transactionDetailSchema, type TransactionDetail } from '@crimsonhost/shared/wallet';
import { apiClient } from '../../../lib/api-client';
import { WALLET_QUERY_KEY } from '../../../lib/wallet/wallet-query-keys';

const transactionDetailResponseSchema = dataEnvelope(transactionDetailSchema);

/** A deposit being paid or confirmed moves: its status view asks again this often. */
export const TRANSACTION_REFRESH_MS = 5000;

/** GET /api/wallet/transactions/:id: one of my transactions with its status details. */
export async function getTransaction(id: string): Promise<TransactionDetail> {
  const response = await apiClient.get<unknown>(`/wallet/transactions/${encodeURIComponent(id)}`);
  return transactionDetailResponseSchema.parse(response.data).data;
}

export const transactionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...WALLET_QUERY_KEY, 'transaction', id],
    queryFn: () => getTransaction(id),
    refetchInterval: (query) => {
      const transaction = query.state.data;
      if (!transaction || transaction.type !== 'DEPOSIT') return false;
      return transaction.timelineStatus === 'WAITING' || transaction.timelineStatus === 'PENDING'
        ? TRANSACTION_REFRESH_MS
        : false;
    },
  });

export function useTransaction(id: string) {
  return useQuery(transactionQueryOptions(id));
}
