import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminPayoutsPageSchema, type AdminPayoutsQuery } from '@crimsonhost/shared/vendor-payouts';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { STAFF_QUERY_KEY } from './staff-query-key';

export type AdminPayoutsPage = z.infer<typeof adminPayoutsPageSchema>;

/** Every page of the payouts list starts here: an entered hash or a rejection refreshes them all. */
export const adminPayoutsQueryKey = () => [...STAFF_QUERY_KEY, 'payouts'] as const;

/**
 * GET /api/admin/payouts: one page of vendor payouts in a view (to do, to send, confirming, paid,
 * closed, all), searched. The open views come oldest first.
 */
export async function getAdminPayouts(query: AdminPayoutsQuery): Promise<AdminPayoutsPage> {
  const response = await apiClient.get<unknown>('/admin/payouts', {
    params: { view: query.view, q: query.q, page: query.page, pageSize: query.pageSize },
  });
  return adminPayoutsPageSchema.parse(response.data);
}

export const adminPayoutsQueryOptions = (query: AdminPayoutsQuery) =>
  queryOptions({
    queryKey: [...adminPayoutsQueryKey(), query],
    queryFn: () => getAdminPayouts(query),
    placeholderData: keepPreviousData,
  });

export function useAdminPayouts(query: AdminPayoutsQuery) {
  return useQuery(adminPayoutsQueryOptions(query));
}
