import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  myVendorStandingSchema,
  type MyVendorStanding,
  type VendorApplicationRequest,
} from '@crimsonhost/shared/vendors';
import { apiClient } from '../../../lib/api-client';
import { vendorStandingQueryOptions } from './get-vendor-standing';

const answerSchema = dataEnvelope(myVendorStandingSchema);

/**
 * POST /api/vendor/applications: 201 with my standing, the application now PENDING. 400
 * VALIDATION_ERROR names the fields (a payout address whose checksum is wrong among them); 409
 * APPLICATION_PENDING or ALREADY_VENDOR; 422 CANNOT_APPLY (a staff account, a suspended vendor).
 */
export async function applyAsVendor(input: VendorApplicationRequest): Promise<MyVendorStanding> {
  const response = await apiClient.post<unknown>('/vendor/applications', input);
  return answerSchema.parse(response.data).data;
}

export function useApplyAsVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyAsVendor,
    onSuccess: (standing) =>
      queryClient.setQueryData(vendorStandingQueryOptions().queryKey, standing),
  });
}
