import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { answerData } from '../../../app/auth/api/sign-in-answer';

/**
 * POST /api/auth/reset-password: the mailed token and the new password. Every session ends, the
 * address counts as verified and the recovery codes are replaced: the new ten are answered.
 */
export async function resetPassword(input: {
  token: string;
  password: string;
}): Promise<{ recoveryCodes: string[] }> {
  const response = await apiClient.post<unknown>('/auth/reset-password', input);
  const codes = answerData(response.data).recoveryCodes;
  return { recoveryCodes: Array.isArray(codes) ? codes.map(String) : [] };
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
