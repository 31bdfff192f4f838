import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ticketPageSchema,
  type TicketListQuery,
  type TicketPage,
} from '@crimsonhost/shared/support';
import { apiClient } from '../../../lib/api-client';
import { ticketsQueryKey } from './support-query-keys';

/** A list on screen asks again this often: an agent's reply turns a ticket unread. */
const TICKETS_REFRESH_MS = 60_000;

/** GET /api/support/tickets: my tickets, most recent activity first. */
export async function getTickets(query: TicketListQuery): Promise<TicketPage> {
  const response = await apiClient.get<unknown>('/support/tickets', {
    params: Object.fromEntries(
      Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
    ),
  });
  return ticketPageSchema.parse(response.data);
}

export const ticketsQueryOptions = (query: TicketListQuery) =>
  queryOptions({
    queryKey: [...ticketsQueryKey(), 'list', query],
    queryFn: () => getTickets(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: TICKETS_REFRESH_MS,
  });

/** Asked only while `enabled` (signed in). */
export function useTickets(query: TicketListQuery, { enabled = true } = {}) {
  return useQuery({ ...ticketsQueryOptions(query), enabled });
}
