import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeskTicketDetail, STAFF_SETTABLE_STATUSES } from '@crimsonhost/shared/support-desk';
import { apiClient } from '../../../lib/api-client';
import { deskTicketAnswerSchema, storeDeskTicket, ticketPath } from './get-desk-ticket';

export type StaffStatus = (typeof STAFF_SETTABLE_STATUSES)[number];

/** POST …/tickets/:id/status: set the status by hand (recorded as an event line). */
export async function setTicketStatus({
  id,
  status,
}: {
  id: string;
  status: StaffStatus;
}): Promise<DeskTicketDetail> {
  const response = await apiClient.post<unknown>(`${ticketPath(id)}/status`, { status });
  return deskTicketAnswerSchema.parse(response.data).data;
}

export function useSetTicketStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTicketStatus,
    onSuccess: (ticket) => storeDeskTicket(queryClient, ticket),
  });
}
