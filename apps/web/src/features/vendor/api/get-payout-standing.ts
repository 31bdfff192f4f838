import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { payoutStandingSchema, type PayoutStanding } from '@crimsonhost/shared/vendor-payouts';
import { apiClient } from '../../../lib/api-client';
import { vendorPayoutsQueryKey } from './vendor-query-keys';

const answerSchema = dataEnvelope(payoutStandingSchema);

/**
 * GET /api/vendor/payouts/standing (vendor role): available money, my payout addresses, the open
 * payout, and whether I can ask for one now (and if not, why, in words).
 */
export async function getPayoutStanding(): Promise<PayoutStanding> {
  const response = await apiClient.get<unknown>('/vendor/payouts/standing');
  return answerSchema.parse(response.data).data;
}

export const payoutStandingQueryOptions = () =>
  queryOptions({
    queryKey: [...vendorPayoutsQueryKey(), 'standing'],
    queryFn: getPayoutStanding,
    // A payout being confirmed on chain turns PAID by itself: look again while it is.
    refetchInterval: (query) => (query.state.data?.open?.status === 'SUBMITTED' ? 5_000 : false),
  });

export function usePayoutStanding() {
  return useQuery(payoutStandingQueryOptions());
}
