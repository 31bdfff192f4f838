import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@crimsonhost/shared/admin';
import { apiClient } from '../../../lib/api-client';
import { adminUserAnswerSchema, adminUserPath, storeAdminUser } from './get-admin-user';

/** POST /api/admin/users/:id/sign-out (admin only): end every session of the account. */
export async function signOutUser(id: string): Promise<AdminUser> {
  const response = await apiClient.post<unknown>(`${adminUserPath(id)}/sign-out`, {});
  return adminUserAnswerSchema.parse(response.data).data;
}

export function useSignOutUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutUser,
    onSuccess: (user) => storeAdminUser(queryClient, user),
  });
}
