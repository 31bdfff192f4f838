import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { payoutSchema, type Payout } from '@crimsonhost/shared/vendor-payouts';
import { apiClient } from '../../../lib/api-client';
import { vendorEarningsQueryKey } from './get-vendor-earnings';
import { vendorPayoutsQueryKey } from './vendor-query-keys';

const answerSchema = dataEnvelope(payoutSchema);

/**
 * POST /api/vendor/payouts/:id/cancel: the payout CANCELLED and its money available again; 409
 * PAYOUT_NOT_OPEN once staff entered the transaction (it is on its way).
 */
export async function cancelPayout(id: string): Promise<Payout> {
  const response = await apiClient.post<unknown>(
    `/vendor/payouts/${encodeURIComponent(id)}/cancel`,
  );
  return answerSchema.parse(response.data).data;
}

export function useCancelPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPayout,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: vendorPayoutsQueryKey() });
      await queryClient.invalidateQueries({ queryKey: vendorEarningsQueryKey() });
    },
  });
}
