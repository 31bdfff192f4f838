import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  GUEST_TOKEN_HEADER,
  ticketDetailSchema,
  type TicketDetail,
} from '@crimsonhost/shared/support';
import { apiClient } from '../../../lib/api-client';
import { settleTicket } from './settle-ticket';

const answerSchema = dataEnvelope(ticketDetailSchema);

export interface CloseInput {
  id: string;
  guestToken?: string;
}

/** POST /api/support/tickets/:id/close: the customer needs nothing more (CLOSED). */
export async function closeTicket({ id, guestToken }: CloseInput): Promise<TicketDetail> {
  const response = guestToken
    ? await apiClient.post<unknown>(
        `/support/guest/tickets/${encodeURIComponent(id)}/close`,
        {},
        { headers: { [GUEST_TOKEN_HEADER]: guestToken } },
      )
    : await apiClient.post<unknown>(`/support/tickets/${encodeURIComponent(id)}/close`, {});
  return answerSchema.parse(response.data).data;
}

export function useCloseTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeTicket,
    onSuccess: (ticket, { guestToken }) => settleTicket(queryClient, ticket, guestToken),
  });
}
