import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { ledgerAccountsSchema, type LedgerAccounts } from '@crimsonhost/shared/ledger-admin';
import { apiClient } from '../../../lib/api-client';
import { STAFF_QUERY_KEY } from './staff-query-key';

/** Every query of the Money section starts here. */
export const ledgerQueryKey = () => [...STAFF_QUERY_KEY, 'ledger'] as const;

/** GET /api/admin/ledger/accounts: the platform's accounts with balances, and the users' totals. */
export async function getLedgerAccounts(): Promise<LedgerAccounts> {
  const response = await apiClient.get<unknown>('/admin/ledger/accounts');
  return dataEnvelope(ledgerAccountsSchema).parse(response.data).data;
}

export const ledgerAccountsQueryOptions = () =>
  queryOptions({
    queryKey: [...ledgerQueryKey(), 'accounts'],
    queryFn: getLedgerAccounts,
  });

export function useLedgerAccounts() {
  return useQuery(ledgerAccountsQueryOptions());
}
