import { queryOptions, useQuery } from '@tanstack/react-query';
import { serverDetailResponseSchema, type ServerDetail } from '@crimsonhost/shared/catalog';
import { ApiError, apiClient } from '../../../lib/api-client';
import { takeEarlyAnswer } from '../../../lib/early-answers';

/** The detail shows live players: it asks again this often while open. */
const SERVER_REFRESH_MS = 15_000;

/** GET /api/servers/:id; the answer the page's entry asked for, when it did (decision 066). */
export async function getServer(id: string): Promise<ServerDetail> {
  const path = `/servers/${encodeURIComponent(id)}`;
  const early = await takeEarlyAnswer<unknown>(path);
  const parsed = early === undefined ? undefined : serverDetailResponseSchema.safeParse(early);
  if (parsed?.success) return parsed.data.data;
  const response = await apiClient.get<unknown>(path);
  return serverDetailResponseSchema.parse(response.data).data;
}

export const serverQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['servers', 'detail', id],
    queryFn: () => getServer(id),
    refetchInterval: (query) =>
      query.state.error instanceof ApiError && query.state.error.status === 404
        ? false
        : SERVER_REFRESH_MS,
    // A 404 stays a 404: asking again will not make the server exist.
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status === 404) && failures < 2,
  });

export function useServer(id: string) {
  return useQuery(serverQueryOptions(id));
}
