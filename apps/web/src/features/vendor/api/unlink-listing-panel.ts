import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { listingPanelPath, listingPanelQueryOptions } from './get-listing-panel';

/** DELETE /api/vendor/listings/:id/panel (vendor role): 204; 403 VENDOR_NOT_ACTIVE. */
export async function unlinkListingPanel(id: string): Promise<void> {
  await apiClient.delete(listingPanelPath(id));
}

export function useUnlinkListingPanel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkListingPanel,
    onSuccess: (_answer, id) => {
      queryClient.setQueryData(listingPanelQueryOptions(id).queryKey, null);
    },
  });
}
