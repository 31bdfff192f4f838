import { useMutation } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { paypalPaymentSchema, type PayPalPayment } from '@crimsonhost/shared/paypal';
import { apiClient } from '../../../lib/api-client';

const paypalPaymentResponseSchema = dataEnvelope(paypalPaymentSchema);

export interface CreatePayPalOrderInput {
  /** The amount in the PayPal currency as typed: '20', '20.50'. The server computes the rest. */
  amount: string;
  /** One per attempt: a retry of the same attempt replays the first order, never a second one. */
  idempotencyKey: string;
}

/**
 * POST /api/wallet/paypal/orders: a PayPal order for this amount, with its pending wallet
 * transaction. Answers the payment with `approveUrl`, PayPal's page where the buyer approves it.
 */
export async function createPayPalOrder({
  amount,
  idempotencyKey,
}: CreatePayPalOrderInput): Promise<PayPalPayment> {
  const response = await apiClient.post<unknown>(
    '/wallet/paypal/orders',
    { amount },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
  return paypalPaymentResponseSchema.parse(response.data).data;
}

/** The dialog keeps the method while an order is being made. */
export const CREATE_PAYPAL_ORDER_KEY = ['create-paypal-order'] as const;

export function useCreatePayPalOrder() {
  return useMutation({ mutationKey: CREATE_PAYPAL_ORDER_KEY, mutationFn: createPayPalOrder });
}
