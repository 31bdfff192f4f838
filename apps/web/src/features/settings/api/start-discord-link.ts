import { useMutation } from '@tanstack/react-query';
import { discordLinkStartSchema } from '@crimsonhost/shared/auth';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { apiClient } from '../../../lib/api-client';
import { storeSignInReturnPath } from '../../../lib/storage';

const answerSchema = dataEnvelope(discordLinkStartSchema);

/**
 * POST /api/auth/discord/link-start: where to send the browser so Discord asks to link itself to
 * this account (the API keeps the state bound to it and to this browser). The callback page brings
 * the person back to /settings.
 */
export async function startDiscordLink(): Promise<string> {
  const response = await apiClient.post<unknown>('/auth/discord/link-start');
  return answerSchema.parse(response.data).data.url;
}

export function useStartDiscordLink() {
  return useMutation({
    mutationFn: startDiscordLink,
    onSuccess: (url) => {
      storeSignInReturnPath('/settings');
      window.location.assign(url);
    },
  });
}
