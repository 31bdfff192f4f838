import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { staffFactorStatusSchema, type StaffFactorStatus } from '@crimsonhost/shared/auth';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { apiClient } from '../../../lib/api-client';
import { STAFF_QUERY_KEY } from './staff-query-key';

const answerSchema = dataEnvelope(staffFactorStatusSchema);

/**
 * GET /api/auth/staff/factor, with the storefront token: whether two-step verification is set up
 * and whether a staff sign-in of this session is alive (the staff area opens without a code).
 */
export async function getStaffFactor(): Promise<StaffFactorStatus> {
  const response = await apiClient.get<unknown>('/auth/staff/factor');
  return answerSchema.parse(response.data).data;
}

export const staffFactorQueryOptions = () =>
  queryOptions({
    queryKey: [...STAFF_QUERY_KEY, 'factor'],
    queryFn: getStaffFactor,
    // The API's own answers (a sign-in, a refusal) change it; asking on focus would also keep
    // the staff sign-in alive without anyone using the area.
    refetchOnWindowFocus: false,
  });

export function useStaffFactor() {
  return useQuery(staffFactorQueryOptions());
}

/**
 * Writes what a sign-in or a refusal of the API taught about the staff sign-in; asks again when
 * nothing was known yet.
 */
export async function updateStaffFactor(
  queryClient: QueryClient,
  change: Partial<StaffFactorStatus>,
): Promise<void> {
  const { queryKey } = staffFactorQueryOptions();
  // An answer still on its way would undo this one.
  await queryClient.cancelQueries({ queryKey });
  if (!queryClient.getQueryData(queryKey)) {
    await queryClient.invalidateQueries({ queryKey });
    return;
  }
  queryClient.setQueryData(queryKey, (old) => old && { ...old, ...change });
}
