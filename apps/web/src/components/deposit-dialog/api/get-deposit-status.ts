import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { depositStatusSchema, type DepositStatusView } from '@crimsonhost/shared/wallet';
import { apiClient } from '../../../lib/api-client';
import { WALLET_QUERY_KEY } from '../../../lib/wallet/wallet-query-keys';

const depositStatusResponseSchema = dataEnvelope(depositStatusSchema);

/** How often an open payment step asks whether the payment arrived and how far it got. */
export const DEPOSIT_STATUS_POLL_MS = 3000;

/** GET /api/wallet/deposits/:transactionId/status. */
export async function getDepositStatus(transactionId: string): Promise<DepositStatusView> {
  const response = await apiClient.get<unknown>(
    `/wallet/deposits/${encodeURIComponent(transactionId)}/status`,
  );
  return depositStatusResponseSchema.parse(response.data).data;
}

/**
 * Polled until the deposit is credited or its address expired unpaid. A failed deposit is still
 * watched: a payment that a reorg removed may come back and is then credited.
 */
export const depositStatusQueryOptions = (transactionId: string) =>
  queryOptions({
    queryKey: [...WALLET_QUERY_KEY, 'deposit-status', transactionId],
    queryFn: () => getDepositStatus(transactionId),
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data;
      if (status?.status === 'confirmed' || status?.depositStatus === 'EXPIRED') return false;
      return DEPOSIT_STATUS_POLL_MS;
    },
    refetchIntervalInBackground: true,
    // Each poll is its own try; a failed one is reported and the next comes on schedule.
    retry: false,
  });

export function useDepositStatus(transactionId: string, enabled = true) {
  return useQuery({ ...depositStatusQueryOptions(transactionId), enabled });
}
