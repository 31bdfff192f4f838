import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, ChangeRoleRequest } from '@crimsonhost/shared/admin';
import { apiClient } from '../../../lib/api-client';
import { adminUserAnswerSchema, adminUserPath, storeAdminUser } from './get-admin-user';

/**
 * POST /api/admin/users/:id/role (admin only): give the account another role. Refused with
 * OWN_ACCOUNT for one's own account (so the admin acting always remains an admin).
 */
export async function changeUserRole({
  id,
  ...body
}: ChangeRoleRequest & { id: string }): Promise<AdminUser> {
  const response = await apiClient.post<unknown>(`${adminUserPath(id)}/role`, body);
  return adminUserAnswerSchema.parse(response.data).data;
}

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserRole,
    onSuccess: (user) => storeAdminUser(queryClient, user),
  });
}
