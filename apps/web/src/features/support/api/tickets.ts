import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  GUEST_TOKEN_HEADER,
  ticketDetailSchema,
  ticketPageSchema,
  type CreateTicketRequest,
  type RateTicketRequest,
  type TicketDetail,
  type TicketListQuery,
} from '@crimsonhost/shared/support';
import { apiClient } from '../../../lib/api-client';

const detailAnswer = dataEnvelope(ticketDetailSchema);

/** Every query key of my tickets starts here, so one invalidation refreshes them all. */
export const ticketsQueryKey = () => ['support', 'tickets'] as const;

/** GET /api/support/tickets: my tickets, most recent activity first. */
export async function getTickets(query: TicketListQuery) {
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
  });

export function useTickets(query: TicketListQuery, { enabled = true } = {}) {
  return useQuery({ ...ticketsQueryOptions(query), enabled });
}

/** GET /api/support/tickets/:id (or the guest route with its link's token). */
export async function getTicket(id: string, guestToken?: string): Promise<TicketDetail> {
  const response = guestToken
    ? await apiClient.get<unknown>(`/support/guest/tickets/${encodeURIComponent(id)}`, {
        headers: { [GUEST_TOKEN_HEADER]: guestToken },
      })
    : await apiClient.get<unknown>(`/support/tickets/${encodeURIComponent(id)}`);
  return detailAnswer.parse(response.data).data;
}

export const ticketQueryOptions = (id: string, guestToken?: string) =>
  queryOptions({
    queryKey: [...ticketsQueryKey(), 'detail', id, guestToken ? 'guest' : 'mine'],
    queryFn: () => getTicket(id, guestToken),
    // New replies appear without a reload: every 15 s while the page is open, and on focus.
    refetchInterval: 15_000,
    refetchOnWindowFocus: true,
  });

export function useTicket(id: string, guestToken?: string, { enabled = true } = {}) {
  return useQuery({ ...ticketQueryOptions(id, guestToken), enabled });
}

/** POST /api/support/tickets */
export async function createTicket(input: CreateTicketRequest): Promise<TicketDetail> {
  const response = await apiClient.post<unknown>('/support/tickets', input);
  return detailAnswer.parse(response.data).data;
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsQueryKey() }),
  });
}

export interface TicketAction {
  id: string;
  guestToken?: string;
}

/** POST …/messages: a reply (the answer may be a new ticket that follows a long-closed one). */
export async function replyToTicket({
  id,
  guestToken,
  message,
  attachmentIds,
}: TicketAction & { message: string; attachmentIds?: string[] }): Promise<TicketDetail> {
  const response = guestToken
    ? await apiClient.post<unknown>(
        `/support/guest/tickets/${encodeURIComponent(id)}/messages`,
        { message },
        { headers: { [GUEST_TOKEN_HEADER]: guestToken } },
      )
    : await apiClient.post<unknown>(`/support/tickets/${encodeURIComponent(id)}/messages`, {
        message,
        attachmentIds,
      });
  return detailAnswer.parse(response.data).data;
}

/** POST …/close */
export async function closeTicket({ id, guestToken }: TicketAction): Promise<TicketDetail> {
  const response = guestToken
    ? await apiClient.post<unknown>(
        `/support/guest/tickets/${encodeURIComponent(id)}/close`,
        {},
        { headers: { [GUEST_TOKEN_HEADER]: guestToken } },
      )
    : await apiClient.post<unknown>(`/support/tickets/${encodeURIComponent(id)}/close`, {});
  return detailAnswer.parse(response.data).data;
}

/** POST /api/support/tickets/:id/rating */
export async function rateTicket({ id, ...rating }: { id: string } & RateTicketRequest) {
  const response = await apiClient.post<unknown>(
    `/support/tickets/${encodeURIComponent(id)}/rating`,
    rating,
  );
  return detailAnswer.parse(response.data).data;
}

/** The ticket mutations: each puts the answer in the detail's cache and refreshes the list. */
export function useTicketMutations(guestToken?: string) {
  const queryClient = useQueryClient();
  const settle = (detail: TicketDetail) => {
    queryClient.setQueryData(ticketQueryOptions(detail.id, guestToken).queryKey, detail);
    void queryClient.invalidateQueries({ queryKey: [...ticketsQueryKey(), 'list'] });
  };
  return {
    reply: useMutation({ mutationFn: replyToTicket, onSuccess: settle }),
    close: useMutation({ mutationFn: closeTicket, onSuccess: settle }),
    rate: useMutation({ mutationFn: rateTicket, onSuccess: settle }),
  };
}
