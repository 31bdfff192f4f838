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

export interface ReplyInput {
  id: string;
  message: string;
  attachmentIds?: string[];
  /** The token of a guest link: the reply goes through the guest route (no files). */
  guestToken?: string;
}

/**
 * POST /api/support/tickets/:id/messages. To a ticket closed more than 14 days ago the answer is
 * the new ticket the reply started (another id, `followsTicket` pointing back).
 */
export async function replyToTicket({
  id,
  message,
  attachmentIds = [],
  guestToken,
}: ReplyInput): Promise<TicketDetail> {
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
  return answerSchema.parse(response.data).data;
}

export function useReplyToTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToTicket,
    onSuccess: (ticket, { guestToken }) => settleTicket(queryClient, ticket, guestToken),
  });
}
