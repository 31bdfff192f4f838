import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { supportSettingsSchema, type SupportSettings } from '@crimsonhost/shared/support';
import { apiClient } from '../../../lib/api-client';

const answer = dataEnvelope(supportSettingsSchema);
const settingsKey = ['support', 'settings'] as const;

/** GET /api/support/settings */
export function useSupportSettings({ enabled = true } = {}) {
  return useQuery({
    queryKey: settingsKey,
    queryFn: async () =>
      answer.parse((await apiClient.get<unknown>('/support/settings')).data).data,
    enabled,
  });
}

/** PUT /api/support/settings */
export function useSaveSupportSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: SupportSettings) =>
      answer.parse((await apiClient.put<unknown>('/support/settings', settings)).data).data,
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}
