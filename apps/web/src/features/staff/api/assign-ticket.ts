import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeskTicketDetail } from '@crimsonhost/shared/support-desk';
import { apiClient } from '../../../lib/api-client';
import { deskTicketAnswerSchema, storeDeskTicket, ticketPath } from './get-desk-ticket';

export interface AssignTicketInput {
  id: string;
  /** A member of staff, or null to unassign. */
  assigneeId: string | null;
}

/** POST …/tickets/:id/assign: give the ticket to a member of staff, or to nobody. */
export async function assignTicket({
  id,
  assigneeId,
}: AssignTicketInput): Promise<DeskTicketDetail> {
  const response = await apiClient.post<unknown>(`${ticketPath(id)}/assign`, { assigneeId });
  return deskTicketAnswerSchema.parse(response.data).data;
}

export function useAssignTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignTicket,
    onSuccess: (ticket) => storeDeskTicket(queryClient, ticket),
  });
}
