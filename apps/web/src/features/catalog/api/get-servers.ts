import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  serverListResponseSchema,
  type ServerListQuery,
  type ServerListResponse,
} from '@crimsonhost/shared/catalog';
import { apiClient } from '../../../lib/api-client';
import { keepEarlyAnswer, takeEarlyAnswer } from '../../../lib/early-answers';

/** Live player counts move: a visible list asks again this often. */
const SERVERS_REFRESH_MS = 30_000;

async function fetchServers(query: ServerListQuery): Promise<ServerListResponse> {
  const response = await apiClient.get<unknown>('/servers', { params: query });
  return serverListResponseSchema.parse(response.data);
}

const earlyKey = (query: ServerListQuery) => `/servers?${JSON.stringify(query)}`;

/**
 * Asks for a list before any component wants it (when the list page's code arrives), so the
 * request overlaps the page's first render instead of following it.
 */
export function startServersRequest(query: ServerListQuery): void {
  keepEarlyAnswer(earlyKey(query), fetchServers(query));
}

/** GET /api/servers with the filters, sort and page in the query string. */
export function getServers(query: ServerListQuery): Promise<ServerListResponse> {
  return takeEarlyAnswer<ServerListResponse>(earlyKey(query)) ?? fetchServers(query);
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
