import { queryOptions, useQuery } from '@tanstack/react-query';
import { myBenefitsSchema, type MyBenefits } from '@crimsonhost/shared/benefits';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { ACCOUNT_QUERY_KEY, useAuth } from '../../app/auth/auth-context';
import { apiClient } from '../api-client';

const answerSchema = dataEnvelope(myBenefitsSchema);

/**
 * Where I stand: under the account, so signing out drops it with it. One read for /benefits, the
 * dashboard's line and the discount of the rent and extend confirmations; a payment refreshes it
 * (`invalidateAfterPayment`), since it moves the spend and may move the tier.
 */
export const myBenefitsQueryKey = () => [...ACCOUNT_QUERY_KEY, 'benefits', 'me'] as const;

/**
 * GET /api/benefits/me (signed in): my tier, my qualifying spend, what is missing to the next
 * tier, the spend leaving the window next, a coming move down and my tier changes.
 */
export async function getMyBenefits(): Promise<MyBenefits> {
  const response = await apiClient.get<unknown>('/benefits/me');
  return answerSchema.parse(response.data).data;
}

export const myBenefitsQueryOptions = () =>
  queryOptions({ queryKey: myBenefitsQueryKey(), queryFn: getMyBenefits });

/** Asked only while someone is signed in: a visitor would get 401. */
export function useMyBenefits() {
  const { status } = useAuth();
  return useQuery({ ...myBenefitsQueryOptions(), enabled: status === 'authenticated' });
}
