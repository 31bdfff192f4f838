import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { depositConfigSchema, type DepositConfig } from '@crimsonhost/shared/wallet';
import { apiClient } from '../../../lib/api-client';

const depositConfigResponseSchema = dataEnvelope(depositConfigSchema);

/**
 * Staff change it in the staff area's Settings (effective at once): an open dialog reuses it for
 * this long, and each opening of the dialog reads it again (showing what it had meanwhile).
 */
const DEPOSIT_CONFIG_STALE_MS = 5 * 60_000;

/** GET /api/wallet/deposit-config (public): minimum, maximum and the networks on offer. */
export async function getDepositConfig(): Promise<DepositConfig> {
  const response = await apiClient.get<unknown>('/wallet/deposit-config');
  return depositConfigResponseSchema.parse(response.data).data;
}

export const depositConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['wallet', 'deposit-config'],
    queryFn: getDepositConfig,
    staleTime: DEPOSIT_CONFIG_STALE_MS,
  });

export function useDepositConfig() {
  return useQuery({ ...depositConfigQueryOptions(), refetchOnMount: 'always' });
}
