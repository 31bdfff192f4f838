import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** POST /api/support/guest-links: fresh links to every guest ticket of an address, by mail. */
export async function requestGuestLinks(email: string): Promise<void> {
  await apiClient.post('/support/guest-links', { email });
}

export function useRequestGuestLinks() {
  return useMutation({ mutationFn: requestGuestLinks });
}
