import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signedOutResponseSchema } from '@crimsonhost/shared/sessions';
import { apiClient } from '../../../lib/api-client';
import { mySessionsQueryKey } from './get-my-sessions';

/** POST /api/auth/sessions/sign-out-others: every device but this one; resolves with how many. */
export async function signOutOtherSessions(): Promise<number> {
  const response = await apiClient.post<unknown>('/auth/sessions/sign-out-others');
  return signedOutResponseSchema.parse(response.data).data.signedOut;
}

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mySessionsQueryKey() }),
  });
}
