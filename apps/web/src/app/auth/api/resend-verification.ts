import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** POST /api/auth/verify-email/resend: mails a new verification link (a few an hour). */
export async function resendVerification(): Promise<void> {
  await apiClient.post('/auth/verify-email/resend');
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
