import { queryOptions, useQuery } from '@tanstack/react-query';
import { panelLinkResponseSchema, type PanelLink } from '@crimsonhost/shared/vendor-panels';
import { apiClient } from '../../../lib/api-client';
import { vendorListingPath } from './get-vendor-listing';
import { vendorListingsQueryKey } from './vendor-query-keys';

/** `/vendor/listings/:id/panel`, and `/test` after it. */
export function listingPanelPath(id: string, test = false): string {
  return `${vendorListingPath(id)}/panel${test ? '/test' : ''}`;
}

/**
 * GET /api/vendor/listings/:id/panel (vendor role): the listing's panel link, never its key (only
 * its last 4 characters), with the last connection test; null when it has none.
 */
export async function getListingPanel(id: string): Promise<PanelLink | null> {
  const response = await apiClient.get<unknown>(listingPanelPath(id));
  return panelLinkResponseSchema.parse(response.data).data;
}

export const listingPanelQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...vendorListingsQueryKey(), 'panel', id],
    queryFn: () => getListingPanel(id),
  });

export function useListingPanel(id: string) {
  return useQuery(listingPanelQueryOptions(id));
}
