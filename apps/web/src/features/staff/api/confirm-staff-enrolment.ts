import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffEnrolConfirmSchema, type StaffEnrolConfirm } from '@crimsonhost/shared/auth';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { apiClient, toApiError } from '../../../lib/api-client';
import type { StaffClient } from '../../../lib/staff-token';
import { holdIssuedStaffToken } from './sign-in-staff';
import { staffFactorQueryOptions } from './get-staff-factor';

const answerSchema = dataEnvelope(staffEnrolConfirmSchema);

/**
 * POST /api/auth/staff/factor/confirm: the first code from the app turns two-step verification
 * on; the answer holds the ten backup codes (shown once) and the first staff token, kept for the
 * staff calls that follow.
 */
export async function confirmStaffEnrolment(input: {
  client: StaffClient;
  code: string;
}): Promise<StaffEnrolConfirm> {
  const response = await apiClient.post<unknown>('/auth/staff/factor/confirm', input);
  const answer = answerSchema.parse(response.data).data;
  holdIssuedStaffToken(answer.token);
  return answer;
}

export function useConfirmStaffEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmStaffEnrolment,
    onError: async (error) => {
      // Set up meanwhile (another tab): the staff sign-in asks for a code instead.
      if (toApiError(error).code === 'STAFF_FACTOR_ENROLLED') {
        await queryClient.invalidateQueries({ queryKey: staffFactorQueryOptions().queryKey });
      }
    },
  });
}
