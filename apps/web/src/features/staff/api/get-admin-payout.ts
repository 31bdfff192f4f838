import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { adminPayoutSchema, type AdminPayout } from '@crimsonhost/shared/vendor-payouts';
import { apiClient } from '../../../lib/api-client';
import { adminPayoutsQueryKey } from './get-admin-payouts';
import { adminVendorQueryOptions } from './get-admin-vendor';
import { auditLogQueryKey } from './get-audit-log';
import { ledgerQueryKey } from './get-ledger-accounts';
import { STAFF_QUERY_KEY } from './staff-query-key';

/** The answer of a read of a payout and of every action on it: the payout as it is now. */
export const adminPayoutAnswerSchema = dataEnvelope(adminPayoutSchema);

export const adminPayoutPath = (id: string) => `/admin/payouts/${encodeURIComponent(id)}`;

/**
 * A payout whose transaction is confirming turns PAID on its own (the API's payout job reads the
 * chain every few seconds): its page asks again this often until then.
 */
export const CONFIRMING_REFRESH_MS = 5000;

/** GET /api/admin/payouts/:id: one vendor payout. */
export async function getAdminPayout(id: string): Promise<AdminPayout> {
  const response = await apiClient.get<unknown>(adminPayoutPath(id));
  return adminPayoutAnswerSchema.parse(response.data).data;
}

/** Every payout's key starts here. */
export const adminPayoutQueryKey = () => [...STAFF_QUERY_KEY, 'payout'] as const;

export const adminPayoutQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminPayoutQueryKey(), id],
    queryFn: () => getAdminPayout(id),
    refetchInterval: (query) =>
      query.state.data?.status === 'SUBMITTED' ? CONFIRMING_REFRESH_MS : false,
  });

export function useAdminPayout(id: string) {
  return useQuery(adminPayoutQueryOptions(id));
}

/**
 * After an action answered with the payout: the page shows it at once, and what the action moved
 * asks again (the payouts list, the vendor's balances, the ledger, the audit log).
 */
export async function storeAdminPayout(queryClient: QueryClient, payout: AdminPayout) {
  queryClient.setQueryData(adminPayoutQueryOptions(payout.id).queryKey, payout);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminPayoutsQueryKey() }),
    queryClient.invalidateQueries({ queryKey: adminVendorQueryOptions(payout.vendor.id).queryKey }),
    queryClient.invalidateQueries({ queryKey: ledgerQueryKey() }),
    queryClient.invalidateQueries({ queryKey: auditLogQueryKey() }),
  ]);
}

/** After a refusal that says the payout changed meanwhile: the page and the list read it again. */
export async function refreshAdminPayout(queryClient: QueryClient, id: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminPayoutQueryOptions(id).queryKey }),
    queryClient.invalidateQueries({ queryKey: adminPayoutsQueryKey() }),
  ]);
}
