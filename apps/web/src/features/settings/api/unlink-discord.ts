import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unlinkDiscordResponseSchema } from '@crimsonhost/shared/account';
import { profileQueryOptions } from '../../../app/auth/api/get-profile';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/account/discord/unlink: only with a password on the account, given again. 409
 * PASSWORD_NEEDED for a Discord-only account, 401 INVALID_CREDENTIALS for a wrong password.
 */
export async function unlinkDiscord(password: string): Promise<void> {
  const response = await apiClient.post<unknown>('/account/discord/unlink', { password });
  unlinkDiscordResponseSchema.parse(response.data);
}

export function useUnlinkDiscord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkDiscord,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey }),
  });
}
