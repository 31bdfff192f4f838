import type { VendorListingDetail } from '@crimsonhost/shared/vendor-listings';
import { apiClient } from '../../../lib/api-client';
import { readListingAnswer, useListingChange, vendorListingPath } from './get-vendor-listing';

/**
 * PUT /api/vendor/listings/:id/image (vendor role): the file itself as the raw body. The API
 * judges it by its bytes (PNG, JPEG or WebP), shrinks it and serves it from the app. 415
 * IMAGE_REFUSED, 413 FILE_TOO_LARGE and 400 EMPTY_FILE say why a file was refused.
 */
export async function setVendorListingImage({
  id,
  file,
}: {
  id: string;
  file: Blob;
}): Promise<VendorListingDetail> {
  const response = await apiClient.put<unknown>(vendorListingPath(id, 'image'), file, {
    headers: { 'Content-Type': 'application/octet-stream' },
    timeout: 120_000,
  });
  return readListingAnswer(response.data);
}

export const useSetVendorListingImage = () => useListingChange(setVendorListingImage);
