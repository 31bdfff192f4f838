import { useMutation } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { z } from 'zod';
import { apiClient, type ApiError } from '../../../lib/api-client';

// The contract of POST /api/account/delete, as the API's author described it; it moves to
// packages/shared (deleteAccountRequestSchema, deleteAccountResponseSchema) when that lands.
export interface DeleteAccountRequest {
  /** The account's e-mail, typed again. */
  confirmEmail: string;
  /** Required when the account has a password; a Discord-only account has none. */
  password?: string;
}
const answerSchema = dataEnvelope(z.object({ deleted: z.literal(true) }));
const notDeletableSchema = z.object({ reasons: z.array(z.string()) });

/**
 * POST /api/account/delete: the account is anonymised and every session ends. 409
 * ACCOUNT_NOT_DELETABLE with `details.reasons` while money or a rental is open; 400
 * VALIDATION_ERROR with the fields; 401 INVALID_CREDENTIALS for a wrong password.
 */
export async function deleteAccount(input: DeleteAccountRequest): Promise<void> {
  const response = await apiClient.post<unknown>('/account/delete', input);
  answerSchema.parse(response.data);
}

/** Why the account cannot be deleted yet, each in a sentence; null for any other failure. */
export function notDeletableReasons(error: ApiError): string[] | null {
  if (error.code !== 'ACCOUNT_NOT_DELETABLE') return null;
  const parsed = notDeletableSchema.safeParse(error.details);
  return parsed.success ? parsed.data.reasons : [];
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
