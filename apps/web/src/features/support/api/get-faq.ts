import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { faqAnswerSchema, type FaqAnswer } from '@crimsonhost/shared/support';
import { apiClient } from '../../../lib/api-client';
import { faqQueryKey } from './support-query-keys';

/** GET /api/support/faq: every published article by category; with `q`, the hits as well. */
export async function getFaq(q?: string): Promise<FaqAnswer> {
  const response = await apiClient.get<unknown>('/support/faq', { params: q ? { q } : {} });
  return faqAnswerSchema.parse(response.data).data;
}

export const faqQueryOptions = (q?: string) =>
  queryOptions({
    queryKey: [...faqQueryKey(), 'search', q ?? ''],
    queryFn: () => getFaq(q),
    // The last answer stays on screen while the next search runs.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useFaq(q?: string) {
  return useQuery(faqQueryOptions(q));
}
