import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  disputeEvidenceResponseSchema,
  type DisputeEvidence,
} from '@crimsonhost/shared/dispute-evidence';
import { apiClient } from '../../../lib/api-client';
import { STAFF_QUERY_KEY } from './staff-query-key';

/**
 * While the rental runs its evidence grows by the hour: an open card asks again this often,
 * which also picks up a panel read or a status check written meanwhile.
 */
export const EVIDENCE_REFRESH_MS = 60_000;

export const disputeEvidencePath = (id: string) =>
  `/admin/disputes/${encodeURIComponent(id)}/evidence`;

/**
 * GET /api/admin/disputes/:id/evidence (support and admin): what the platform measured over the
 * disputed rental's time, and the hours down with the refund they suggest.
 */
export async function getDisputeEvidence(id: string): Promise<DisputeEvidence> {
  const response = await apiClient.get<unknown>(disputeEvidencePath(id));
  return disputeEvidenceResponseSchema.parse(response.data).data;
}

/** Every dispute's evidence key starts here. */
export const disputeEvidenceQueryKey = () => [...STAFF_QUERY_KEY, 'dispute-evidence'] as const;

export const disputeEvidenceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...disputeEvidenceQueryKey(), id],
    queryFn: () => getDisputeEvidence(id),
    refetchInterval: EVIDENCE_REFRESH_MS,
  });

export function useDisputeEvidence(id: string) {
  return useQuery(disputeEvidenceQueryOptions(id));
}
