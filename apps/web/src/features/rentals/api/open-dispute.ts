import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  disputeResponseSchema,
  type Dispute,
  type OpenDisputeRequest,
} from '@crimsonhost/shared/disputes';
import { apiClient } from '../../../lib/api-client';
import { rentalsQueryKey } from '../../../lib/rentals/get-rentals';

export interface OpenDisputeInput extends OpenDisputeRequest {
  rentalId: string;
}

/**
 * POST /api/rentals/:id/dispute: 201 with the dispute and its ticket; 409 DISPUTE_OPEN (one is
 * open already) or DISPUTE_WINDOW_CLOSED (more than 7 days after the end); 400 names the field.
 */
export async function openDispute({ rentalId, ...body }: OpenDisputeInput): Promise<Dispute> {
  const response = await apiClient.post<unknown>(
    `/rentals/${encodeURIComponent(rentalId)}/dispute`,
    body,
  );
  return disputeResponseSchema.parse(response.data).data;
}

export function useOpenDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openDispute,
    onSettled: () => queryClient.invalidateQueries({ queryKey: rentalsQueryKey() }),
  });
}
