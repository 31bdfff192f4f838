import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, PenaliseRequest } from '@crimsonhost/shared/admin';
import { apiClient } from '../../../lib/api-client';
import { adminUserAnswerSchema, adminUserPath, storeAdminUser } from './get-admin-user';

/**
 * POST /api/admin/users/:id/penalties (admin only): a warning is mailed and recorded; a
 * suspension or a ban ends every session of the account at once. OWN_ACCOUNT for one's own.
 */
export async function penaliseUser({
  id,
  ...body
}: PenaliseRequest & { id: string }): Promise<AdminUser> {
  const response = await apiClient.post<unknown>(`${adminUserPath(id)}/penalties`, body);
  return adminUserAnswerSchema.parse(response.data).data;
}

export function usePenaliseUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: penaliseUser,
    onSuccess: (user) => storeAdminUser(queryClient, user),
  });
}
