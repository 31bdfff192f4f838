import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayPalPayment } from '@crimsonhost/shared/paypal';
import { apiClient } from '../../../lib/api-client';
import { notePayPalPayment, paypalPaymentResponseSchema } from './get-paypal-order';

/**
 * POST /api/wallet/paypal/orders/:orderId/capture: the server captures the approved payment and
 * answers where it stands (COMPLETED and credited, PENDING at PayPal, or FAILED with the reason).
 * Asking again is safe: it answers the current state.
 */
export async function capturePayPalOrder(orderId: string): Promise<PayPalPayment> {
  const response = await apiClient.post<unknown>(
    `/wallet/paypal/orders/${encodeURIComponent(orderId)}/capture`,
  );
  return paypalPaymentResponseSchema.parse(response.data).data;
}

export function useCapturePayPalOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: capturePayPalOrder,
    onSuccess: (payment) => notePayPalPayment(queryClient, payment),
  });
}
