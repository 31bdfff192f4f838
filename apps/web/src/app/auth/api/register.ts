import { z } from 'zod';
import type { RegisterRequest } from '@crimsonhost/shared/auth';
import { ApiError, LOGIN_TIMEOUT_MS, apiClient } from '../../../lib/api-client';
import { answerData, readSignIn, type SignedIn } from './sign-in-answer';

const recoveryCodesSchema = z.array(z.string());

/** POST /api/auth/register: the new session and the ten recovery codes, shown once. */
export async function register(
  input: RegisterRequest,
): Promise<SignedIn & { recoveryCodes: string[] }> {
  const response = await apiClient.post<unknown>('/auth/register', input, {
    timeout: LOGIN_TIMEOUT_MS,
  });
  const failure = new ApiError(
    response.status,
    'UNEXPECTED_RESPONSE',
    'The account was created, but the answer could not be read. Try signing in.',
  );
  const signedIn = readSignIn(response.data, response.status, failure);
  const codes = recoveryCodesSchema.safeParse(answerData(response.data).recoveryCodes);
  return { ...signedIn, recoveryCodes: codes.success ? codes.data : [] };
}
