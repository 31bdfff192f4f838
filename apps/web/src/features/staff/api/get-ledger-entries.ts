import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ledgerEntriesPageSchema,
  type LedgerEntriesPage,
  type LedgerEntriesQuery,
} from '@crimsonhost/shared/ledger-admin';
import { apiClient } from '../../../lib/api-client';
import { ledgerQueryKey } from './get-ledger-accounts';

/** GET /api/admin/ledger/accounts/:id/entries: one page of an account's entries, newest first. */
export async function getLedgerEntries(
  accountId: string,
  query: LedgerEntriesQuery,
): Promise<LedgerEntriesPage> {
  const response = await apiClient.get<unknown>(
    `/admin/ledger/accounts/${encodeURIComponent(accountId)}/entries`,
    { params: { page: query.page, pageSize: query.pageSize, after: query.after } },
  );
  return ledgerEntriesPageSchema.parse(response.data);
}

export const ledgerEntriesQueryOptions = (accountId: string, query: LedgerEntriesQuery) =>
  queryOptions({
    queryKey: [...ledgerQueryKey(), 'entries', accountId, query],
    queryFn: () => getLedgerEntries(accountId, query),
    placeholderData: keepPreviousData,
  });

export function useLedgerEntries(accountId: string | null, query: LedgerEntriesQuery) {
  return useQuery({
    ...ledgerEntriesQueryOptions(accountId ?? '', query),
    enabled: accountId !== null,
  });
}
