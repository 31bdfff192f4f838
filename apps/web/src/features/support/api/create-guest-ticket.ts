import { useMutation } from '@tanstack/react-query';
import type { GuestTicketRequest } from '@crimsonhost/shared/support';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/support/guest-tickets: a visitor's ticket. The answer tells nothing more: the mail
 * that confirms it carries the link that opens it.
 */
export async function createGuestTicket(input: GuestTicketRequest): Promise<void> {
  await apiClient.post('/support/guest-tickets', input);
}

export function useCreateGuestTicket() {
  return useMutation({ mutationFn: createGuestTicket });
}
