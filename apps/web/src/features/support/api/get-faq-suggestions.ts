import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { faqSuggestionsSchema, type FaqSearchHit } from '@crimsonhost/shared/support';
import { apiClient } from '../../../lib/api-client';
import { faqQueryKey } from './support-query-keys';

/** Fewer words than this say too little to look for an answer. */
export const SUGGESTION_MIN_WORDS = 3;

export function wordCount(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/** GET /api/support/faq/suggestions: the top answers for a ticket's subject and message. */
export async function getFaqSuggestions(text: string): Promise<FaqSearchHit[]> {
  const response = await apiClient.get<unknown>('/support/faq/suggestions', {
    params: { q: text },
  });
  return faqSuggestionsSchema.parse(response.data).data;
}

export const faqSuggestionsQueryOptions = (text: string) =>
  queryOptions({
    queryKey: [...faqQueryKey(), 'suggestions', text],
    queryFn: () => getFaqSuggestions(text),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** Asked only for a text of at least three words (the caller debounces it). */
export function useFaqSuggestions(text: string) {
  return useQuery({
    ...faqSuggestionsQueryOptions(text),
    enabled: wordCount(text) >= SUGGESTION_MIN_WORDS,
  });
}
