import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeskTicketDetail } from '@crimsonhost/shared/support-desk';
import { apiClient } from '../../../lib/api-client';
import { deskTicketAnswerSchema, storeDeskTicket, ticketPath } from './get-desk-ticket';

/** POST …/tickets/:id/claim: the ticket is mine; OPEN and WAITING_SUPPORT become IN_PROGRESS. */
export async function claimTicket(id: string): Promise<DeskTicketDetail> {
  const response = await apiClient.post<unknown>(`${ticketPath(id)}/claim`, {});
  return deskTicketAnswerSchema.parse(response.data).data;
}

export function useClaimTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimTicket,
    onSuccess: (ticket) => storeDeskTicket(queryClient, ticket),
  });
}
