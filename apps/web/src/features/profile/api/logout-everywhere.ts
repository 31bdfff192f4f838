import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** POST /api/auth/logout-all: ends every session of the account, this one included. */
export async function logoutEverywhere(): Promise<void> {
  await apiClient.post('/auth/logout-all');
}

export function useLogoutEverywhere() {
  return useMutation({ mutationFn: logoutEverywhere });
}
