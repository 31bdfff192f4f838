import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@crimsonhost/shared/admin';
import { apiClient } from '../../../lib/api-client';
import { adminUserAnswerSchema, adminUserPath, storeAdminUser } from './get-admin-user';

/** POST /api/admin/users/:id/unlock (admin only): clear the slow-down after failed passwords. */
export async function unlockSignIn(id: string): Promise<AdminUser> {
  const response = await apiClient.post<unknown>(`${adminUserPath(id)}/unlock`, {});
  return adminUserAnswerSchema.parse(response.data).data;
}

export function useUnlockSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockSignIn,
    onSuccess: (user) => storeAdminUser(queryClient, user),
  });
}
