import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { faqArticleSchema, type FaqArticle } from '@crimsonhost/shared/support';
import { apiClient } from '../../../lib/api-client';
import { faqArticleQueryOptions } from './get-faq-article';

const answerSchema = dataEnvelope(faqArticleSchema);

export interface VoteInput {
  id: string;
  helpful: boolean;
}

/** POST /api/support/faq/articles/:id/votes: "Was this helpful?" (429 when abused). */
export async function voteFaqArticle({ id, helpful }: VoteInput): Promise<FaqArticle> {
  const response = await apiClient.post<unknown>(
    `/support/faq/articles/${encodeURIComponent(id)}/votes`,
    { helpful },
  );
  return answerSchema.parse(response.data).data;
}

export function useVoteFaqArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voteFaqArticle,
    onSuccess: (article) =>
      queryClient.setQueryData(faqArticleQueryOptions(article.slug).queryKey, article),
  });
}
