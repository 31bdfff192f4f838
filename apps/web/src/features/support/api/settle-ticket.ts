import type { QueryClient } from '@tanstack/react-query';
import type { TicketDetail, TicketPage } from '@crimsonhost/shared/support';
import { ticketQueryOptions } from './get-ticket';
import { ticketsQueryKey } from './support-query-keys';

/**
 * After a change to a ticket: its answer becomes the detail on screen (no second request), and
 * the lists, whose status and last activity moved, are read again.
 */
export function settleTicket(queryClient: QueryClient, detail: TicketDetail, guestToken?: string) {
  queryClient.setQueryData(ticketQueryOptions(detail.id, guestToken).queryKey, detail);
  void queryClient.invalidateQueries({ queryKey: [...ticketsQueryKey(), 'list'] });
}

/**
 * Opening a ticket marks it read on the server: the lists already in memory drop its unread
 * marker at once rather than at their next refresh.
 */
export function markReadInLists(queryClient: QueryClient, id: string) {
  queryClient.setQueriesData<TicketPage>({ queryKey: [...ticketsQueryKey(), 'list'] }, (page) =>
    page?.data.some((ticket) => ticket.id === id && ticket.unread)
      ? {
          ...page,
          data: page.data.map((ticket) =>
            ticket.id === id ? { ...ticket, unread: false } : ticket,
          ),
        }
      : page,
  );
}
