import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  adminUserDetailSchema,
  adminUserSchema,
  type AdminUser,
  type AdminUserDetail,
} from '@crimsonhost/shared/admin';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { apiClient } from '../../../lib/api-client';
import { auditLogQueryKey } from './get-audit-log';
import { adminUsersQueryKey } from './get-admin-users';
import { STAFF_QUERY_KEY } from './staff-query-key';

const adminUserDetailAnswerSchema = dataEnvelope(adminUserDetailSchema);

/** The answer of every action on an account: the account as it is now. */
export const adminUserAnswerSchema = dataEnvelope(adminUserSchema);

export const adminUserPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

/**
 * GET /api/admin/users/:id: the account with its penalties, sign-ins, sessions, wallet and its
 * last rentals, transactions and tickets.
 */
export async function getAdminUser(id: string): Promise<AdminUserDetail> {
  const response = await apiClient.get<unknown>(adminUserPath(id));
  return adminUserDetailAnswerSchema.parse(response.data).data;
}

/** Every account's key starts here. */
export const adminUserQueryKey = () => [...STAFF_QUERY_KEY, 'user'] as const;

export const adminUserQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminUserQueryKey(), id],
    queryFn: () => getAdminUser(id),
  });

export function useAdminUser(id: string) {
  return useQuery(adminUserQueryOptions(id));
}

/**
 * After an action answered with the account: the page shows the account at once, then it, the
 * users list and the audit log ask again (penalties, sessions and the log's new line).
 */
export async function storeAdminUser(queryClient: QueryClient, user: AdminUser) {
  const { queryKey } = adminUserQueryOptions(user.id);
  queryClient.setQueryData(queryKey, (detail) => (detail ? { ...detail, user } : detail));
  await Promise.all([
    queryClient.invalidateQueries({ queryKey }),
    queryClient.invalidateQueries({ queryKey: adminUsersQueryKey() }),
    queryClient.invalidateQueries({ queryKey: auditLogQueryKey() }),
  ]);
}
