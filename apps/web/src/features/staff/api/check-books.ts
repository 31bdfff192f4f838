import { useMutation } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { ledgerCheckSchema, type LedgerCheck } from '@crimsonhost/shared/ledger-admin';
import { apiClient } from '../../../lib/api-client';

/** POST /api/admin/ledger/check: "Check the books". It only reads; its answer is what it found. */
export async function checkBooks(): Promise<LedgerCheck> {
  const response = await apiClient.post<unknown>('/admin/ledger/check', {});
  return dataEnvelope(ledgerCheckSchema).parse(response.data).data;
}

export function useCheckBooks() {
  return useMutation({ mutationFn: checkBooks });
}
