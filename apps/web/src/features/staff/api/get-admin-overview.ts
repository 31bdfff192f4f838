import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminOverviewSchema, type AdminOverview } from '@crimsonhost/shared/admin-overview';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { apiClient } from '../../../lib/api-client';
import { STAFF_QUERY_KEY } from './staff-query-key';

const answerSchema = dataEnvelope(adminOverviewSchema);

/** GET /api/admin/overview: the business figures and the operations' health, admin only. */
export async function getAdminOverview(): Promise<AdminOverview> {
  const response = await apiClient.get<unknown>('/admin/overview');
  return answerSchema.parse(response.data).data;
}

export const adminOverviewQueryOptions = () =>
  queryOptions({
    queryKey: [...STAFF_QUERY_KEY, 'overview'],
    queryFn: getAdminOverview,
    refetchInterval: 60_000,
  });

export function useAdminOverview() {
  return useQuery(adminOverviewQueryOptions());
}
