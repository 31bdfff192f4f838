import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@crimsonhost/shared/admin';
import { apiClient } from '../../../lib/api-client';
import { adminUserAnswerSchema, adminUserPath, storeAdminUser } from './get-admin-user';

/**
 * POST /api/admin/users/:id/staff-factor/reset (admin only): forget a staff member's two-step
 * verification (a lost phone and backup codes); their next staff sign-in sets it up again.
 */
export async function resetStaffFactor(id: string): Promise<AdminUser> {
  const response = await apiClient.post<unknown>(`${adminUserPath(id)}/staff-factor/reset`, {});
  return adminUserAnswerSchema.parse(response.data).data;
}

export function useResetStaffFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetStaffFactor,
    onSuccess: (user) => storeAdminUser(queryClient, user),
  });
}
