import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  gameFacetsResponseSchema,
  type GameFacet,
  type ServerFilters,
} from '@crimsonhost/shared/catalog';
import { apiClient } from '../../../lib/api-client';

/** GET /api/games: each game with its listings under the other filters. */
export async function getGameFacets(filters: ServerFilters): Promise<GameFacet[]> {
  const response = await apiClient.get<unknown>('/games', { params: filters });
  return gameFacetsResponseSchema.parse(response.data).data;
}

export const gameFacetsQueryOptions = (filters: ServerFilters) =>
  queryOptions({
    queryKey: ['servers', 'game-facets', filters],
    queryFn: () => getGameFacets(filters),
    placeholderData: (previous) => previous,
  });

export function useGameFacets(filters: ServerFilters) {
  return useQuery(gameFacetsQueryOptions(filters));
}
