import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDepositDetail, CreditTransferRequest } from '@crimsonhost/shared/admin-deposits';
import { apiClient, toApiError } from '../../../lib/api-client';
import {
  adminDepositAnswerSchema,
  adminDepositPath,
  adminDepositQueryOptions,
  storeAdminDeposit,
} from './get-admin-deposit';

interface CreditTransfer extends CreditTransferRequest {
  depositId: string;
  transferId: string;
}

/**
 * POST /api/admin/deposits/:id/transfers/:transferId/credit (admin only): a confirmed payment the
 * watcher could not match goes into the owner's wallet through the ledger, once. ALREADY_CREDITED
 * when it was, NOT_CREDITABLE when it may not be (not yet confirmed).
 */
export async function creditTransfer({
  depositId,
  transferId,
  ...body
}: CreditTransfer): Promise<AdminDepositDetail> {
  const response = await apiClient.post<unknown>(
    `${adminDepositPath(depositId)}/transfers/${encodeURIComponent(transferId)}/credit`,
    body,
  );
  return adminDepositAnswerSchema.parse(response.data).data;
}

export function useCreditTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: creditTransfer,
    onSuccess: (deposit) => storeAdminDeposit(queryClient, deposit),
    onError: (error, { depositId }) => {
      // Credited meanwhile, or no longer creditable: the page reads the deposit again.
      if (toApiError(error).status === 409) {
        void queryClient.invalidateQueries({
          queryKey: adminDepositQueryOptions(depositId).queryKey,
        });
      }
    },
  });
}
