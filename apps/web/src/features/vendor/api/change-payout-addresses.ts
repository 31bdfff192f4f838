import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  payoutStandingSchema,
  type PayoutAddressesChange,
  type PayoutStanding,
} from '@crimsonhost/shared/vendor-payouts';
import { apiClient } from '../../../lib/api-client';
import { payoutStandingQueryOptions } from './get-payout-standing';
import { vendorStandingQueryOptions } from './get-vendor-standing';

const answerSchema = dataEnvelope(payoutStandingSchema);

/**
 * PUT /api/vendor/payout-addresses: my new addresses, confirmed with my password; payouts then
 * wait 48 hours. 400 names the field (a checksum, the password); 422 PASSWORD_REQUIRED for an
 * account that signs in with Discord only.
 */
export async function changePayoutAddresses(input: PayoutAddressesChange): Promise<PayoutStanding> {
  const response = await apiClient.put<unknown>('/vendor/payout-addresses', input);
  return answerSchema.parse(response.data).data;
}

export function useChangePayoutAddresses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePayoutAddresses,
    onSuccess: async (standing) => {
      queryClient.setQueryData(payoutStandingQueryOptions().queryKey, standing);
      // The account page shows the addresses too; the payouts standing is the answer itself.
      await queryClient.invalidateQueries({ queryKey: vendorStandingQueryOptions().queryKey });
    },
  });
}
