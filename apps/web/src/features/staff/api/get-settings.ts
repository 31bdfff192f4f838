import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { adminSettingsSchema, type AdminSettings } from '@crimsonhost/shared/admin-settings';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { apiClient } from '../../../lib/api-client';
import { STAFF_QUERY_KEY } from './staff-query-key';

export const settingsAnswerSchema = dataEnvelope(adminSettingsSchema);

/** The settings and their history: a save changes both. */
export const settingsQueryKey = () => [...STAFF_QUERY_KEY, 'settings'] as const;

/**
 * GET /api/admin/settings (admin only): deposits, commission, SLA and the benefits tiers, each with
 * its version.
 */
export async function getSettings(): Promise<AdminSettings> {
  const response = await apiClient.get<unknown>('/admin/settings');
  return settingsAnswerSchema.parse(response.data).data;
}

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: [...settingsQueryKey(), 'current'], queryFn: getSettings });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}

/** After a save: the answer is the new settings; the history gained a line. */
export function storeSettings(queryClient: QueryClient, settings: AdminSettings) {
  queryClient.setQueryData(settingsQueryOptions().queryKey, settings);
  void queryClient.invalidateQueries({ queryKey: settingsQueryKey() });
}
