import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { payoutsPageSchema } from '@crimsonhost/shared/vendor-payouts';
import { apiClient } from '../../../lib/api-client';
import { vendorPayoutsQueryKey } from './vendor-query-keys';

/** GET /api/vendor/payouts (vendor role): one page of my payouts, newest first. */
export async function getPayouts(page: number, pageSize: number) {
  const response = await apiClient.get<unknown>('/vendor/payouts', {
    params: { page, pageSize },
  });
  return payoutsPageSchema.parse(response.data);
}

export const payoutsQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...vendorPayoutsQueryKey(), 'list', page, pageSize],
    queryFn: () => getPayouts(page, pageSize),
    placeholderData: keepPreviousData,
  });

export function usePayouts(page: number, pageSize: number) {
  return useQuery(payoutsQueryOptions(page, pageSize));
}
