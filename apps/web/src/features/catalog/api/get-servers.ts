import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  serverListResponseSchema,
  type ServerListQuery,
  type ServerListResponse,
} from '@crimsonhost/shared/catalog';
import { apiClient } from '../../../lib/api-client';

/** Live player counts move: a visible list asks again this often. */
const SERVERS_REFRESH_MS = 30_000;

/** An early answer is taken only this soon after it was asked for; later it may be stale. */
const EARLY_REQUEST_TTL_MS = 10_000;

async function fetchServers(query: ServerListQuery): Promise<ServerListResponse> {
  const response = await apiClient.get<unknown>('/servers', { params: query });
  return serverListResponseSchema.parse(response.data);
}

/** The first page asked for before the list page mounted, until the page's query takes it. */
let early: { key: string; askedAt: number; answer: Promise<ServerListResponse> } | undefined;

/**
 * Asks for a list before any component wants it (when the list page's code arrives), so the
 * request overlaps the page's first render instead of following it.
 */
export function startServersRequest(query: ServerListQuery): void {
  const answer = fetchServers(query);
  // The query that takes it handles the failure; unclaimed, it is dropped quietly.
  answer.catch(() => undefined);
  early = { key: JSON.stringify(query), askedAt: Date.now(), answer };
}

/** GET /api/servers with the filters, sort and page in the query string. */
export function getServers(query: ServerListQuery): Promise<ServerListResponse> {
  const started = early;
  early = undefined;
  if (
    started?.key === JSON.stringify(query) &&
    Date.now() - started.askedAt < EARLY_REQUEST_TTL_MS
  ) {
    return started.answer;
  }
  return fetchServers(query);
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
