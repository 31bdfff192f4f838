import type { VendorListingDetail, VendorListingInput } from '@crimsonhost/shared/vendor-listings';
import { apiClient } from '../../../lib/api-client';
import { readListingAnswer, useListingChange } from './get-vendor-listing';

/**
 * POST /api/vendor/listings (vendor role): 201 with the new listing, CHECKING until its game
 * server answers. 400 VALIDATION_ERROR names the fields (another listing on the same address and
 * query port, an unknown region); 403 VENDOR_NOT_ACTIVE for a suspended vendor.
 */
export async function createVendorListing(input: VendorListingInput): Promise<VendorListingDetail> {
  const response = await apiClient.post<unknown>('/vendor/listings', input);
  return readListingAnswer(response.data);
}

export const useCreateVendorListing = () => useListingChange(createVendorListing);
