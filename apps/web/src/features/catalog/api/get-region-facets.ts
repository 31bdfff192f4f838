import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  regionFacetsResponseSchema,
  type RegionFacet,
  type ServerFilters,
} from '@crimsonhost/shared/catalog';
import { apiClient } from '../../../lib/api-client';

/** GET /api/regions: each region with its listings under the other filters. */
export async function getRegionFacets(filters: ServerFilters): Promise<RegionFacet[]> {
  const response = await apiClient.get<unknown>('/regions', { params: filters });
  return regionFacetsResponseSchema.parse(response.data).data;
}

export const regionFacetsQueryOptions = (filters: ServerFilters) =>
  queryOptions({
    queryKey: ['servers', 'region-facets', filters],
    queryFn: () => getRegionFacets(filters),
    placeholderData: (previous) => previous,
  });

export function useRegionFacets(filters: ServerFilters) {
  return useQuery(regionFacetsQueryOptions(filters));
}
