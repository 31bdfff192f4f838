import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signedOutResponseSchema } from '@crimsonhost/shared/sessions';
import { apiClient } from '../../../lib/api-client';
import { mySessionsQueryKey } from './get-my-sessions';

/**
 * DELETE /api/auth/sessions/:id: signs one of my other devices out; it is refused on its next
 * call. 404 when the session is not mine or already ended.
 */
export async function signOutSession(id: string): Promise<number> {
  const response = await apiClient.delete<unknown>(`/auth/sessions/${encodeURIComponent(id)}`);
  return signedOutResponseSchema.parse(response.data).data.signedOut;
}

export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutSession,
    // A 404 means it was gone already: the list is read again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: mySessionsQueryKey() }),
  });
}
