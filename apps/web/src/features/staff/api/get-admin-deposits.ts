import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  adminDepositsPageSchema,
  type AdminDepositsQuery,
} from '@crimsonhost/shared/admin-deposits';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { STAFF_QUERY_KEY } from './staff-query-key';

export type AdminDepositsPage = z.infer<typeof adminDepositsPageSchema>;

/** Every page of the deposits list starts here: a credit by hand refreshes them all. */
export const adminDepositsQueryKey = () => [...STAFF_QUERY_KEY, 'deposits'] as const;

/** GET /api/admin/deposits: one page of deposits in a view, by network or searched. */
export async function getAdminDeposits(query: AdminDepositsQuery): Promise<AdminDepositsPage> {
  const response = await apiClient.get<unknown>('/admin/deposits', {
    params: {
      view: query.view,
      network: query.network,
      q: query.q,
      page: query.page,
      pageSize: query.pageSize,
    },
  });
  return adminDepositsPageSchema.parse(response.data);
}

export const adminDepositsQueryOptions = (query: AdminDepositsQuery) =>
  queryOptions({
    queryKey: [...adminDepositsQueryKey(), query],
    queryFn: () => getAdminDeposits(query),
    placeholderData: keepPreviousData,
  });

export function useAdminDeposits(query: AdminDepositsQuery) {
  return useQuery(adminDepositsQueryOptions(query));
}
