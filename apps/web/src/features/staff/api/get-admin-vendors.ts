import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminVendorsPageSchema, type AdminVendorsQuery } from '@crimsonhost/shared/vendors';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { STAFF_QUERY_KEY } from './staff-query-key';

export type AdminVendorsPage = z.infer<typeof adminVendorsPageSchema>;

/** Every page of the vendors list starts here: a decision or a status change refreshes them all. */
export const adminVendorsQueryKey = () => [...STAFF_QUERY_KEY, 'vendors'] as const;

/** GET /api/admin/vendors: one page of vendors in a view (the waiting applications first), searched. */
export async function getAdminVendors(query: AdminVendorsQuery): Promise<AdminVendorsPage> {
  const response = await apiClient.get<unknown>('/admin/vendors', {
    params: { view: query.view, q: query.q, page: query.page, pageSize: query.pageSize },
  });
  return adminVendorsPageSchema.parse(response.data);
}

export const adminVendorsQueryOptions = (query: AdminVendorsQuery) =>
  queryOptions({
    queryKey: [...adminVendorsQueryKey(), query],
    queryFn: () => getAdminVendors(query),
    placeholderData: keepPreviousData,
  });

export function useAdminVendors(query: AdminVendorsQuery) {
  return useQuery(adminVendorsQueryOptions(query));
}
