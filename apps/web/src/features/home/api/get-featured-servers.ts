import { queryOptions, useQuery } from '@tanstack/react-query';
import { serverListResponseSchema, type ServerCard } from '@crimsonhost/shared/catalog';
import { apiClient } from '../../../lib/api-client';

export const FEATURED_SERVER_COUNT = 4;

/** The most rented servers that are online now: GET /api/servers, first page of 10. */
export async function getFeaturedServers(): Promise<ServerCard[]> {
  const response = await apiClient.get<unknown>('/servers', {
    params: { status: 'online', sort: 'popularity', pageSize: 10 },
  });
  return serverListResponseSchema.parse(response.data).data.slice(0, FEATURED_SERVER_COUNT);
}

export const featuredServersQueryOptions = () =>
  queryOptions({ queryKey: ['servers', 'featured'], queryFn: getFeaturedServers });

export function useFeaturedServers() {
  return useQuery(featuredServersQueryOptions());
}
