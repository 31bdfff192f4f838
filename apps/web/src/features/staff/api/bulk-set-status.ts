import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { apiClient } from '../../../lib/api-client';
import { refreshDesk } from './get-desk-ticket';
import type { StaffStatus } from './set-ticket-status';

const answerSchema = dataEnvelope(z.object({ updated: z.number().int() }));

/** POST /api/admin/support/tickets/bulk-status: one status on several tickets; answers how many. */
export async function bulkSetStatus(input: {
  ids: string[];
  status: StaffStatus;
}): Promise<{ updated: number }> {
  const response = await apiClient.post<unknown>('/admin/support/tickets/bulk-status', input);
  return answerSchema.parse(response.data).data;
}

export function useBulkSetStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkSetStatus,
    onSettled: () => refreshDesk(queryClient),
  });
}
