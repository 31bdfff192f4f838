import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { rentalSchema, type PowerSignal } from '@crimsonhost/shared/rentals';
import { apiClient } from '../../../lib/api-client';
import { rentalsQueryKey, stamp, type RentalView } from '../../../lib/rentals/get-rentals';

const answerSchema = dataEnvelope(rentalSchema);

export interface PowerSignalInput {
  id: string;
  signal: PowerSignal;
}

/** POST /api/rentals/:id/power: start, stop or restart the rented game server. */
export async function sendPowerSignal({ id, signal }: PowerSignalInput): Promise<RentalView> {
  const response = await apiClient.post<unknown>(`/rentals/${encodeURIComponent(id)}/power`, {
    signal,
  });
  return stamp(answerSchema.parse(response.data).data);
}

export function useSendPowerSignal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPowerSignal,
    // The answer carries the new run state ('starting'); the lists pick it up and keep polling.
    onSettled: () => queryClient.invalidateQueries({ queryKey: rentalsQueryKey() }),
  });
}
