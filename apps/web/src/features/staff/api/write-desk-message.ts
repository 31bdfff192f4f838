import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeskReplyRequest, DeskTicketDetail } from '@crimsonhost/shared/support-desk';
import { apiClient } from '../../../lib/api-client';
import { deskTicketAnswerSchema, storeDeskTicket, ticketPath } from './get-desk-ticket';

/**
 * POST …/tickets/:id/messages: a public reply (optionally setting the status) or, with
 * `internal`, a note only staff ever see.
 */
export async function writeDeskMessage({
  id,
  ...body
}: DeskReplyRequest & { id: string }): Promise<DeskTicketDetail> {
  const response = await apiClient.post<unknown>(`${ticketPath(id)}/messages`, body);
  return deskTicketAnswerSchema.parse(response.data).data;
}

export function useWriteDeskMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeDeskMessage,
    onSuccess: (ticket) => storeDeskTicket(queryClient, ticket),
  });
}
