import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@crimsonhost/shared/auth';
import { ApiError, PROFILE_TIMEOUT_MS, apiClient } from '../../../lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../auth-context';
import { answerData, readUser } from './sign-in-answer';

export interface Profile {
  user: User;
  /** Unused recovery codes; null when the answer does not say. */
  recoveryCodesLeft: number | null;
}

/** GET /api/auth/profile with the Bearer header, 8 second timeout: validates the session. */
export async function getProfile(): Promise<Profile> {
  const response = await apiClient.get<unknown>('/auth/profile', { timeout: PROFILE_TIMEOUT_MS });
  const user = readUser(response.data);
  if (!user) {
    throw new ApiError(
      response.status,
      'UNEXPECTED_RESPONSE',
      'The profile answer could not be read. Please try again.',
    );
  }
  const left = answerData(response.data).recoveryCodesLeft;
  return { user, recoveryCodesLeft: typeof left === 'number' ? left : null };
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: [...ACCOUNT_QUERY_KEY, 'profile'], queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
