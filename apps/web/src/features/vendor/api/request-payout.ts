import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { payoutSchema, type Payout, type PayoutRequest } from '@crimsonhost/shared/vendor-payouts';
import { apiClient } from '../../../lib/api-client';
import { vendorEarningsQueryKey } from './get-vendor-earnings';
import { vendorPayoutsQueryKey } from './vendor-query-keys';

const answerSchema = dataEnvelope(payoutSchema);

/**
 * POST /api/vendor/payouts: 201 with the payout, its amount set aside at once. 400 names the
 * field (amount below 10 USDT or above what is available, a network without an address); 409
 * PAYOUT_OPEN, PAYOUT_TOO_SOON, PAYOUTS_LOCKED or PAYOUTS_PAUSED say why not now.
 */
export async function requestPayout(input: PayoutRequest): Promise<Payout> {
  const response = await apiClient.post<unknown>('/vendor/payouts', input);
  return answerSchema.parse(response.data).data;
}

/** The payout, the earnings and their movements all change with a request. */
export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPayout,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: vendorPayoutsQueryKey() });
      await queryClient.invalidateQueries({ queryKey: vendorEarningsQueryKey() });
    },
  });
}
