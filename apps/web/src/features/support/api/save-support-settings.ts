import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { supportSettingsSchema, type SupportSettings } from '@crimsonhost/shared/support';
import { apiClient } from '../../../lib/api-client';
import { supportSettingsQueryOptions } from './get-support-settings';

const answerSchema = dataEnvelope(supportSettingsSchema);

/** PUT /api/support/settings: the whole settings, answered as saved. */
export async function saveSupportSettings(settings: SupportSettings): Promise<SupportSettings> {
  const response = await apiClient.put<unknown>('/support/settings', settings);
  return answerSchema.parse(response.data).data;
}

export function useSaveSupportSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSupportSettings,
    onSuccess: (saved) => queryClient.setQueryData(supportSettingsQueryOptions().queryKey, saved),
  });
}
