import { useMutation } from '@tanstack/react-query';
import type { GuestTicketRequest } from '@crimsonhost/shared/support';
import { apiClient } from '../../../lib/api-client';

/** POST /api/support/guest-tickets: the confirmation mail carries the ticket's link. */
export function useCreateGuestTicket() {
  return useMutation({
    mutationFn: async (input: GuestTicketRequest) => {
      await apiClient.post('/support/guest-tickets', input);
    },
  });
}

/** POST /api/support/guest-links: fresh links to every guest ticket of an address. */
export function useRequestGuestLinks() {
  return useMutation({
    mutationFn: async (email: string) => {
      await apiClient.post('/support/guest-links', { email });
    },
  });
}
