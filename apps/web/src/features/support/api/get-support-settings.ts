import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { supportSettingsSchema, type SupportSettings } from '@crimsonhost/shared/support';
import { apiClient } from '../../../lib/api-client';
import { supportAccountQueryKey } from './support-query-keys';

const answerSchema = dataEnvelope(supportSettingsSchema);

/** GET /api/support/settings: which support mails I get and my default category. */
export async function getSupportSettings(): Promise<SupportSettings> {
  const response = await apiClient.get<unknown>('/support/settings');
  return answerSchema.parse(response.data).data;
}

export const supportSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [...supportAccountQueryKey(), 'settings'],
    queryFn: getSupportSettings,
  });

/** Asked only while `enabled` (signed in). */
export function useSupportSettings({ enabled = true } = {}) {
  return useQuery({ ...supportSettingsQueryOptions(), enabled });
}
