import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { adminPayPalDetailSchema, type AdminPayPalDetail } from '@crimsonhost/shared/admin-paypal';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { apiClient } from '../../../lib/api-client';
import { adminPayPalPaymentsQueryKey } from './get-admin-paypal-payments';
import { adminUserQueryOptions } from './get-admin-user';
import { adminUsersQueryKey } from './get-admin-users';
import { auditLogQueryKey } from './get-audit-log';
import { ledgerQueryKey } from './get-ledger-accounts';
import { paypalReconciliationQueryKey } from './get-paypal-reconciliation';
import { STAFF_QUERY_KEY } from './staff-query-key';

/** The answer of a read of a PayPal payment and of a refund: the payment as it is now. */
export const adminPayPalAnswerSchema = dataEnvelope(adminPayPalDetailSchema);

export const adminPayPalPaymentPath = (transactionId: string) =>
  `/admin/paypal/payments/${encodeURIComponent(transactionId)}`;

/**
 * GET /api/admin/paypal/payments/:transactionId: the payment with what took it back (refunds,
 * reversals, dispute holds), its disputes, and the renter's wallet.
 */
export async function getAdminPayPalPayment(transactionId: string): Promise<AdminPayPalDetail> {
  const response = await apiClient.get<unknown>(adminPayPalPaymentPath(transactionId));
  return adminPayPalAnswerSchema.parse(response.data).data;
}

/** Every PayPal payment's key starts here. */
export const adminPayPalPaymentQueryKey = () => [...STAFF_QUERY_KEY, 'paypal-payment'] as const;

export const adminPayPalPaymentQueryOptions = (transactionId: string) =>
  queryOptions({
    queryKey: [...adminPayPalPaymentQueryKey(), transactionId],
    queryFn: () => getAdminPayPalPayment(transactionId),
  });

export function useAdminPayPalPayment(transactionId: string) {
  return useQuery(adminPayPalPaymentQueryOptions(transactionId));
}

/**
 * After a refund answered with the payment: the page shows it at once, and what the refund moved
 * asks again (the payments, reconciliation, the renter's account, the ledger, the audit log).
 */
export async function storeAdminPayPalPayment(
  queryClient: QueryClient,
  payment: AdminPayPalDetail,
) {
  queryClient.setQueryData(adminPayPalPaymentQueryOptions(payment.transactionId).queryKey, payment);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminPayPalPaymentsQueryKey() }),
    queryClient.invalidateQueries({ queryKey: paypalReconciliationQueryKey() }),
    queryClient.invalidateQueries({ queryKey: adminUserQueryOptions(payment.user.id).queryKey }),
    queryClient.invalidateQueries({ queryKey: adminUsersQueryKey() }),
    queryClient.invalidateQueries({ queryKey: ledgerQueryKey() }),
    queryClient.invalidateQueries({ queryKey: auditLogQueryKey() }),
  ]);
}
