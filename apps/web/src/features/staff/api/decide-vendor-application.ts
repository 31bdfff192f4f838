import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminVendorDetail, DecideApplicationRequest } from '@crimsonhost/shared/vendors';
import { apiClient, toApiError } from '../../../lib/api-client';
import {
  adminVendorAnswerSchema,
  adminVendorPath,
  refreshAdminVendor,
  storeAdminVendor,
} from './get-admin-vendor';

type VendorDecision = DecideApplicationRequest & { vendorId: string };

/**
 * POST /api/admin/vendors/:id/application (admin only): approve the waiting application (the
 * account becomes a vendor) or reject it with a reason. NO_PENDING_APPLICATION (409) when nothing
 * waits any more: another admin decided first.
 */
export async function decideVendorApplication({
  vendorId,
  ...body
}: VendorDecision): Promise<AdminVendorDetail> {
  const response = await apiClient.post<unknown>(`${adminVendorPath(vendorId)}/application`, body);
  return adminVendorAnswerSchema.parse(response.data).data;
}

export function useDecideVendorApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideVendorApplication,
    onSuccess: (detail) => storeAdminVendor(queryClient, detail),
    onError: (error, { vendorId }) => {
      // Decided meanwhile: the page reads the vendor again and shows that decision.
      if (toApiError(error).status === 409) void refreshAdminVendor(queryClient, vendorId);
    },
  });
}
