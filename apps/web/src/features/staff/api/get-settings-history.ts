import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  settingsHistoryPageSchema,
  type SettingsHistoryQuery,
} from '@crimsonhost/shared/admin-settings';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { settingsQueryKey } from './get-settings';

export type SettingsHistoryPage = z.infer<typeof settingsHistoryPageSchema>;

/** GET /api/admin/settings/history (admin only): every saved version, newest first. */
export async function getSettingsHistory(
  query: SettingsHistoryQuery,
): Promise<SettingsHistoryPage> {
  const response = await apiClient.get<unknown>('/admin/settings/history', {
    params: { page: query.page, pageSize: query.pageSize },
  });
  return settingsHistoryPageSchema.parse(response.data);
}

export const settingsHistoryQueryOptions = (query: SettingsHistoryQuery) =>
  queryOptions({
    queryKey: [...settingsQueryKey(), 'history', query],
    queryFn: () => getSettingsHistory(query),
    placeholderData: keepPreviousData,
  });

export function useSettingsHistory(query: SettingsHistoryQuery) {
  return useQuery(settingsHistoryQueryOptions(query));
}
