import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataEnvelope } from '@crimsonhost/shared/envelope';
import { myVendorStandingSchema, type MyVendorStanding } from '@crimsonhost/shared/vendors';
import { apiClient } from '../../../lib/api-client';
import { vendorAccountQueryKey } from './vendor-query-keys';

const answerSchema = dataEnvelope(myVendorStandingSchema);

/**
 * GET /api/vendor/application: my vendor account (null until I first apply), my latest
 * application, and whether the form is open to me.
 */
export async function getVendorStanding(): Promise<MyVendorStanding> {
  const response = await apiClient.get<unknown>('/vendor/application');
  return answerSchema.parse(response.data).data;
}

export const vendorStandingQueryOptions = () =>
  queryOptions({
    queryKey: [...vendorAccountQueryKey(), 'standing'],
    queryFn: getVendorStanding,
  });

export function useVendorStanding() {
  return useQuery(vendorStandingQueryOptions());
}
