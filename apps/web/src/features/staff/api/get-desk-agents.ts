import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { staffPersonSchema, type StaffPerson } from '@crimsonhost/shared/support-desk';
import { apiClient } from '../../../lib/api-client';
import { STAFF_QUERY_KEY } from './staff-query-key';

const answerSchema = dataEnvelope(z.array(staffPersonSchema));

/** GET /api/admin/support/agents: the support and admin staff a ticket can be assigned to. */
export async function getDeskAgents(): Promise<StaffPerson[]> {
  const response = await apiClient.get<unknown>('/admin/support/agents');
  return answerSchema.parse(response.data).data;
}

export const deskAgentsQueryOptions = () =>
  queryOptions({
    queryKey: [...STAFF_QUERY_KEY, 'agents'],
    queryFn: getDeskAgents,
    // Staff change rarely: one read per visit is enough.
    staleTime: 5 * 60_000,
  });

export function useDeskAgents() {
  return useQuery(deskAgentsQueryOptions());
}
