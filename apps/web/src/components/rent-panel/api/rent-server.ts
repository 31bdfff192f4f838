import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { rentalSchema, type CreateRentalRequest } from '@crimsonhost/shared/rentals';
import { apiClient } from '../../../lib/api-client';
import { invalidateAfterPayment } from '../../../lib/rentals/invalidate-after-payment';
import { stamp, type RentalView } from '../../../lib/rentals/get-rentals';

const answerSchema = dataEnvelope(rentalSchema);

export interface RentServerInput extends CreateRentalRequest {
  /** One per attempt of the renter, the same when that attempt is sent again. */
  idempotencyKey: string;
}

/**
 * POST /api/rentals: rent a server by the hour from the wallet. `expectedTotal` is the total the
 * renter confirmed; a higher price now answers 409 PRICE_CHANGED with it.
 */
export async function rentServer({
  idempotencyKey,
  ...body
}: RentServerInput): Promise<RentalView> {
  const response = await apiClient.post<unknown>('/rentals', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return stamp(answerSchema.parse(response.data).data);
}

export function useRentServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rentServer,
    onSettled: () => invalidateAfterPayment(queryClient),
  });
}
