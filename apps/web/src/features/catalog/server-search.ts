import {
  DEFAULT_SERVER_SORT,
  MAX_PAGED_RESULTS,
  SERVER_SORTS,
  serverFiltersSchema,
  type ServerFilters,
  type ServerListQuery,
  type ServerSort,
} from '@crimsonhost/shared/catalog';
import { DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from '@crimsonhost/shared/constants';
import { parseUsdt } from '@crimsonhost/shared/money';

const FILTER_KEYS = [
  'q',
  'game',
  'region',
  'status',
  'availability',
  'minPrice',
  'maxPrice',
] as const satisfies readonly (keyof ServerFilters)[];

/**
 * The list's state from the address bar. Every filter, the sort and the page live in the URL so a
 * link reproduces the view; a value the API would refuse (a mistyped link) is left out instead.
 */
export function readServerSearch(params: URLSearchParams): ServerListQuery {
  const filters: ServerFilters = {};
  for (const key of FILTER_KEYS) {
    const raw = params.get(key)?.trim();
    if (!raw) continue;
    const parsed = serverFiltersSchema.shape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) Object.assign(filters, { [key]: parsed.data });
  }
  if (filters.minPrice && filters.maxPrice) {
    if (parseUsdt(filters.minPrice) > parseUsdt(filters.maxPrice)) delete filters.minPrice;
  }
  const sortParam = params.get('sort');
  const sort = (SERVER_SORTS as readonly string[]).includes(sortParam ?? '')
    ? (sortParam as ServerSort)
    : DEFAULT_SERVER_SORT;
  const sizeParam = Number(params.get('pageSize'));
  const pageSize = (TABLE_PAGE_SIZES as readonly number[]).includes(sizeParam)
    ? sizeParam
    : DEFAULT_PAGE_SIZE;
  const pageParam = Number(params.get('page'));
  const lastPage = Math.ceil(MAX_PAGED_RESULTS / pageSize);
  const page =
    Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= lastPage ? pageParam : 1;
  return { ...filters, sort, page, pageSize };
}

/** The address bar's query for a list state, leaving out what is the default. */
export function writeServerSearch(query: ServerListQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  if (query.sort !== DEFAULT_SERVER_SORT) params.set('sort', query.sort);
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  return params;
}

/** Only the filters of a list state: what the facets are counted under. */
export function filtersOf(query: ServerListQuery): ServerFilters {
  const filters: ServerFilters = {};
  for (const key of FILTER_KEYS) {
    if (query[key] !== undefined) Object.assign(filters, { [key]: query[key] });
  }
  return filters;
}

export function hasFilters(query: ServerListQuery): boolean {
  return FILTER_KEYS.some((key) => query[key] !== undefined);
}
