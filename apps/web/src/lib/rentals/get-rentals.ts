import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryPageMeta } from '@crimsonhost/shared/envelope';
import { rentalPageSchema, type Rental, type RentalStatus } from '@crimsonhost/shared/rentals';
import { apiClient } from '../api-client';
import { rentalsQueryKey } from './rentals-key';

/** A rental as this browser received it: `receivedAt` anchors the countdowns to the local clock. */
export type RentalView = Rental & { receivedAt: number };

export interface RentalsQuery {
  status?: RentalStatus;
  /** Only rentals of this server. */
  serverId?: string;
  page: number;
  pageSize: number;
  /** Where the page starts: the nextCursor of the page before (lib/history-paging.ts). */
  after?: string;
}

export interface RentalsPage {
  rentals: RentalView[];
  meta: HistoryPageMeta;
}

/** How often a visible list asks again: the run state moves and rentals expire. */
const RENTALS_REFRESH_MS = 30_000;
/** Faster while a game server is starting or stopping, so 'running' shows soon after Start. */
const TRANSITION_REFRESH_MS = 3_000;

export { rentalsQueryKey };

export const stamp = (rental: Rental, receivedAt = Date.now()): RentalView => ({
  ...rental,
  receivedAt,
});

/** GET /api/rentals: my rentals, newest first, optionally of one status. */
export async function getRentals(query: RentalsQuery): Promise<RentalsPage> {
  const response = await apiClient.get<unknown>('/rentals', { params: query });
  const { data, meta } = rentalPageSchema.parse(response.data);
  const receivedAt = Date.now();
  return { rentals: data.map((rental) => stamp(rental, receivedAt)), meta };
}

export function isTransitioning(rental: Rental): boolean {
  const state = rental.runState?.state;
  return rental.status === 'ACTIVE' && (state === 'starting' || state === 'stopping');
}

export const rentalsQueryOptions = (query: RentalsQuery) =>
  queryOptions({
    queryKey: [...rentalsQueryKey(), 'list', query],
    queryFn: () => getRentals(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: (current) =>
      current.state.data?.rentals.some(isTransitioning)
        ? TRANSITION_REFRESH_MS
        : RENTALS_REFRESH_MS,
  });

export function useRentals(query: RentalsQuery) {
  return useQuery(rentalsQueryOptions(query));
}
