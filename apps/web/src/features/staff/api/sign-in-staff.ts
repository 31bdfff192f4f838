import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clientTokenSchema, type ClientToken } from '@crimsonhost/shared/auth';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { apiClient, toApiError } from '../../../lib/api-client';
import { holdStaffToken, requireStaffSignIn, type StaffClient } from '../../../lib/staff-token';
import { readStoredTokens } from '../../../lib/storage';
import { staffFactorQueryOptions, updateStaffFactor } from './get-staff-factor';

const answerSchema = dataEnvelope(clientTokenSchema);

export interface StaffCode {
  client: StaffClient;
  /** Six digits from the authenticator app, or a backup code such as K7QP-M2XD-9RTF. */
  code: string;
  /** Whether `code` is a backup code (used once, then gone). */
  backup: boolean;
}

/** Later staff calls carry a token a code got, until it nears its expiry. */
export function holdIssuedStaffToken(token: ClientToken) {
  const webToken = readStoredTokens()?.accessToken;
  if (webToken) holdStaffToken(token.access_token, token.expires_in, webToken);
}

/** POST /api/auth/client-token with a code: opens a staff sign-in and gives its first token. */
export async function signInStaff({ client, code }: StaffCode): Promise<ClientToken> {
  const response = await apiClient.post<unknown>('/auth/client-token', { client, code });
  const token = answerSchema.parse(response.data).data;
  holdIssuedStaffToken(token);
  return token;
}

export function useSignInStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInStaff,
    onSuccess: async (_token, { backup }) => {
      const left =
        queryClient.getQueryData(staffFactorQueryOptions().queryKey)?.backupCodesLeft ?? 0;
      await updateStaffFactor(queryClient, {
        signedIn: true,
        ...(backup ? { backupCodesLeft: Math.max(0, left - 1) } : {}),
      });
    },
    onError: (error) => {
      // Two-step verification was turned off meanwhile: the gate offers to set it up.
      if (toApiError(error).code === 'STAFF_FACTOR_REQUIRED') {
        requireStaffSignIn('STAFF_FACTOR_REQUIRED');
      }
    },
  });
}
