import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  ticketDetailSchema,
  type RateTicketRequest,
  type TicketDetail,
} from '@crimsonhost/shared/support';
import { apiClient } from '../../../lib/api-client';
import { settleTicket } from './settle-ticket';

const answerSchema = dataEnvelope(ticketDetailSchema);

/** POST /api/support/tickets/:id/rating: 1 to 5 and a comment, once per resolution (`canRate`). */
export async function rateTicket({
  id,
  ...rating
}: { id: string } & RateTicketRequest): Promise<TicketDetail> {
  const response = await apiClient.post<unknown>(
    `/support/tickets/${encodeURIComponent(id)}/rating`,
    rating,
  );
  return answerSchema.parse(response.data).data;
}

export function useRateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateTicket,
    onSuccess: (ticket) => settleTicket(queryClient, ticket),
  });
}
