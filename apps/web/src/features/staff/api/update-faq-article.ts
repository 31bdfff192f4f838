import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { faqArticleStatsSchema, type FaqArticleStats } from '@crimsonhost/shared/support-desk';
import { apiClient } from '../../../lib/api-client';
import type { FaqArticleRequest } from './create-faq-article';
import { faqEditorQueryOptions } from './get-faq-editor';

const answerSchema = dataEnvelope(faqArticleStatsSchema);

/** PUT /api/admin/support/faq/articles/:id: the whole article; also publishes and unpublishes. */
export async function updateFaqArticle({
  id,
  ...body
}: FaqArticleRequest & { id: string }): Promise<FaqArticleStats> {
  const response = await apiClient.put<unknown>(
    `/admin/support/faq/articles/${encodeURIComponent(id)}`,
    body,
  );
  return answerSchema.parse(response.data).data;
}

export function useUpdateFaqArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFaqArticle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faqEditorQueryOptions().queryKey }),
  });
}
