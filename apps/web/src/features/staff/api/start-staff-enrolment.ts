import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffEnrolmentSchema, type StaffEnrolment } from '@crimsonhost/shared/auth';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { apiClient, toApiError } from '../../../lib/api-client';
import { staffFactorQueryOptions } from './get-staff-factor';

const answerSchema = dataEnvelope(staffEnrolmentSchema);

/**
 * POST /api/auth/staff/factor/enrol: a new secret for the authenticator app. Asking again before
 * it is confirmed replaces it; 409 STAFF_FACTOR_ENROLLED once set up.
 */
export async function startStaffEnrolment(): Promise<StaffEnrolment> {
  const response = await apiClient.post<unknown>('/auth/staff/factor/enrol', {});
  return answerSchema.parse(response.data).data;
}

export function useStartStaffEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startStaffEnrolment,
    onError: async (error) => {
      // Set up meanwhile (another tab): the staff sign-in asks for a code instead.
      if (toApiError(error).code === 'STAFF_FACTOR_ENROLLED') {
        await queryClient.invalidateQueries({ queryKey: staffFactorQueryOptions().queryKey });
      }
    },
  });
}
