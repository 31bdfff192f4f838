import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  ledgerTransactionDetailSchema,
  type LedgerTransactionDetail,
} from '@crimsonhost/shared/ledger-admin';
import { apiClient } from '../../../lib/api-client';
import { ledgerQueryKey } from './get-ledger-accounts';

/** GET /api/admin/ledger/transactions/:id: a ledger transaction with its entries and links. */
export async function getLedgerTransaction(id: string): Promise<LedgerTransactionDetail> {
  const response = await apiClient.get<unknown>(
    `/admin/ledger/transactions/${encodeURIComponent(id)}`,
  );
  return dataEnvelope(ledgerTransactionDetailSchema).parse(response.data).data;
}

export const ledgerTransactionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ledgerQueryKey(), 'transaction', id],
    queryFn: () => getLedgerTransaction(id),
  });

export function useLedgerTransaction(id: string | null) {
  return useQuery({ ...ledgerTransactionQueryOptions(id ?? ''), enabled: id !== null });
}
