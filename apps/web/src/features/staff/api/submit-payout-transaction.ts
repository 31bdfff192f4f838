import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPayout, PayoutTransactionRequest } from '@crimsonhost/shared/vendor-payouts';
import { apiClient, toApiError } from '../../../lib/api-client';
import {
  adminPayoutAnswerSchema,
  adminPayoutPath,
  refreshAdminPayout,
  storeAdminPayout,
} from './get-admin-payout';

type PayoutTransaction = PayoutTransactionRequest & { payoutId: string };

/**
 * POST /api/admin/payouts/:id/transaction (admin only): the hash of the USDT transfer the admin
 * sent from the treasury. The API reads it from the chain at once and answers the payout
 * SUBMITTED (confirming) or PAID. PAYOUT_HASH_MISMATCH (422) says in words why the transaction
 * does not pay this payout, as the field's error; PAYOUT_HASH_USED (409) when it pays another;
 * PAYOUT_NOT_OPEN (409) when the payout is no longer waiting; NETWORK_NOT_WATCHED (409) when
 * the storefront cannot read the network.
 */
export async function submitPayoutTransaction({
  payoutId,
  ...body
}: PayoutTransaction): Promise<AdminPayout> {
  const response = await apiClient.post<unknown>(`${adminPayoutPath(payoutId)}/transaction`, body);
  return adminPayoutAnswerSchema.parse(response.data).data;
}

export function useSubmitPayoutTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitPayoutTransaction,
    onSuccess: (payout) => storeAdminPayout(queryClient, payout),
    onError: (error, { payoutId }) => {
      // Sent, rejected or cancelled meanwhile: the page reads the payout again.
      if (toApiError(error).code === 'PAYOUT_NOT_OPEN')
        void refreshAdminPayout(queryClient, payoutId);
    },
  });
}
