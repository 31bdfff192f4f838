import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VendorListing } from '@crimsonhost/shared/vendor-listings';
import { apiClient } from '../../../lib/api-client';
import { vendorListingPath } from './get-vendor-listing';
import { vendorListingsQueryOptions } from './get-vendor-listings';

/** DELETE /api/vendor/listings/:id (vendor role): 204. 409 LISTING_RENTED while it is rented. */
export async function deleteVendorListing(id: string): Promise<void> {
  await apiClient.delete(vendorListingPath(id));
}

export function useDeleteVendorListing() {
  const queryClient = useQueryClient();
  const list = vendorListingsQueryOptions().queryKey;
  return useMutation({
    mutationFn: deleteVendorListing,
    onSuccess: (_answer, id) => {
      // Gone from the list at once, then the list is read again.
      queryClient.setQueryData<VendorListing[]>(list, (listings) =>
        listings?.filter((listing) => listing.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: list });
    },
  });
}
