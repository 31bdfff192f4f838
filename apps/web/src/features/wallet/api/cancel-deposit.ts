import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { transactionDetailSchema, type TransactionDetail } from '@crimsonhost/shared/wallet';
import { apiClient } from '../../../lib/api-client';
import { WALLET_QUERY_KEY } from '../../../lib/wallet/wallet-query-keys';

const cancelledResponseSchema = dataEnvelope(transactionDetailSchema);

/**
 * POST /api/wallet/deposits/:id/cancel: closes a waiting deposit's address now (decision 022).
 * Answers the deposit's transaction as it is after (Expired, its place among the open deposits
 * freed); a payment that still reaches the address is credited all the same.
 */
export async function cancelDeposit(transactionId: string): Promise<TransactionDetail> {
  const response = await apiClient.post<unknown>(
    `/wallet/deposits/${encodeURIComponent(transactionId)}/cancel`,
  );
  return cancelledResponseSchema.parse(response.data).data;
}

/** The status view, the list and the balances all change: the whole wallet is asked again. */
export function useCancelDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelDeposit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
  });
}
