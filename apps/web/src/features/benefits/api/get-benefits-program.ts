import { queryOptions, useQuery } from '@tanstack/react-query';
import { benefitsProgramSchema, type BenefitsProgram } from '@crimsonhost/shared/benefits';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { apiClient } from '../../../lib/api-client';

const answerSchema = dataEnvelope(benefitsProgramSchema);

/** The programme is the same for everyone, so its key is not under the account. */
export const benefitsProgramQueryKey = () => ['benefits', 'program'] as const;

/**
 * GET /api/benefits (visitors too): each tier's threshold, discount and perks, the window the
 * spend is counted over and the rules for moving down.
 */
export async function getBenefitsProgram(): Promise<BenefitsProgram> {
  const response = await apiClient.get<unknown>('/benefits');
  return answerSchema.parse(response.data).data;
}

export const benefitsProgramQueryOptions = () =>
  queryOptions({ queryKey: benefitsProgramQueryKey(), queryFn: getBenefitsProgram });

export function useBenefitsProgram() {
  return useQuery(benefitsProgramQueryOptions());
}
