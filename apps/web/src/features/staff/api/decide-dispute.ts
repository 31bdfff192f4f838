import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  disputeResponseSchema,
  type DecideDisputeRequest,
  type Dispute,
} from '@crimsonhost/shared/disputes';
import { apiClient } from '../../../lib/api-client';
import { refreshDesk } from './get-desk-ticket';

/**
 * POST /api/admin/disputes/:id/decide (support and admin): whole hours refunded from the held
 * payment and/or compensation in platform credit; 422 REFUND_TOO_LARGE names the most hours that
 * can be refunded, 409 DISPUTE_CLOSED once decided.
 */
export async function decideDispute(
  input: DecideDisputeRequest & { id: string },
): Promise<Dispute> {
  const { id, ...body } = input;
  const response = await apiClient.post<unknown>(
    `/admin/disputes/${encodeURIComponent(id)}/decide`,
    body,
  );
  return disputeResponseSchema.parse(response.data).data;
}

/** The ticket changed too (a reply, its status): the desk asks again. */
export function useDecideDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideDispute,
    onSettled: () => refreshDesk(queryClient),
  });
}
