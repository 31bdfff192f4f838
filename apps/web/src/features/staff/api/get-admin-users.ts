import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminUsersPageSchema, type AdminUsersQuery } from '@crimsonhost/shared/admin';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { STAFF_QUERY_KEY } from './staff-query-key';

export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/** Every page of the users list starts here: a change to any account refreshes them all. */
export const adminUsersQueryKey = () => [...STAFF_QUERY_KEY, 'users'] as const;

/** GET /api/admin/users: one page of accounts, searched and filtered. */
export async function getAdminUsers(query: AdminUsersQuery): Promise<AdminUsersPage> {
  const response = await apiClient.get<unknown>('/admin/users', {
    params: {
      q: query.q,
      role: query.role,
      status: query.status,
      page: query.page,
      pageSize: query.pageSize,
    },
  });
  return adminUsersPageSchema.parse(response.data);
}

export const adminUsersQueryOptions = (query: AdminUsersQuery) =>
  queryOptions({
    queryKey: [...adminUsersQueryKey(), query],
    queryFn: () => getAdminUsers(query),
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery(adminUsersQueryOptions(query));
}
