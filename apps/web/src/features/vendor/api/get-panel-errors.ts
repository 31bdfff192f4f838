import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { panelErrorsResponseSchema } from '@crimsonhost/shared/vendor-panels';
import { apiClient } from '../../../lib/api-client';
import { vendorAccountQueryKey } from './vendor-query-keys';

export const PANEL_ERRORS_PAGE_SIZE = 10;

/**
 * GET /api/vendor/panel-errors (vendor role): what renters met at my panels, newest first, a page
 * at a time; with `listingId`, one listing's.
 */
export async function getPanelErrors({ listingId, page }: { listingId?: string; page: number }) {
  const response = await apiClient.get<unknown>('/vendor/panel-errors', {
    params: { page, pageSize: PANEL_ERRORS_PAGE_SIZE, ...(listingId ? { listingId } : {}) },
  });
  return panelErrorsResponseSchema.parse(response.data);
}

export const panelErrorsQueryOptions = (filter: { listingId?: string; page: number }) =>
  queryOptions({
    queryKey: [...vendorAccountQueryKey(), 'panel-errors', filter],
    queryFn: () => getPanelErrors(filter),
    placeholderData: keepPreviousData,
  });

export function usePanelErrors(filter: { listingId?: string; page: number }) {
  return useQuery(panelErrorsQueryOptions(filter));
}
