import { useMutation } from '@tanstack/react-query';
import { ApiError, LOGIN_TIMEOUT_MS, apiClient } from '../../../lib/api-client';
import { answerData, readSignIn, type SignedIn } from '../../../app/auth/api/sign-in-answer';

export interface RecoveryLoginInput {
  email: string;
  code: string;
  password: string;
}

/** POST /api/auth/recovery: signs in with a one-time code and sets a new password. */
export async function recoveryLogin(
  input: RecoveryLoginInput,
): Promise<SignedIn & { recoveryCodesLeft: number | null; recoveryCodes: string[] }> {
  const response = await apiClient.post<unknown>('/auth/recovery', input, {
    timeout: LOGIN_TIMEOUT_MS,
  });
  const signedIn = readSignIn(
    response.data,
    response.status,
    new ApiError(response.status, 'UNEXPECTED_RESPONSE', 'The sign-in answer could not be read.'),
  );
  const { recoveryCodesLeft: left, recoveryCodes: codes } = answerData(response.data);
  return {
    ...signedIn,
    recoveryCodesLeft: typeof left === 'number' ? left : null,
    // The sign-in replaced every code: the new ones, shown once.
    recoveryCodes: Array.isArray(codes) ? codes.map(String) : [],
  };
}

export function useRecoveryLogin() {
  return useMutation({ mutationFn: recoveryLogin });
}
