import { queryOptions, useQuery } from '@tanstack/react-query';
import { regionFacetsResponseSchema, type RegionFacet } from '@crimsonhost/shared/catalog';
import { apiClient } from '../../../lib/api-client';
import { regionsQueryKey } from './vendor-query-keys';

/** GET /api/regions without filters: every region of the catalog, by name. */
export async function getRegions(): Promise<RegionFacet[]> {
  const response = await apiClient.get<unknown>('/regions');
  return regionFacetsResponseSchema.parse(response.data).data;
}

export const regionsQueryOptions = () =>
  queryOptions({
    queryKey: regionsQueryKey(),
    queryFn: getRegions,
    // Regions change with a deployment, not while someone fills in a form.
    staleTime: 10 * 60_000,
  });

export function useRegions() {
  return useQuery(regionsQueryOptions());
}
