import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  serverListResponseSchema,
  type ServerListQuery,
  type ServerListResponse,
} from '@crimsonhost/shared/catalog';
import { apiClient } from '../../../lib/api-client';

/** Live player counts move: a visible list asks again this often. */
const SERVERS_REFRESH_MS = 30_000;

/** GET /api/servers with the filters, sort and page in the query string. */
export async function getServers(query: ServerListQuery): Promise<ServerListResponse> {
  const response = await apiClient.get<unknown>('/servers', { params: query });
  return serverListResponseSchema.parse(response.data);
}

export const serversQueryOptions = (query: ServerListQuery) =>
  queryOptions({
    queryKey: ['servers', 'list', query],
    queryFn: () => getServers(query),
    placeholderData: keepPreviousData,
    refetchInterval: SERVERS_REFRESH_MS,
  });

export function useServers(query: ServerListQuery) {
  return useQuery(serversQueryOptions(query));
}
