import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  faqArticleStatsSchema,
  type FaqArticleStats,
  type faqArticleRequestSchema,
} from '@crimsonhost/shared/support-desk';
import { apiClient } from '../../../lib/api-client';
import { faqEditorQueryOptions } from './get-faq-editor';

export type FaqArticleRequest = z.input<typeof faqArticleRequestSchema>;

const answerSchema = dataEnvelope(faqArticleStatsSchema);

/** POST /api/admin/support/faq/articles: a new article, last in its category. */
export async function createFaqArticle(body: FaqArticleRequest): Promise<FaqArticleStats> {
  const response = await apiClient.post<unknown>('/admin/support/faq/articles', body);
  return answerSchema.parse(response.data).data;
}

export function useCreateFaqArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFaqArticle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faqEditorQueryOptions().queryKey }),
  });
}
