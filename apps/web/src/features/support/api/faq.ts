import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  faqAnswerSchema,
  faqArticleSchema,
  faqSuggestionsSchema,
} from '@crimsonhost/shared/support';
import { apiClient } from '../../../lib/api-client';

/** GET /api/support/faq: the articles by category, and the hits of `q`. */
export async function getFaq(q?: string) {
  const response = await apiClient.get<unknown>('/support/faq', { params: q ? { q } : {} });
  return faqAnswerSchema.parse(response.data).data;
}

export const faqQueryOptions = (q?: string) =>
  queryOptions({
    queryKey: ['support', 'faq', q ?? ''],
    queryFn: () => getFaq(q),
    staleTime: 60_000,
  });

export function useFaq(q?: string) {
  return useQuery(faqQueryOptions(q));
}

/** GET /api/support/faq/suggestions: answers close to a ticket being written. */
export async function getSuggestions(text: string) {
  const response = await apiClient.get<unknown>('/support/faq/suggestions', {
    params: { q: text },
  });
  return faqSuggestionsSchema.parse(response.data).data;
}

export function useSuggestions(text: string) {
  return useQuery({
    queryKey: ['support', 'faq', 'suggestions', text],
    queryFn: () => getSuggestions(text),
    enabled: text.trim().split(/\s+/).length >= 3,
    staleTime: 60_000,
  });
}

/** GET /api/support/faq/articles/:slug: counts a view. */
export async function openArticle(slug: string) {
  const response = await apiClient.get<unknown>(
    `/support/faq/articles/${encodeURIComponent(slug)}`,
  );
  return dataEnvelope(faqArticleSchema).parse(response.data).data;
}

/** POST /api/support/faq/articles/:id/votes */
export function useVote() {
  return useMutation({
    mutationFn: async ({ id, helpful }: { id: string; helpful: boolean }) => {
      const response = await apiClient.post<unknown>(
        `/support/faq/articles/${encodeURIComponent(id)}/votes`,
        { helpful },
      );
      return dataEnvelope(faqArticleSchema).parse(response.data).data;
    },
  });
}

/** POST /api/support/faq/articles/:id/deflections: "This answered my question". */
export function useDeflect() {
  return useMutation({
    mutationFn: async (id: string) => {
      await apiClient.post(`/support/faq/articles/${encodeURIComponent(id)}/deflections`, {});
    },
  });
}
