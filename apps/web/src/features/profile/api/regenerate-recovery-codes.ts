import { useMutation, useQueryClient } from '@tanstack/react-query';
import { recoveryCodesResponseSchema } from '@crimsonhost/shared/auth';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { profileQueryOptions } from '../../../app/auth/api/get-profile';
import { apiClient } from '../../../lib/api-client';

const answerSchema = dataEnvelope(recoveryCodesResponseSchema);

/** POST /api/auth/recovery-codes: ten new codes; the old ones stop working. */
export async function regenerateRecoveryCodes(input: {
  currentPassword?: string;
}): Promise<string[]> {
  const response = await apiClient.post<unknown>('/auth/recovery-codes', input);
  return answerSchema.parse(response.data).data.recoveryCodes;
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey }),
  });
}
