import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  GUEST_TOKEN_HEADER,
  ticketDetailSchema,
  type TicketDetail,
} from '@crimsonhost/shared/support';
import { apiClient } from '../../../lib/api-client';
import { ticketsQueryKey } from './support-query-keys';

const answerSchema = dataEnvelope(ticketDetailSchema);

/** New replies appear without a reload: the open conversation asks again this often. */
export const TICKET_REFRESH_MS = 15_000;

/**
 * GET /api/support/tickets/:id: one of my tickets, which marks it read. With the token of a
 * guest link, the guest route reads the one ticket that link opens.
 */
export async function getTicket(id: string, guestToken?: string): Promise<TicketDetail> {
  const response = guestToken
    ? await apiClient.get<unknown>(`/support/guest/tickets/${encodeURIComponent(id)}`, {
        headers: { [GUEST_TOKEN_HEADER]: guestToken },
      })
    : await apiClient.get<unknown>(`/support/tickets/${encodeURIComponent(id)}`);
  return answerSchema.parse(response.data).data;
}

export const ticketQueryOptions = (id: string, guestToken?: string) =>
  queryOptions({
    queryKey: [...ticketsQueryKey(), 'detail', id, guestToken ? 'guest' : 'mine'],
    queryFn: () => getTicket(id, guestToken),
    staleTime: 0,
    // Only while the page is visible (TanStack Query pauses the interval in a hidden tab), and
    // again when the window regains focus.
    refetchInterval: TICKET_REFRESH_MS,
    refetchOnWindowFocus: true,
  });

export function useTicket(id: string, guestToken?: string, { enabled = true } = {}) {
  return useQuery({ ...ticketQueryOptions(id, guestToken), enabled });
}
