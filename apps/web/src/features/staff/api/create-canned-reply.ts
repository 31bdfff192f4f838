import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  cannedReplySchema,
  type CannedReply,
  type cannedReplyRequestSchema,
} from '@crimsonhost/shared/support-desk';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { cannedRepliesQueryOptions } from './get-canned-replies';

export type CannedReplyRequest = z.input<typeof cannedReplyRequestSchema>;

const answerSchema = dataEnvelope(cannedReplySchema);

/** POST /api/admin/support/canned-replies. */
export async function createCannedReply(body: CannedReplyRequest): Promise<CannedReply> {
  const response = await apiClient.post<unknown>('/admin/support/canned-replies', body);
  return answerSchema.parse(response.data).data;
}

export function useCreateCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCannedReply,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: cannedRepliesQueryOptions().queryKey }),
  });
}
