import { queryOptions, useQuery } from '@tanstack/react-query';
import { mySessionsResponseSchema, type MySession } from '@crimsonhost/shared/sessions';
import { ACCOUNT_QUERY_KEY } from '../../../app/auth/auth-context';
import { apiClient } from '../../../lib/api-client';

/** My signed-in devices: under the account, so signing out drops them with it. */
export const mySessionsQueryKey = () => [...ACCOUNT_QUERY_KEY, 'sessions'] as const;

/** GET /api/auth/sessions: every device signed in to my account, this one marked `current`. */
export async function getMySessions(): Promise<MySession[]> {
  const response = await apiClient.get<unknown>('/auth/sessions');
  return mySessionsResponseSchema.parse(response.data).data;
}

/** This device first, then the others by when they were last used, latest first. */
export function orderSessions(sessions: MySession[]): MySession[] {
  return [...sessions].sort(
    (a, b) =>
      Number(b.current) - Number(a.current) || Date.parse(b.lastUsedAt) - Date.parse(a.lastUsedAt),
  );
}

export const mySessionsQueryOptions = () =>
  queryOptions({ queryKey: mySessionsQueryKey(), queryFn: getMySessions, select: orderSessions });

export function useMySessions() {
  return useQuery(mySessionsQueryOptions());
}
