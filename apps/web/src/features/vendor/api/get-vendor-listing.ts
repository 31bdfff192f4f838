import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  vendorListingResponseSchema,
  type VendorListingDetail,
} from '@crimsonhost/shared/vendor-listings';
import { apiClient } from '../../../lib/api-client';
import { vendorListingsQueryOptions } from './get-vendor-listings';
import { vendorListingsQueryKey } from './vendor-query-keys';

/** How often a listing that waits for its game server's first answer is read again. */
export const CHECKING_POLL_MS = 3000;

/** The path of a call on one listing: `/vendor/listings/:id`, then `/pause`, `/image`... */
export function vendorListingPath(id: string, action?: 'pause' | 'resume' | 'image'): string {
  const path = `/vendor/listings/${encodeURIComponent(id)}`;
  return action ? `${path}/${action}` : path;
}

/** The answer of every call on one listing: the listing with its price and game changes. */
export const readListingAnswer = (data: unknown): VendorListingDetail =>
  vendorListingResponseSchema.parse(data).data;

/** GET /api/vendor/listings/:id (vendor role): one of my listings, with its changes. */
export async function getVendorListing(id: string): Promise<VendorListingDetail> {
  const response = await apiClient.get<unknown>(vendorListingPath(id));
  return readListingAnswer(response.data);
}

export const vendorListingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...vendorListingsQueryKey(), 'detail', id],
    queryFn: () => getVendorListing(id),
    // Until the game server answers, the listing is read again to see it go live.
    refetchInterval: (query) => (query.state.data?.state === 'CHECKING' ? CHECKING_POLL_MS : false),
  });

export function useVendorListing(id: string) {
  return useQuery(vendorListingQueryOptions(id));
}

/** After a change: the listing's page shows the answer at once, the list reads itself again. */
export function storeListing(queryClient: QueryClient, listing: VendorListingDetail): void {
  queryClient.setQueryData(vendorListingQueryOptions(listing.id).queryKey, listing);
  void queryClient.invalidateQueries({ queryKey: vendorListingsQueryOptions().queryKey });
}

/** A call that answers with the listing (edit, pause, image...): the answer is stored at once. */
export function useListingChange<Variables>(
  change: (variables: Variables) => Promise<VendorListingDetail>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (listing) => storeListing(queryClient, listing),
  });
}
