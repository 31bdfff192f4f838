import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  vendorMovementsPageSchema,
  type MoneyState,
  type VendorMovement,
} from '@crimsonhost/shared/vendors';
import type { PageMeta } from '@crimsonhost/shared/envelope';
import type { PageSize } from '@crimsonhost/shared/constants';
import { apiClient } from '../../../lib/api-client';
import { vendorEarningsQueryKey } from './get-vendor-earnings';

/** What the movements list asks for: one state or all, and a page. */
export interface VendorMovementsQuery {
  state?: MoneyState;
  page: number;
  pageSize: PageSize;
}

export interface VendorMovementsPage {
  data: VendorMovement[];
  meta: PageMeta;
}

/**
 * GET /api/vendor/earnings/movements (vendor role): one page of the entries on my money's
 * accounts, newest first, of one state or all.
 */
export async function getVendorMovements(
  query: VendorMovementsQuery,
): Promise<VendorMovementsPage> {
  const response = await apiClient.get<unknown>('/vendor/earnings/movements', {
    params: { state: query.state, page: query.page, pageSize: query.pageSize },
  });
  return vendorMovementsPageSchema.parse(response.data);
}

export const vendorMovementsQueryOptions = (query: VendorMovementsQuery) =>
  queryOptions({
    queryKey: [...vendorEarningsQueryKey(), 'movements', query],
    queryFn: () => getVendorMovements(query),
    placeholderData: keepPreviousData,
  });

export function useVendorMovements(query: VendorMovementsQuery) {
  return useQuery(vendorMovementsQueryOptions(query));
}
