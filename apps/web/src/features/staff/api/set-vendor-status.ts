import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminVendorDetail, VendorStatusRequest } from '@crimsonhost/shared/vendors';
import { apiClient, toApiError } from '../../../lib/api-client';
import {
  adminVendorAnswerSchema,
  adminVendorPath,
  refreshAdminVendor,
  storeAdminVendor,
} from './get-admin-vendor';

type VendorStatusChange = VendorStatusRequest & { vendorId: string };

/**
 * POST /api/admin/vendors/:id/status (admin only): make the vendor ACTIVE, SUSPENDED or CLOSED,
 * with a reason. VENDOR_STATUS_UNCHANGED (409) when it already is; APPLICATION_PENDING (409) while
 * the vendor is PENDING, whose application is decided instead.
 */
export async function setVendorStatus({
  vendorId,
  ...body
}: VendorStatusChange): Promise<AdminVendorDetail> {
  const response = await apiClient.post<unknown>(`${adminVendorPath(vendorId)}/status`, body);
  return adminVendorAnswerSchema.parse(response.data).data;
}

export function useSetVendorStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setVendorStatus,
    onSuccess: (detail) => storeAdminVendor(queryClient, detail),
    onError: (error, { vendorId }) => {
      // Changed meanwhile by someone else: the page reads the vendor again.
      if (toApiError(error).status === 409) void refreshAdminVendor(queryClient, vendorId);
    },
  });
}
