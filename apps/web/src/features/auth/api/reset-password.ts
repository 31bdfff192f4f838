import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** POST /api/auth/reset-password: the mailed token and the new password; every session ends. */
export async function resetPassword(input: { token: string; password: string }): Promise<void> {
  await apiClient.post('/auth/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
