import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPayPalDetail, AdminPayPalRefundRequest } from '@crimsonhost/shared/admin-paypal';
import { apiClient, toApiError } from '../../../lib/api-client';
import {
  adminPayPalAnswerSchema,
  adminPayPalPaymentPath,
  adminPayPalPaymentQueryOptions,
  storeAdminPayPalPayment,
} from './get-admin-paypal-payment';

export interface RefundPayPalPayment extends AdminPayPalRefundRequest {
  transactionId: string;
  /** One per attempt of the admin, the same when that attempt is sent again. */
  idempotencyKey: string;
}

/**
 * POST /api/admin/paypal/payments/:transactionId/refunds (admin only): PayPal gives the buyer
 * `amount` (all that is left without it) back, and the renter's wallet gives up its share of it
 * through the ledger. Refused while that share is spent (PAYPAL_REFUND_SPENT), for a payment that
 * is not completed (PAYPAL_NOT_REFUNDABLE), or by PayPal itself (PAYPAL_REFUSED, 502).
 */
export async function refundPayPalPayment({
  transactionId,
  idempotencyKey,
  ...body
}: RefundPayPalPayment): Promise<AdminPayPalDetail> {
  const response = await apiClient.post<unknown>(
    `${adminPayPalPaymentPath(transactionId)}/refunds`,
    body,
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
  return adminPayPalAnswerSchema.parse(response.data).data;
}

export function useRefundPayPalPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayPalPayment,
    onSuccess: (payment) => storeAdminPayPalPayment(queryClient, payment),
    onError: (error, { transactionId }) => {
      // Refunded meanwhile, no longer refundable, or the wallet spent: the page reads it again.
      if (toApiError(error).status === 409) {
        void queryClient.invalidateQueries({
          queryKey: adminPayPalPaymentQueryOptions(transactionId).queryKey,
        });
      }
    },
  });
}
