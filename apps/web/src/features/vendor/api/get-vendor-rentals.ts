import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageSize } from '@crimsonhost/shared/constants';
import type { HistoryPageMeta } from '@crimsonhost/shared/envelope';
import {
  vendorRentalsPageSchema,
  type VendorRental,
  type VendorRentalFilter,
} from '@crimsonhost/shared/vendor-overview';
import { apiClient } from '../../../lib/api-client';
import { vendorRentalsQueryKey } from './vendor-query-keys';

/** What the rentals page asks for: running, ended or all, a page, and where it starts. */
export interface VendorRentalsQuery {
  status?: VendorRentalFilter;
  page: number;
  pageSize: PageSize;
  /** The `nextCursor` of the page before, when the pager moved to the next one (decision 031). */
  after?: string;
}

/** A rental as this browser received it: `receivedAt` ages the run state on the local clock. */
export type VendorRentalView = VendorRental & { receivedAt: number };

export interface VendorRentalsPage {
  rentals: VendorRentalView[];
  meta: HistoryPageMeta;
}

/** GET /api/vendor/rentals (vendor role): one page of my listings' rentals, newest first. */
export async function getVendorRentals(query: VendorRentalsQuery): Promise<VendorRentalsPage> {
  const response = await apiClient.get<unknown>('/vendor/rentals', {
    params: {
      status: query.status,
      page: query.page,
      pageSize: query.pageSize,
      after: query.after,
    },
  });
  const { data, meta } = vendorRentalsPageSchema.parse(response.data);
  const receivedAt = Date.now();
  return { rentals: data.map((rental) => ({ ...rental, receivedAt })), meta };
}

export const vendorRentalsQueryOptions = (query: VendorRentalsQuery) =>
  queryOptions({
    queryKey: [...vendorRentalsQueryKey(), query],
    queryFn: () => getVendorRentals(query),
    placeholderData: keepPreviousData,
  });

export function useVendorRentals(query: VendorRentalsQuery) {
  return useQuery(vendorRentalsQueryOptions(query));
}
