import type { VendorListingDetail, VendorListingInput } from '@crimsonhost/shared/vendor-listings';
import { apiClient } from '../../../lib/api-client';
import { readListingAnswer, useListingChange, vendorListingPath } from './get-vendor-listing';

/**
 * PUT /api/vendor/listings/:id (vendor role): the listing as saved. A new game, host or query
 * port takes it back to CHECKING; 409 LISTING_RENTED refuses that while it is rented. 400
 * VALIDATION_ERROR and 403 VENDOR_NOT_ACTIVE as on create.
 */
export async function updateVendorListing({
  id,
  input,
}: {
  id: string;
  input: VendorListingInput;
}): Promise<VendorListingDetail> {
  const response = await apiClient.put<unknown>(vendorListingPath(id), input);
  return readListingAnswer(response.data);
}

export const useUpdateVendorListing = () => useListingChange(updateVendorListing);
