import type { VendorListingDetail } from '@crimsonhost/shared/vendor-listings';
import { apiClient } from '../../../lib/api-client';
import { readListingAnswer, useListingChange, vendorListingPath } from './get-vendor-listing';

/**
 * POST /api/vendor/listings/:id/pause or /resume (vendor role): a paused listing stays in the
 * catalog in maintenance and cannot be rented. 409 LISTING_RENTED refuses a pause while rented.
 */
export async function setVendorListingPaused({
  id,
  paused,
}: {
  id: string;
  paused: boolean;
}): Promise<VendorListingDetail> {
  const response = await apiClient.post<unknown>(
    vendorListingPath(id, paused ? 'pause' : 'resume'),
  );
  return readListingAnswer(response.data);
}

export const useSetVendorListingPaused = () => useListingChange(setVendorListingPaused);
