import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { rentalSchema } from '@crimsonhost/shared/rentals';
import { apiClient } from '../../../lib/api-client';
import { rentalsQueryKey, stamp, type RentalView } from '../../../lib/rentals/get-rentals';

const answerSchema = dataEnvelope(rentalSchema);

/** GET /api/rentals/:id: one of my rentals, as it is now. */
export async function getRental(id: string): Promise<RentalView> {
  const response = await apiClient.get<unknown>(`/rentals/${encodeURIComponent(id)}`);
  return stamp(answerSchema.parse(response.data).data);
}

export const rentalQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...rentalsQueryKey(), 'detail', id],
    queryFn: () => getRental(id),
    staleTime: 0,
  });

/** Asked only while `enabled`: the cancel confirmation wants the refund as of now. */
export function useRental(id: string, { enabled = true } = {}) {
  return useQuery({ ...rentalQueryOptions(id), enabled });
}
