import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { rentalSchema } from '@crimsonhost/shared/rentals';
import { apiClient } from '../../../lib/api-client';
import { stamp, type RentalView } from '../../../lib/rentals/get-rentals';
import { invalidateAfterPayment } from '../../../lib/rentals/invalidate-after-payment';

const answerSchema = dataEnvelope(rentalSchema);

export interface CancelRentalInput {
  id: string;
  /** One per attempt of the renter, the same when that attempt is sent again. */
  idempotencyKey: string;
}

/** POST /api/rentals/:id/cancel: end now; the unused whole hours come back to the wallet. */
export async function cancelRental({ id, idempotencyKey }: CancelRentalInput): Promise<RentalView> {
  const response = await apiClient.post<unknown>(
    `/rentals/${encodeURIComponent(id)}/cancel`,
    {},
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
  return stamp(answerSchema.parse(response.data).data);
}

export function useCancelRental() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRental,
    onSettled: () => invalidateAfterPayment(queryClient),
  });
}
