import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@crimsonhost/shared/admin';
import { apiClient } from '../../../lib/api-client';
import { adminUserAnswerSchema, adminUserPath, storeAdminUser } from './get-admin-user';

/** POST /api/admin/users/:id/password-reset (admin only): mail the account a reset link. */
export async function sendPasswordReset(id: string): Promise<AdminUser> {
  const response = await apiClient.post<unknown>(`${adminUserPath(id)}/password-reset`, {});
  return adminUserAnswerSchema.parse(response.data).data;
}

export function useSendPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPasswordReset,
    onSuccess: (user) => storeAdminUser(queryClient, user),
  });
}
