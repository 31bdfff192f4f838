import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { deskTicketDetailSchema, type DeskTicketDetail } from '@crimsonhost/shared/support-desk';
import { apiClient } from '../../../lib/api-client';
import { deskQueueQueryKey } from './get-desk-queue';
import { deskStatsQueryOptions } from './get-desk-stats';
import { STAFF_QUERY_KEY } from './staff-query-key';

/** How often an open ticket asks again: replies, colleagues typing, the SLA. */
export const TICKET_REFRESH_MS = 15_000;

/** The answer of GET and of every action on one ticket: the ticket as it is now. */
export const deskTicketAnswerSchema = dataEnvelope(deskTicketDetailSchema);

export const ticketPath = (id: string) => `/admin/support/tickets/${encodeURIComponent(id)}`;

/** GET /api/admin/support/tickets/:id: the ticket with notes, SLA and the customer's account. */
export async function getDeskTicket(id: string): Promise<DeskTicketDetail> {
  const response = await apiClient.get<unknown>(ticketPath(id));
  return deskTicketAnswerSchema.parse(response.data).data;
}

/** Every ticket's key starts here. */
export const deskTicketQueryKey = () => [...STAFF_QUERY_KEY, 'ticket'] as const;

export const deskTicketQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...deskTicketQueryKey(), id],
    queryFn: () => getDeskTicket(id),
    refetchInterval: TICKET_REFRESH_MS,
  });

export function useDeskTicket(id: string) {
  return useQuery(deskTicketQueryOptions(id));
}

/**
 * After an action answered with the ticket: the ticket shows the answer at once, the queue and
 * the overview figures ask again.
 */
export function storeDeskTicket(queryClient: QueryClient, ticket: DeskTicketDetail) {
  queryClient.setQueryData(deskTicketQueryOptions(ticket.id).queryKey, ticket);
  void queryClient.invalidateQueries({ queryKey: deskQueueQueryKey() });
  void queryClient.invalidateQueries({ queryKey: deskStatsQueryOptions().queryKey });
}

/** After a change to several tickets at once: the queue, the figures and every ticket ask again. */
export async function refreshDesk(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: deskQueueQueryKey() }),
    queryClient.invalidateQueries({ queryKey: deskStatsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: deskTicketQueryKey() }),
  ]);
}
