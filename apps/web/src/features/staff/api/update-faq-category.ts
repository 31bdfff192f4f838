import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { faqEditorCategorySchema, type FaqEditorCategory } from '@crimsonhost/shared/support-desk';
import { apiClient } from '../../../lib/api-client';
import type { FaqCategoryRequest } from './create-faq-category';
import { faqEditorQueryOptions } from './get-faq-editor';

const answerSchema = dataEnvelope(faqEditorCategorySchema);

/** PUT /api/admin/support/faq/categories/:id: rename a category (name and slug). */
export async function updateFaqCategory({
  id,
  ...body
}: FaqCategoryRequest & { id: string }): Promise<FaqEditorCategory> {
  const response = await apiClient.put<unknown>(
    `/admin/support/faq/categories/${encodeURIComponent(id)}`,
    body,
  );
  return answerSchema.parse(response.data).data;
}

export function useUpdateFaqCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFaqCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faqEditorQueryOptions().queryKey }),
  });
}
