import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { faqEditorCategorySchema, type FaqEditorCategory } from '@crimsonhost/shared/support-desk';
import { apiClient } from '../../../lib/api-client';
import { STAFF_QUERY_KEY } from './staff-query-key';

const answerSchema = dataEnvelope(z.array(faqEditorCategorySchema));

/**
 * GET /api/admin/support/faq: every category in order with all its articles, published or not,
 * and what readers did with each (views, votes, deflections).
 */
export async function getFaqEditor(): Promise<FaqEditorCategory[]> {
  const response = await apiClient.get<unknown>('/admin/support/faq');
  return answerSchema.parse(response.data).data;
}

export const faqEditorQueryOptions = () =>
  queryOptions({ queryKey: [...STAFF_QUERY_KEY, 'faq'], queryFn: getFaqEditor });

export function useFaqEditor() {
  return useQuery(faqEditorQueryOptions());
}
