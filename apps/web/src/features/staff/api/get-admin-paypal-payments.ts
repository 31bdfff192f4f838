import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminPayPalPageSchema, type AdminPayPalQuery } from '@crimsonhost/shared/admin-paypal';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { STAFF_QUERY_KEY } from './staff-query-key';

export type AdminPayPalPage = z.infer<typeof adminPayPalPageSchema>;

/** Every page of the PayPal payments starts here: a refund refreshes them all. */
export const adminPayPalPaymentsQueryKey = () => [...STAFF_QUERY_KEY, 'paypal-payments'] as const;

/** GET /api/admin/paypal/payments: one page of PayPal payments, newest first, by state or searched. */
export async function getAdminPayPalPayments(query: AdminPayPalQuery): Promise<AdminPayPalPage> {
  const response = await apiClient.get<unknown>('/admin/paypal/payments', {
    params: {
      state: query.state,
      q: query.q,
      page: query.page,
      pageSize: query.pageSize,
    },
  });
  return adminPayPalPageSchema.parse(response.data);
}

export const adminPayPalPaymentsQueryOptions = (query: AdminPayPalQuery) =>
  queryOptions({
    queryKey: [...adminPayPalPaymentsQueryKey(), query],
    queryFn: () => getAdminPayPalPayments(query),
    placeholderData: keepPreviousData,
  });

export function useAdminPayPalPayments(query: AdminPayPalQuery) {
  return useQuery(adminPayPalPaymentsQueryOptions(query));
}
