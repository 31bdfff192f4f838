import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { cannedReplySchema, type CannedReply } from '@crimsonhost/shared/support-desk';
import { apiClient } from '../../../lib/api-client';
import { STAFF_QUERY_KEY } from './staff-query-key';

const answerSchema = dataEnvelope(z.array(cannedReplySchema));

/** GET /api/admin/support/canned-replies: the replies agents use again and again. */
export async function getCannedReplies(): Promise<CannedReply[]> {
  const response = await apiClient.get<unknown>('/admin/support/canned-replies');
  return answerSchema.parse(response.data).data;
}

export const cannedRepliesQueryOptions = () =>
  queryOptions({ queryKey: [...STAFF_QUERY_KEY, 'canned-replies'], queryFn: getCannedReplies });

export function useCannedReplies() {
  return useQuery(cannedRepliesQueryOptions());
}
