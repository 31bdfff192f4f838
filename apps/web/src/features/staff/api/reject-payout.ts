import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPayout, PayoutRejectRequest } from '@crimsonhost/shared/vendor-payouts';
import { apiClient, toApiError } from '../../../lib/api-client';
import {
  adminPayoutAnswerSchema,
  adminPayoutPath,
  refreshAdminPayout,
  storeAdminPayout,
} from './get-admin-payout';

type PayoutRejection = PayoutRejectRequest & { payoutId: string };

/**
 * POST /api/admin/payouts/:id/reject (admin only): a payout nobody has sent is REJECTED with a
 * reason (told to the vendor); its money is available to the vendor again. 409 when it is no
 * longer waiting to be sent.
 */
export async function rejectPayout({ payoutId, ...body }: PayoutRejection): Promise<AdminPayout> {
  const response = await apiClient.post<unknown>(`${adminPayoutPath(payoutId)}/reject`, body);
  return adminPayoutAnswerSchema.parse(response.data).data;
}

export function useRejectPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectPayout,
    onSuccess: (payout) => storeAdminPayout(queryClient, payout),
    onError: (error, { payoutId }) => {
      // Sent or cancelled meanwhile: the page reads the payout again.
      if (toApiError(error).status === 409) void refreshAdminPayout(queryClient, payoutId);
    },
  });
}
