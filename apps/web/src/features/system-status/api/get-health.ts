import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { healthSchema, type Health } from '@crimsonhost/shared/health';
import { apiClient } from '../../../lib/api-client';

const HEALTH_REFRESH_MS = 60_000;
const healthResponseSchema = dataEnvelope(healthSchema);

/** GET /api/health. A degraded platform answers 503 with the same body, so both are read. */
export async function getHealth(): Promise<Health> {
  const response = await apiClient.get<unknown>('/health', {
    validateStatus: (status) => status === 200 || status === 503,
  });
  return healthResponseSchema.parse(response.data).data;
}

export const healthQueryOptions = () =>
  queryOptions({
    queryKey: ['health'],
    queryFn: getHealth,
    refetchInterval: HEALTH_REFRESH_MS,
    retry: false,
  });

export function useHealth() {
  return useQuery(healthQueryOptions());
}
