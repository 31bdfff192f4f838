import { DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES, type PageSize } from '@crimsonhost/shared/constants';
import { RENTAL_STATUSES, type RentalStatus } from '@crimsonhost/shared/rentals';
import type { RentalsQuery } from '../../lib/rentals/get-rentals';

/** The list's filter and page as the URL holds them: ?status=ACTIVE&page=2&pageSize=50. */
export function readRentalsSearch(search: URLSearchParams): RentalsQuery {
  const status = search.get('status');
  const page = Number(search.get('page'));
  const pageSize = Number(search.get('pageSize'));
  return {
    status: RENTAL_STATUSES.includes(status as RentalStatus) ? (status as RentalStatus) : undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: TABLE_PAGE_SIZES.includes(pageSize as PageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** The URL search of a list query; defaults are left out so the plain URL stays plain. */
export function writeRentalsSearch(query: RentalsQuery): URLSearchParams {
  const search = new URLSearchParams();
  if (query.status) search.set('status', query.status);
  if (query.page > 1) search.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) search.set('pageSize', String(query.pageSize));
  return search;
}
