import { useMutation, useQueryClient } from '@tanstack/react-query';
import { disputeResponseSchema, type Dispute } from '@crimsonhost/shared/disputes';
import { apiClient } from '../../../lib/api-client';
import { refreshDesk } from './get-desk-ticket';

/**
 * POST /api/admin/disputes/:id/decline (support and admin): the reason is posted in the ticket,
 * which is resolved, and the held payment goes on to the vendor; 409 DISPUTE_CLOSED once decided.
 */
export async function declineDispute(input: { id: string; reason: string }): Promise<Dispute> {
  const response = await apiClient.post<unknown>(
    `/admin/disputes/${encodeURIComponent(input.id)}/decline`,
    { reason: input.reason },
  );
  return disputeResponseSchema.parse(response.data).data;
}

/** The ticket changed too (a reply, its status): the desk asks again. */
export function useDeclineDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineDispute,
    onSettled: () => refreshDesk(queryClient),
  });
}
