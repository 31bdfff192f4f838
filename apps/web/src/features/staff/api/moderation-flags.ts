import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  flagQueueResponseSchema,
  flagResponseSchema,
  staffAppealsResponseSchema,
  type DecideAppealRequest,
  type DecideFlagRequest,
  type FlagDetail,
  type FlagQueueView,
} from '@crimsonhost/shared/moderation';
import type { PageSize } from '@crimsonhost/shared/constants';
import { apiClient } from '../../../lib/api-client';
import { auditLogQueryKey } from './get-audit-log';
import { STAFF_QUERY_KEY } from './staff-query-key';

export interface FlagQueueSearch {
  view: FlagQueueView;
  page: number;
  pageSize: PageSize;
}

/** Every read of the moderation queue and its flags starts here. */
export const moderationQueryKey = () => [...STAFF_QUERY_KEY, 'moderation'] as const;

/** GET /api/admin/moderation/flags: one page of the queue in a view, newest first. */
export async function getFlagQueue(search: FlagQueueSearch) {
  const response = await apiClient.get<unknown>('/admin/moderation/flags', { params: search });
  return flagQueueResponseSchema.parse(response.data);
}

export function useFlagQueue(search: FlagQueueSearch) {
  return useQuery(
    queryOptions({
      queryKey: [...moderationQueryKey(), 'queue', search],
      queryFn: () => getFlagQueue(search),
      placeholderData: keepPreviousData,
    }),
  );
}

const flagPath = (id: string) => `/admin/moderation/flags/${encodeURIComponent(id)}`;
const flagQueryKey = (id: string) => [...moderationQueryKey(), 'flag', id] as const;

/** GET /api/admin/moderation/flags/:id: a flag in context with the person's history. */
export async function getFlag(id: string): Promise<FlagDetail> {
  const response = await apiClient.get<unknown>(flagPath(id));
  return flagResponseSchema.parse(response.data).data;
}

export function useFlag(id: string) {
  return useQuery(queryOptions({ queryKey: flagQueryKey(id), queryFn: () => getFlag(id) }));
}

/** After an action: the flag as answered, and the queue and the audit log asked again. */
async function store(queryClient: QueryClient, flag: FlagDetail) {
  queryClient.setQueryData(flagQueryKey(flag.id), flag);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [...moderationQueryKey(), 'queue'] }),
    queryClient.invalidateQueries({ queryKey: auditLogQueryKey() }),
  ]);
}

/** POST …/claim: pending → reviewing, mine; 409 FLAG_TAKEN when a colleague has it. */
export function useClaimFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const response = await apiClient.post<unknown>(`${flagPath(id)}/claim`);
      return flagResponseSchema.parse(response.data).data;
    },
    onSuccess: (flag) => store(queryClient, flag),
  });
}

/** POST …/decide: resolved (with a penalty, escalated by the API) or dismissed. */
export function useDecideFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: DecideFlagRequest & { id: string }) => {
      const response = await apiClient.post<unknown>(`${flagPath(id)}/decide`, body);
      return flagResponseSchema.parse(response.data).data;
    },
    onSuccess: (flag) => store(queryClient, flag),
    onError: (_, { id }) => queryClient.invalidateQueries({ queryKey: flagQueryKey(id) }),
  });
}

const appealsQueryKey = () => [...moderationQueryKey(), 'appeals'] as const;

/** GET /api/admin/moderation/appeals: waiting for an answer oldest first, then answered. */
export function useAppeals() {
  return useQuery(
    queryOptions({
      queryKey: appealsQueryKey(),
      queryFn: async () => {
        const response = await apiClient.get<unknown>('/admin/moderation/appeals');
        return staffAppealsResponseSchema.parse(response.data).data;
      },
    }),
  );
}

/** POST …/appeals/:id/decide: upheld, or overturned (a running suspension is lifted). */
export function useDecideAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: DecideAppealRequest & { id: string }) => {
      const response = await apiClient.post<unknown>(
        `/admin/moderation/appeals/${encodeURIComponent(id)}/decide`,
        body,
      );
      return staffAppealsResponseSchema.parse(response.data).data;
    },
    onSuccess: async (appeals) => {
      queryClient.setQueryData(appealsQueryKey(), appeals);
      await queryClient.invalidateQueries({ queryKey: auditLogQueryKey() });
    },
  });
}
