import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import {
  vendorDisputeSchema,
  vendorDisputesResponseSchema,
  type VendorDispute,
} from '@crimsonhost/shared/vendor-disputes';
import { apiClient } from '../../../lib/api-client';
import { vendorDisputesQueryKey, vendorOverviewQueryKey } from './vendor-query-keys';

const disputeAnswer = dataEnvelope(vendorDisputeSchema);

/** GET /api/vendor/disputes (vendor role): open ones first, or all of them, 20 a page. */
export async function getVendorDisputes(status: 'OPEN' | 'all') {
  const response = await apiClient.get<unknown>('/vendor/disputes', {
    params: { status, page: 1, pageSize: 20 },
  });
  return vendorDisputesResponseSchema.parse(response.data);
}

export function useVendorDisputes(status: 'OPEN' | 'all') {
  return useQuery({
    queryKey: [...vendorDisputesQueryKey(), 'list', status],
    queryFn: () => getVendorDisputes(status),
  });
}

/** GET /api/vendor/disputes/:id: the dispute with its ticket's conversation; 404 if not mine. */
export async function getVendorDispute(id: string): Promise<VendorDispute> {
  const response = await apiClient.get<unknown>(`/vendor/disputes/${encodeURIComponent(id)}`);
  return disputeAnswer.parse(response.data).data;
}

export function useVendorDispute(id: string) {
  return useQuery({
    queryKey: [...vendorDisputesQueryKey(), 'one', id],
    queryFn: () => getVendorDispute(id),
  });
}

/** POST /api/vendor/disputes/:id/messages: my answer; 409 DISPUTE_CLOSED once decided. */
export async function answerDispute(input: {
  id: string;
  message: string;
}): Promise<VendorDispute> {
  const response = await apiClient.post<unknown>(
    `/vendor/disputes/${encodeURIComponent(input.id)}/messages`,
    { message: input.message },
  );
  return disputeAnswer.parse(response.data).data;
}

export function useAnswerDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerDispute,
    onSuccess: (dispute) => {
      queryClient.setQueryData([...vendorDisputesQueryKey(), 'one', dispute.id], dispute);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...vendorDisputesQueryKey(), 'list'] }),
        queryClient.invalidateQueries({ queryKey: vendorOverviewQueryKey() }),
      ]),
  });
}
