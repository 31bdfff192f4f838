import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FaqEditorCategory } from '@crimsonhost/shared/support-desk';
import { apiClient } from '../../../lib/api-client';
import { faqEditorQueryOptions } from './get-faq-editor';

/** POST /api/admin/support/faq/categories/reorder: every category's id, in the new order (204). */
export async function reorderFaqCategories(ids: string[]): Promise<void> {
  await apiClient.post('/admin/support/faq/categories/reorder', { ids });
}

/** Shows the new order at once; puts the old one back if the API refuses it. */
export function useReorderFaqCategories() {
  const queryClient = useQueryClient();
  const { queryKey } = faqEditorQueryOptions();
  return useMutation({
    mutationFn: reorderFaqCategories,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (categories) =>
        categories ? inOrder(categories, ids) : categories,
      );
      return { before };
    },
    onError: (_error, _ids, context) => queryClient.setQueryData(queryKey, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

function inOrder(categories: FaqEditorCategory[], ids: string[]): FaqEditorCategory[] {
  const byId = new Map(categories.map((category) => [category.id, category]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
