import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketPriority } from '@crimsonhost/shared/support';
import type { DeskTicketDetail } from '@crimsonhost/shared/support-desk';
import { apiClient } from '../../../lib/api-client';
import { deskTicketAnswerSchema, storeDeskTicket, ticketPath } from './get-desk-ticket';

/** POST …/tickets/:id/priority: the SLA clock moves by the difference. */
export async function setTicketPriority({
  id,
  priority,
}: {
  id: string;
  priority: TicketPriority;
}): Promise<DeskTicketDetail> {
  const response = await apiClient.post<unknown>(`${ticketPath(id)}/priority`, { priority });
  return deskTicketAnswerSchema.parse(response.data).data;
}

export function useSetTicketPriority() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTicketPriority,
    onSuccess: (ticket) => storeDeskTicket(queryClient, ticket),
  });
}
