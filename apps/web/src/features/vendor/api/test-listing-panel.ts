import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  panelTestResponseSchema,
  type PanelLink,
  type PanelTest,
} from '@crimsonhost/shared/vendor-panels';
import { apiClient } from '../../../lib/api-client';
import { listingPanelPath, listingPanelQueryOptions } from './get-listing-panel';

/**
 * POST /api/vendor/listings/:id/panel/test (vendor role): reads the server's resources through the
 * panel and answers what it found in a sentence; a panel that fails is an answer too (ok false),
 * not an error. 422 PANEL_NOT_LINKED without a link.
 */
export async function testListingPanel(id: string): Promise<PanelTest> {
  const response = await apiClient.post<unknown>(listingPanelPath(id, true));
  return panelTestResponseSchema.parse(response.data).data;
}

export function useTestListingPanel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testListingPanel,
    onSuccess: ({ resources: _resources, ...lastTest }, id) => {
      // The link keeps its last test: shown at once, as the API now has it.
      queryClient.setQueryData<PanelLink | null>(listingPanelQueryOptions(id).queryKey, (link) =>
        link ? { ...link, lastTest } : link,
      );
    },
  });
}
