import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  vendorListingsResponseSchema,
  type VendorListing,
} from '@crimsonhost/shared/vendor-listings';
import { apiClient } from '../../../lib/api-client';
import { vendorListingsQueryKey } from './vendor-query-keys';

/** GET /api/vendor/listings (vendor role): my listings, newest first, with state and status. */
export async function getVendorListings(): Promise<VendorListing[]> {
  const response = await apiClient.get<unknown>('/vendor/listings');
  return vendorListingsResponseSchema.parse(response.data).data;
}

export const vendorListingsQueryOptions = () =>
  queryOptions({
    queryKey: [...vendorListingsQueryKey(), 'list'],
    queryFn: getVendorListings,
  });

export function useVendorListings() {
  return useQuery(vendorListingsQueryOptions());
}
