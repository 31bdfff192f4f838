import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  paypalPaymentSchema,
  type PayPalPayment,
  type PayPalPaymentState,
} from '@crimsonhost/shared/paypal';
import { apiClient } from '../../../lib/api-client';
import { TRANSACTIONS_QUERY_KEY } from '../../../lib/wallet/get-transactions';
import { walletQueryOptions } from '../../../lib/wallet/get-wallet';
import { WALLET_QUERY_KEY } from '../../../lib/wallet/wallet-query-keys';
import { transactionQueryOptions } from './get-transaction';

export const paypalPaymentResponseSchema = dataEnvelope(paypalPaymentSchema);

/** How often a page that waits for PayPal to settle a payment asks where it stands. */
export const PAYPAL_ORDER_POLL_MS = 5000;

/**
 * Approved but not captured yet, or captured and held by PayPal: the payment still moves on its
 * own (the server captures it, PayPal completes or denies it), so a page showing it asks again.
 */
export function paypalPaymentMoving(state: PayPalPaymentState): boolean {
  return state === 'APPROVED' || state === 'PENDING';
}

/** GET /api/wallet/paypal/orders/:orderId: one of my PayPal payments as it stands. */
export async function getPayPalOrder(orderId: string): Promise<PayPalPayment> {
  const response = await apiClient.get<unknown>(
    `/wallet/paypal/orders/${encodeURIComponent(orderId)}`,
  );
  return paypalPaymentResponseSchema.parse(response.data).data;
}

/**
 * Asked again every 5 seconds while the payment moves. An answer already at hand (the capture's)
 * counts as fresh for that long, so the first question comes one interval after it.
 */
export const paypalOrderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: [...WALLET_QUERY_KEY, 'paypal-order', orderId],
    queryFn: () => getPayPalOrder(orderId),
    staleTime: PAYPAL_ORDER_POLL_MS,
    refetchInterval: (query) => {
      const payment = query.state.data;
      return payment && paypalPaymentMoving(payment.state) ? PAYPAL_ORDER_POLL_MS : false;
    },
    // Each poll is its own try; a failed one leaves the last answer shown and the next comes on schedule.
    retry: false,
  });

export function usePayPalOrder(orderId: string, enabled: boolean) {
  return useQuery({ ...paypalOrderQueryOptions(orderId), enabled });
}

/**
 * A PayPal payment moved (captured, completed, cancelled): the balances, the lists and its
 * transaction's view are asked again, and the payment itself is known as answered.
 */
export function notePayPalPayment(queryClient: QueryClient, payment: PayPalPayment): void {
  if (payment.orderId) {
    queryClient.setQueryData(paypalOrderQueryOptions(payment.orderId).queryKey, payment);
  }
  void queryClient.invalidateQueries({ queryKey: walletQueryOptions().queryKey });
  void queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY });
  void queryClient.invalidateQueries({
    queryKey: transactionQueryOptions(payment.transactionId).queryKey,
  });
}
