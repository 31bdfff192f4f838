import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  paypalReconciliationSchema,
  type PayPalReconciliation,
} from '@crimsonhost/shared/admin-paypal';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { apiClient } from '../../../lib/api-client';
import { STAFF_QUERY_KEY } from './staff-query-key';

/**
 * GET /api/admin/paypal/reconciliation: what disagrees with the ledger or waits too long, the
 * accounts that owe after a payment was taken back, the open disputes and PayPal clearing. It
 * only reads, so every visit asks again.
 */
export async function getPayPalReconciliation(): Promise<PayPalReconciliation> {
  const response = await apiClient.get<unknown>('/admin/paypal/reconciliation');
  return dataEnvelope(paypalReconciliationSchema).parse(response.data).data;
}

export const paypalReconciliationQueryKey = () =>
  [...STAFF_QUERY_KEY, 'paypal-reconciliation'] as const;

export const paypalReconciliationQueryOptions = () =>
  queryOptions({
    queryKey: paypalReconciliationQueryKey(),
    queryFn: getPayPalReconciliation,
  });

export function usePayPalReconciliation() {
  return useQuery(paypalReconciliationQueryOptions());
}
