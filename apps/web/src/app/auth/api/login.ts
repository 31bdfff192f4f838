import type { LoginRequest } from '@crimsonhost/shared/auth';
import { ApiError, LOGIN_TIMEOUT_MS, apiClient, toApiError } from '../../../lib/api-client';
import { readSignIn, type SignedIn } from './sign-in-answer';

export const LOGIN_FAILED_MESSAGE = 'Login failed';

/**
 * Spec section 8: a login failure carries the server's message or 'Login failed', the code
 * LOGIN_FAILED unless the server named a more precise one (locked, suspended...), and the HTTP
 * status. A failure without any answer keeps its network or timeout code and message.
 */
export function asLoginFailure(error: ApiError): ApiError {
  if (error.status === 0 || error.code !== 'UNEXPECTED_RESPONSE') return error;
  return new ApiError(error.status, 'LOGIN_FAILED', LOGIN_FAILED_MESSAGE, error.details);
}

/** POST /api/auth/login: e-mail and password, 8 second timeout. */
export async function login(credentials: LoginRequest): Promise<SignedIn> {
  try {
    const response = await apiClient.post<unknown>('/auth/login', credentials, {
      timeout: LOGIN_TIMEOUT_MS,
    });
    return readSignIn(
      response.data,
      response.status,
      new ApiError(response.status, 'LOGIN_FAILED', LOGIN_FAILED_MESSAGE),
    );
  } catch (error) {
    throw asLoginFailure(toApiError(error));
  }
}
