import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { vendorOverviewSchema, type VendorOverview } from '@crimsonhost/shared/vendor-overview';
import { apiClient } from '../../../lib/api-client';
import { vendorOverviewQueryKey } from './vendor-query-keys';

const answerSchema = dataEnvelope(vendorOverviewSchema);

/**
 * GET /api/vendor/overview (vendor role): my listings by state, running rentals, occupancy and
 * earnings over 7 and 30 days, and each listing's uptime over 30 days.
 */
export async function getVendorOverview(): Promise<VendorOverview> {
  const response = await apiClient.get<unknown>('/vendor/overview');
  return answerSchema.parse(response.data).data;
}

export const vendorOverviewQueryOptions = () =>
  queryOptions({ queryKey: vendorOverviewQueryKey(), queryFn: getVendorOverview });

export function useVendorOverview() {
  return useQuery(vendorOverviewQueryOptions());
}
