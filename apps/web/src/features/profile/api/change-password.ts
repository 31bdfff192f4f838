import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQueryOptions } from '../../../app/auth/api/get-profile';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/auth/change-password. `currentPassword` is required when the account has one; a
 * Discord-only account sets its first password without it. Every other session ends.
 */
export async function changePassword(input: {
  currentPassword?: string;
  password: string;
}): Promise<void> {
  await apiClient.post('/auth/change-password', input);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey }),
  });
}
