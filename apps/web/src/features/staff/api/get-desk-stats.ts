import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { deskStatsSchema, type DeskStats } from '@crimsonhost/shared/support-desk';
import { apiClient } from '../../../lib/api-client';
import { STAFF_QUERY_KEY } from './staff-query-key';

const answerSchema = dataEnvelope(deskStatsSchema);

/** GET /api/admin/support/stats: the desk's figures for the overview. */
export async function getDeskStats(): Promise<DeskStats> {
  const response = await apiClient.get<unknown>('/admin/support/stats');
  return answerSchema.parse(response.data).data;
}

export const deskStatsQueryOptions = () =>
  queryOptions({
    queryKey: [...STAFF_QUERY_KEY, 'stats'],
    queryFn: getDeskStats,
    refetchInterval: 30_000,
  });

export function useDeskStats() {
  return useQuery(deskStatsQueryOptions());
}
