import { useQuery } from '@tanstack/react-query';
import {
  demoPanelLinkResponseSchema,
  type PanelLinkInput,
} from '@crimsonhost/shared/vendor-panels';
import { apiClient } from '../../../lib/api-client';
import { listingPanelPath } from './get-listing-panel';
import { vendorListingsQueryKey } from './vendor-query-keys';

/**
 * GET /api/vendor/listings/:id/panel/demo (vendor role): the demo panel's address, server
 * identifier and key for a listing of one of the demo's spare game servers; null for any other
 * listing or when the demo does not run.
 */
export async function getDemoPanelLink(id: string): Promise<PanelLinkInput | null> {
  const response = await apiClient.get<unknown>(`${listingPanelPath(id)}/demo`);
  return demoPanelLinkResponseSchema.parse(response.data).data;
}

/** The suggestion only helps: without it (or while it loads) the form works as it is. */
export function useDemoPanelLink(id: string) {
  return useQuery({
    queryKey: [...vendorListingsQueryKey(), 'panel', id, 'demo'],
    queryFn: () => getDemoPanelLink(id),
    staleTime: Infinity,
  });
}
