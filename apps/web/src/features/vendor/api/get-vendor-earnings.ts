import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { vendorEarningsSchema, type VendorEarnings } from '@crimsonhost/shared/vendors';
import { apiClient } from '../../../lib/api-client';
import { vendorAccountQueryKey } from './vendor-query-keys';

const answerSchema = dataEnvelope(vendorEarningsSchema);

/** The earnings and their movements start here: what changes the money refreshes both. */
export const vendorEarningsQueryKey = () => [...vendorAccountQueryKey(), 'earnings'] as const;

/**
 * GET /api/vendor/earnings (vendor role): my money by state from the ledger, the pending shares
 * with the day each becomes available, and the commission rate of new rentals.
 */
export async function getVendorEarnings(): Promise<VendorEarnings> {
  const response = await apiClient.get<unknown>('/vendor/earnings');
  return answerSchema.parse(response.data).data;
}

export const vendorEarningsQueryOptions = () =>
  queryOptions({
    queryKey: [...vendorEarningsQueryKey(), 'balances'],
    queryFn: getVendorEarnings,
  });

export function useVendorEarnings() {
  return useQuery(vendorEarningsQueryOptions());
}
