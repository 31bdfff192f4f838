import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/support/faq/articles/:id/deflections (204): "This answered my question" beside the
 * new-ticket form, a ticket that did not need writing.
 */
export async function deflectFaqArticle(id: string): Promise<void> {
  await apiClient.post(`/support/faq/articles/${encodeURIComponent(id)}/deflections`, {});
}

export function useDeflectFaqArticle() {
  return useMutation({ mutationFn: deflectFaqArticle });
}
