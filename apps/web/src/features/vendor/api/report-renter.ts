import { useMutation } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { flagSummarySchema, type ReportRenterRequest } from '@crimsonhost/shared/moderation';
import { apiClient } from '../../../lib/api-client';

/** POST /api/vendor/rentals/:id/report: the renter of my rental, reported to the moderators. */
export async function reportRenter(input: ReportRenterRequest & { rentalId: string }) {
  const { rentalId, ...body } = input;
  const response = await apiClient.post<unknown>(
    `/vendor/rentals/${encodeURIComponent(rentalId)}/report`,
    body,
  );
  return dataEnvelope(flagSummarySchema).parse(response.data).data;
}

export function useReportRenter() {
  return useMutation({ mutationFn: reportRenter });
}
