import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  ticketDetailSchema,
  type CreateTicketRequest,
  type TicketDetail,
} from '@crimsonhost/shared/support';
import { apiClient } from '../../../lib/api-client';
import { settleTicket } from './settle-ticket';

const answerSchema = dataEnvelope(ticketDetailSchema);

/**
 * POST /api/support/tickets: 201 with the new ticket. 422 URGENT_NEEDS_ACTIVE_RENTAL when Urgent
 * has no active rental linked; 404 for a rental or transaction that is not mine; 429 when too many.
 */
export async function createTicket(input: CreateTicketRequest): Promise<TicketDetail> {
  const response = await apiClient.post<unknown>('/support/tickets', input);
  return answerSchema.parse(response.data).data;
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: (ticket) => settleTicket(queryClient, ticket),
  });
}
