import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, LiftSuspensionRequest } from '@crimsonhost/shared/admin';
import { apiClient } from '../../../lib/api-client';
import { adminUserAnswerSchema, adminUserPath, storeAdminUser } from './get-admin-user';

/** POST /api/admin/users/:id/lift (admin only): end a suspension or a ban; NOT_SUSPENDED else. */
export async function liftSuspension({
  id,
  ...body
}: LiftSuspensionRequest & { id: string }): Promise<AdminUser> {
  const response = await apiClient.post<unknown>(`${adminUserPath(id)}/lift`, body);
  return adminUserAnswerSchema.parse(response.data).data;
}

export function useLiftSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: liftSuspension,
    onSuccess: (user) => storeAdminUser(queryClient, user),
  });
}
