import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  transactionPageSchema,
  type TransactionListQuery,
  type TransactionPage,
} from '@crimsonhost/shared/wallet';
import { apiClient } from '../api-client';
import { WALLET_QUERY_KEY } from './wallet-query-keys';

/** Every transaction list, whatever its filters: what a new transaction makes stale. */
export const TRANSACTIONS_QUERY_KEY = [...WALLET_QUERY_KEY, 'transactions'] as const;

/** A list that shows a deposit still being paid or confirmed asks again this often. */
const MOVING_REFRESH_MS = 10_000;

/** GET /api/wallet/transactions with the filters and the page in the query string. */
export async function getTransactions(query: TransactionListQuery): Promise<TransactionPage> {
  const response = await apiClient.get<unknown>('/wallet/transactions', { params: query });
  return transactionPageSchema.parse(response.data);
}

export const transactionsQueryOptions = (query: TransactionListQuery) =>
  queryOptions({
    queryKey: [...TRANSACTIONS_QUERY_KEY, query],
    queryFn: () => getTransactions(query),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.data.some(
        (transaction) =>
          transaction.type === 'DEPOSIT' &&
          (transaction.timelineStatus === 'WAITING' || transaction.timelineStatus === 'PENDING'),
      )
        ? MOVING_REFRESH_MS
        : false,
  });

export function useTransactions(query: TransactionListQuery) {
  return useQuery(transactionsQueryOptions(query));
}
