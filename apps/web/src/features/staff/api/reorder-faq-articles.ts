import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FaqEditorCategory } from '@crimsonhost/shared/support-desk';
import { apiClient } from '../../../lib/api-client';
import { faqEditorQueryOptions } from './get-faq-editor';

export interface ReorderFaqArticlesInput {
  categoryId: string;
  /** Every article id of the category, in the new order. */
  ids: string[];
}

/** POST /api/admin/support/faq/categories/:id/articles/reorder (204). */
export async function reorderFaqArticles({ categoryId, ids }: ReorderFaqArticlesInput) {
  await apiClient.post(
    `/admin/support/faq/categories/${encodeURIComponent(categoryId)}/articles/reorder`,
    { ids },
  );
}

/** Shows the new order at once; puts the old one back if the API refuses it. */
export function useReorderFaqArticles() {
  const queryClient = useQueryClient();
  const { queryKey } = faqEditorQueryOptions();
  return useMutation({
    mutationFn: reorderFaqArticles,
    onMutate: async ({ categoryId, ids }) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (categories) =>
        categories?.map((category) =>
          category.id === categoryId ? withArticlesInOrder(category, ids) : category,
        ),
      );
      return { before };
    },
    onError: (_error, _input, context) => queryClient.setQueryData(queryKey, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

function withArticlesInOrder(category: FaqEditorCategory, ids: string[]): FaqEditorCategory {
  const byId = new Map(category.articles.map((article) => [article.id, article]));
  return { ...category, articles: ids.flatMap((id) => byId.get(id) ?? []) };
}
