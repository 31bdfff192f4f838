import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayPalPayment } from '@crimsonhost/shared/paypal';
import { apiClient } from '../../../lib/api-client';
import { notePayPalPayment, paypalPaymentResponseSchema } from './get-paypal-order';

/**
 * POST /api/wallet/paypal/orders/:orderId/cancel: a payment still waiting for the buyer's approval
 * is CANCELLED; one already approved or captured answers its state unchanged.
 */
export async function cancelPayPalOrder(orderId: string): Promise<PayPalPayment> {
  const response = await apiClient.post<unknown>(
    `/wallet/paypal/orders/${encodeURIComponent(orderId)}/cancel`,
  );
  return paypalPaymentResponseSchema.parse(response.data).data;
}

export function useCancelPayPalOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPayPalOrder,
    onSuccess: (payment) => notePayPalPayment(queryClient, payment),
  });
}
