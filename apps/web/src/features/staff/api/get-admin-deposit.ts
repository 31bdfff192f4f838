import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  adminDepositDetailSchema,
  type AdminDepositDetail,
} from '@crimsonhost/shared/admin-deposits';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { apiClient } from '../../../lib/api-client';
import { adminDepositsQueryKey } from './get-admin-deposits';
import { adminUserQueryOptions } from './get-admin-user';
import { adminUsersQueryKey } from './get-admin-users';
import { auditLogQueryKey } from './get-audit-log';
import { ledgerQueryKey } from './get-ledger-accounts';
import { STAFF_QUERY_KEY } from './staff-query-key';

/** The answer of a read of a deposit and of every action on it: the deposit as it is now. */
export const adminDepositAnswerSchema = dataEnvelope(adminDepositDetailSchema);

export const adminDepositPath = (id: string) => `/admin/deposits/${encodeURIComponent(id)}`;

/** GET /api/admin/deposits/:id: the deposit with every chain transfer seen at its address. */
export async function getAdminDeposit(id: string): Promise<AdminDepositDetail> {
  const response = await apiClient.get<unknown>(adminDepositPath(id));
  return adminDepositAnswerSchema.parse(response.data).data;
}

/** Every deposit's key starts here. */
export const adminDepositQueryKey = () => [...STAFF_QUERY_KEY, 'deposit'] as const;

export const adminDepositQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminDepositQueryKey(), id],
    queryFn: () => getAdminDeposit(id),
  });

export function useAdminDeposit(id: string) {
  return useQuery(adminDepositQueryOptions(id));
}

/**
 * After an action answered with the deposit: the page shows it at once, and what the credit
 * moved asks again (the deposits list, the owner's account and wallet, the ledger, the audit log).
 */
export async function storeAdminDeposit(queryClient: QueryClient, deposit: AdminDepositDetail) {
  queryClient.setQueryData(adminDepositQueryOptions(deposit.id).queryKey, deposit);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminDepositsQueryKey() }),
    queryClient.invalidateQueries({ queryKey: adminUserQueryOptions(deposit.user.id).queryKey }),
    queryClient.invalidateQueries({ queryKey: adminUsersQueryKey() }),
    queryClient.invalidateQueries({ queryKey: ledgerQueryKey() }),
    queryClient.invalidateQueries({ queryKey: auditLogQueryKey() }),
  ]);
}
