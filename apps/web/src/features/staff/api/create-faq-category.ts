import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  faqEditorCategorySchema,
  type FaqEditorCategory,
  type faqCategoryRequestSchema,
} from '@crimsonhost/shared/support-desk';
import { apiClient } from '../../../lib/api-client';
import { faqEditorQueryOptions } from './get-faq-editor';

export type FaqCategoryRequest = z.input<typeof faqCategoryRequestSchema>;

const answerSchema = dataEnvelope(faqEditorCategorySchema);

/** POST /api/admin/support/faq/categories: a new category, last in order. */
export async function createFaqCategory(body: FaqCategoryRequest): Promise<FaqEditorCategory> {
  const response = await apiClient.post<unknown>('/admin/support/faq/categories', body);
  return answerSchema.parse(response.data).data;
}

export function useCreateFaqCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFaqCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faqEditorQueryOptions().queryKey }),
  });
}
