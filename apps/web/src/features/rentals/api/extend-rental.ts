import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { rentalSchema } from '@crimsonhost/shared/rentals';
import { apiClient } from '../../../lib/api-client';
import { stamp, type RentalView } from '../../../lib/rentals/get-rentals';
import { invalidateAfterPayment } from '../../../lib/rentals/invalidate-after-payment';

const answerSchema = dataEnvelope(rentalSchema);

export interface ExtendRentalInput {
  id: string;
  hours: number;
  /** The total the renter confirmed (USDT, after the tier discount). */
  expectedTotal: string;
  /** One per attempt of the renter, the same when that attempt is sent again. */
  idempotencyKey: string;
}

/**
 * POST /api/rentals/:id/extend: pay for more hours; the end moves. A price above `expectedTotal`
 * now answers 409 PRICE_CHANGED with it.
 */
export async function extendRental({
  id,
  hours,
  expectedTotal,
  idempotencyKey,
}: ExtendRentalInput): Promise<RentalView> {
  const response = await apiClient.post<unknown>(
    `/rentals/${encodeURIComponent(id)}/extend`,
    { hours, expectedTotal },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
  return stamp(answerSchema.parse(response.data).data);
}

export function useExtendRental() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: extendRental,
    onSettled: () => invalidateAfterPayment(queryClient),
  });
}
