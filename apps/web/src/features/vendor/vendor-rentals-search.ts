import { DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES, type PageSize } from '@crimsonhost/shared/constants';
import {
  VENDOR_RENTAL_FILTERS,
  type VendorRentalFilter,
} from '@crimsonhost/shared/vendor-overview';
import type { VendorRentalsQuery } from './api/get-vendor-rentals';

type Search = Omit<VendorRentalsQuery, 'after'>;

/**
 * The filter and page of /vendor/rentals as its URL holds them: ?status=ended&page=2. Anything the
 * API would refuse falls back to its default, so an old or edited link still opens.
 */
export function readVendorRentalsSearch(params: URLSearchParams): Search {
  const status = params.get('status');
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return {
    status: VENDOR_RENTAL_FILTERS.includes(status as VendorRentalFilter)
      ? (status as VendorRentalFilter)
      : undefined,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    pageSize: TABLE_PAGE_SIZES.includes(pageSize as PageSize)
      ? (pageSize as PageSize)
      : DEFAULT_PAGE_SIZE,
  };
}

/** The URL search of a rentals query; defaults are left out so the plain URL stays plain. */
export function writeVendorRentalsSearch(query: Search): URLSearchParams {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.page > 1) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  return params;
}
