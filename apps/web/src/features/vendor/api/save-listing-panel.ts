import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  panelLinkResponseSchema,
  type PanelLink,
  type PanelLinkInput,
} from '@crimsonhost/shared/vendor-panels';
import { apiClient } from '../../../lib/api-client';
import { listingPanelPath, listingPanelQueryOptions } from './get-listing-panel';

/**
 * PUT /api/vendor/listings/:id/panel (vendor role): links the listing to its panel. 422
 * PANEL_ADDRESS_REFUSED says why an address is refused (not https, not on the public internet);
 * 400 names a field; 403 VENDOR_NOT_ACTIVE.
 */
export async function saveListingPanel({
  id,
  input,
}: {
  id: string;
  input: PanelLinkInput;
}): Promise<PanelLink> {
  const response = await apiClient.put<unknown>(listingPanelPath(id), input);
  const link = panelLinkResponseSchema.parse(response.data).data;
  if (!link) throw new Error('The API answered a saved panel link with none');
  return link;
}

export function useSaveListingPanel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveListingPanel,
    onSuccess: (link, { id }) => {
      queryClient.setQueryData(listingPanelQueryOptions(id).queryKey, link);
    },
  });
}
