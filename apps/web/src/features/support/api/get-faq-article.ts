import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { faqArticleSchema, type FaqArticle } from '@crimsonhost/shared/support';
import { apiClient } from '../../../lib/api-client';
import { faqQueryKey } from './support-query-keys';

const answerSchema = dataEnvelope(faqArticleSchema);

/** GET /api/support/faq/articles/:slug: one published article; the API counts a view. */
export async function getFaqArticle(slug: string): Promise<FaqArticle> {
  const response = await apiClient.get<unknown>(
    `/support/faq/articles/${encodeURIComponent(slug)}`,
  );
  return answerSchema.parse(response.data).data;
}

export const faqArticleQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [...faqQueryKey(), 'article', slug],
    queryFn: () => getFaqArticle(slug),
    // Asked once per visit of the page: each request counts a view.
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });

/** Called when an article is opened: counts the view, and answers its latest vote counts. */
export function useFaqArticle(slug: string) {
  return useQuery(faqArticleQueryOptions(slug));
}
