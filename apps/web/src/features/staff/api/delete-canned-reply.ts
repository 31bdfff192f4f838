import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { cannedRepliesQueryOptions } from './get-canned-replies';

/** DELETE /api/admin/support/canned-replies/:id (204). */
export async function deleteCannedReply(id: string): Promise<void> {
  await apiClient.delete(`/admin/support/canned-replies/${encodeURIComponent(id)}`);
}

export function useDeleteCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCannedReply,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: cannedRepliesQueryOptions().queryKey }),
  });
}
