import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { adminVendorDetailSchema, type AdminVendorDetail } from '@crimsonhost/shared/vendors';
import { apiClient } from '../../../lib/api-client';
import { adminUserQueryOptions } from './get-admin-user';
import { adminUsersQueryKey } from './get-admin-users';
import { adminVendorsQueryKey } from './get-admin-vendors';
import { auditLogQueryKey } from './get-audit-log';
import { STAFF_QUERY_KEY } from './staff-query-key';

/** The answer of a read of a vendor and of every action on one: the vendor as it is now. */
export const adminVendorAnswerSchema = dataEnvelope(adminVendorDetailSchema);

export const adminVendorPath = (id: string) => `/admin/vendors/${encodeURIComponent(id)}`;

/**
 * GET /api/admin/vendors/:id: the vendor with its applications, status history, payout addresses
 * and balances.
 */
export async function getAdminVendor(id: string): Promise<AdminVendorDetail> {
  const response = await apiClient.get<unknown>(adminVendorPath(id));
  return adminVendorAnswerSchema.parse(response.data).data;
}

/** Every vendor's key starts here. */
export const adminVendorQueryKey = () => [...STAFF_QUERY_KEY, 'vendor'] as const;

export const adminVendorQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminVendorQueryKey(), id],
    queryFn: () => getAdminVendor(id),
  });

export function useAdminVendor(id: string) {
  return useQuery(adminVendorQueryOptions(id));
}

/**
 * After an action answered with the vendor: the page shows it at once, and what the action moved
 * asks again (the vendors list, the account and its role, the users list, the audit log).
 */
export async function storeAdminVendor(queryClient: QueryClient, detail: AdminVendorDetail) {
  queryClient.setQueryData(adminVendorQueryOptions(detail.vendor.id).queryKey, detail);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminVendorsQueryKey() }),
    queryClient.invalidateQueries({ queryKey: adminUserQueryOptions(detail.vendor.id).queryKey }),
    queryClient.invalidateQueries({ queryKey: adminUsersQueryKey() }),
    queryClient.invalidateQueries({ queryKey: auditLogQueryKey() }),
  ]);
}

/** After a refusal that says the vendor changed meanwhile: the page and the list read it again. */
export async function refreshAdminVendor(queryClient: QueryClient, id: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminVendorQueryOptions(id).queryKey }),
    queryClient.invalidateQueries({ queryKey: adminVendorsQueryKey() }),
  ]);
}
