import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { cannedReplySchema, type CannedReply } from '@crimsonhost/shared/support-desk';
import { apiClient } from '../../../lib/api-client';
import type { CannedReplyRequest } from './create-canned-reply';
import { cannedRepliesQueryOptions } from './get-canned-replies';

const answerSchema = dataEnvelope(cannedReplySchema);

/** PUT /api/admin/support/canned-replies/:id: the whole reply, as edited. */
export async function updateCannedReply({
  id,
  ...body
}: CannedReplyRequest & { id: string }): Promise<CannedReply> {
  const response = await apiClient.put<unknown>(
    `/admin/support/canned-replies/${encodeURIComponent(id)}`,
    body,
  );
  return answerSchema.parse(response.data).data;
}

export function useUpdateCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCannedReply,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: cannedRepliesQueryOptions().queryKey }),
  });
}
