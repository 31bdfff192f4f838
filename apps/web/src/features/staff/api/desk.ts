import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  cannedReplySchema,
  deskQueuePageSchema,
  deskStatsSchema,
  deskTicketDetailSchema,
  faqArticleStatsSchema,
  faqEditorCategorySchema,
  staffPersonSchema,
  type DeskQueueQuery,
  type DeskReplyRequest,
  type DeskTicketDetail,
} from '@crimsonhost/shared/support-desk';
import type { TicketPriority } from '@crimsonhost/shared/support';
import { apiClient } from '../../../lib/api-client';

const BASE = '/admin/support';
export const deskKey = () => ['staff', 'desk'] as const;
const detailAnswer = dataEnvelope(deskTicketDetailSchema);

const compact = (query: object) =>
  Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== undefined && v !== '' && v !== null),
  ) as Record<string, string | number>;

export const queueQueryOptions = (query: DeskQueueQuery) =>
  queryOptions({
    queryKey: [...deskKey(), 'queue', query],
    queryFn: async () =>
      deskQueuePageSchema.parse(
        (await apiClient.get<unknown>(`${BASE}/tickets`, { params: compact(query) })).data,
      ),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

export function useQueue(query: DeskQueueQuery) {
  return useQuery(queueQueryOptions(query));
}

export function useDeskStats() {
  return useQuery({
    queryKey: [...deskKey(), 'stats'],
    queryFn: async () =>
      dataEnvelope(deskStatsSchema).parse((await apiClient.get<unknown>(`${BASE}/stats`)).data)
        .data,
    refetchInterval: 30_000,
  });
}

export function useAgents() {
  return useQuery({
    queryKey: [...deskKey(), 'agents'],
    queryFn: async () =>
      dataEnvelope(z.array(staffPersonSchema)).parse(
        (await apiClient.get<unknown>(`${BASE}/agents`)).data,
      ).data,
    staleTime: 300_000,
  });
}

export const deskTicketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...deskKey(), 'ticket', id],
    queryFn: async () =>
      detailAnswer.parse(
        (await apiClient.get<unknown>(`${BASE}/tickets/${encodeURIComponent(id)}`)).data,
      ).data,
    refetchInterval: 15_000,
  });

export function useDeskTicket(id: string) {
  return useQuery(deskTicketQueryOptions(id));
}

/** The desk's actions on one ticket: each answer replaces the cached ticket, the queue refreshes. */
export function useDeskActions(id: string) {
  const queryClient = useQueryClient();
  const path = `${BASE}/tickets/${encodeURIComponent(id)}`;
  const settle = (detail: DeskTicketDetail) => {
    queryClient.setQueryData(deskTicketQueryOptions(id).queryKey, detail);
    void queryClient.invalidateQueries({ queryKey: [...deskKey(), 'queue'] });
    void queryClient.invalidateQueries({ queryKey: [...deskKey(), 'stats'] });
  };
  const post = async (suffix: string, body: unknown = {}) =>
    detailAnswer.parse((await apiClient.post<unknown>(`${path}${suffix}`, body)).data).data;
  return {
    claim: useMutation({ mutationFn: () => post('/claim'), onSuccess: settle }),
    assign: useMutation({
      mutationFn: (assigneeId: string | null) => post('/assign', { assigneeId }),
      onSuccess: settle,
    }),
    setStatus: useMutation({
      mutationFn: (status: string) => post('/status', { status }),
      onSuccess: settle,
    }),
    setPriority: useMutation({
      mutationFn: (priority: TicketPriority) => post('/priority', { priority }),
      onSuccess: settle,
    }),
    write: useMutation({
      mutationFn: (input: DeskReplyRequest) => post('/messages', input),
      onSuccess: settle,
    }),
  };
}

/** POST …/typing: other agents see that I am writing (at most every 10 s). */
export async function pingTyping(id: string) {
  await apiClient.post(`${BASE}/tickets/${encodeURIComponent(id)}/typing`, {});
}

export function useClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      apiClient.post(`${BASE}/tickets/${encodeURIComponent(id)}/claim`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deskKey() }),
  });
}

export function useBulkStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { ids: string[]; status: string }) =>
      dataEnvelope(z.object({ updated: z.number() })).parse(
        (await apiClient.post<unknown>(`${BASE}/tickets/bulk-status`, input)).data,
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deskKey() }),
  });
}

export function useCannedReplies() {
  return useQuery({
    queryKey: [...deskKey(), 'canned'],
    queryFn: async () =>
      dataEnvelope(z.array(cannedReplySchema)).parse(
        (await apiClient.get<unknown>(`${BASE}/canned-replies`)).data,
      ).data,
  });
}

export function useCannedReplyActions() {
  const queryClient = useQueryClient();
  const done = () => queryClient.invalidateQueries({ queryKey: [...deskKey(), 'canned'] });
  return {
    save: useMutation({
      mutationFn: async ({
        id,
        ...body
      }: {
        id?: string;
        title: string;
        body: string;
        status: string | null;
      }) =>
        id
          ? apiClient.put(`${BASE}/canned-replies/${encodeURIComponent(id)}`, body)
          : apiClient.post(`${BASE}/canned-replies`, body),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: async (id: string) =>
        apiClient.delete(`${BASE}/canned-replies/${encodeURIComponent(id)}`),
      onSuccess: done,
    }),
  };
}

export function useFaqEditor() {
  return useQuery({
    queryKey: [...deskKey(), 'faq'],
    queryFn: async () =>
      dataEnvelope(z.array(faqEditorCategorySchema)).parse(
        (await apiClient.get<unknown>(`${BASE}/faq`)).data,
      ).data,
  });
}

export function useFaqEditorActions() {
  const queryClient = useQueryClient();
  const done = () => queryClient.invalidateQueries({ queryKey: [...deskKey(), 'faq'] });
  return {
    saveArticle: useMutation({
      mutationFn: async ({
        id,
        ...body
      }: {
        id?: string;
        categoryId: string;
        slug: string;
        title: string;
        body: string;
        published: boolean;
      }) =>
        dataEnvelope(faqArticleStatsSchema).parse(
          (id
            ? await apiClient.put<unknown>(`${BASE}/faq/articles/${encodeURIComponent(id)}`, body)
            : await apiClient.post<unknown>(`${BASE}/faq/articles`, body)
          ).data,
        ).data,
      onSuccess: done,
    }),
    saveCategory: useMutation({
      mutationFn: async ({ id, ...body }: { id?: string; slug: string; name: string }) =>
        id
          ? apiClient.put(`${BASE}/faq/categories/${encodeURIComponent(id)}`, body)
          : apiClient.post(`${BASE}/faq/categories`, body),
      onSuccess: done,
    }),
    reorderCategories: useMutation({
      mutationFn: async (ids: string[]) =>
        apiClient.post(`${BASE}/faq/categories/reorder`, { ids }),
      onSuccess: done,
    }),
    reorderArticles: useMutation({
      mutationFn: async ({ categoryId, ids }: { categoryId: string; ids: string[] }) =>
        apiClient.post(
          `${BASE}/faq/categories/${encodeURIComponent(categoryId)}/articles/reorder`,
          { ids },
        ),
      onSuccess: done,
    }),
  };
}
