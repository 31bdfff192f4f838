import type { VendorListingDetail } from '@crimsonhost/shared/vendor-listings';
import { apiClient } from '../../../lib/api-client';
import { readListingAnswer, useListingChange, vendorListingPath } from './get-vendor-listing';

/** DELETE /api/vendor/listings/:id/image (vendor role): the listing, now without an image. */
export async function removeVendorListingImage(id: string): Promise<VendorListingDetail> {
  const response = await apiClient.delete<unknown>(vendorListingPath(id, 'image'));
  return readListingAnswer(response.data);
}

export const useRemoveVendorListingImage = () => useListingChange(removeVendorListingImage);
