import { DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES, type PageSize } from '@crimsonhost/shared/constants';
import {
  ADMIN_VENDOR_VIEWS,
  type AdminVendorView,
  type AdminVendorsQuery,
} from '@crimsonhost/shared/vendors';

/** The vendors list's view, search and page, as the URL holds them and the API takes them. */
export interface VendorsSearch {
  view: AdminVendorView;
  /** Words of the vendor's name, contact e-mail or account e-mail, or an id. */
  q?: string;
  page: number;
  pageSize: PageSize;
}

/** The applications waiting for a decision come first: that is the list an admin works from. */
export const DEFAULT_VENDORS_SEARCH: VendorsSearch = {
  view: 'applications',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

/** The longest search the API takes. */
export const VENDORS_SEARCH_MAX = 200;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.includes(value as T) ? (value as T) : undefined;
}

/**
 * The list as the URL asks for it: ?view=SUSPENDED&q=acme&page=2. Anything the API would refuse
 * falls back to its default, so an old or edited link still opens.
 */
export function readVendorsSearch(params: URLSearchParams): VendorsSearch {
  const q = params.get('q')?.trim().slice(0, VENDORS_SEARCH_MAX);
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return {
    view: oneOf(ADMIN_VENDOR_VIEWS, params.get('view')) ?? DEFAULT_VENDORS_SEARCH.view,
    q: q || undefined,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    pageSize: TABLE_PAGE_SIZES.includes(pageSize as PageSize)
      ? (pageSize as PageSize)
      : DEFAULT_PAGE_SIZE,
  };
}

/** The URL search of a view; defaults are left out so the plain URL stays plain. */
export function writeVendorsSearch(search: VendorsSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.view !== DEFAULT_VENDORS_SEARCH.view) params.set('view', search.view);
  if (search.q) params.set('q', search.q);
  if (search.page > 1) params.set('page', String(search.page));
  if (search.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(search.pageSize));
  return params;
}

/** Whether a search narrows the view (the view itself and paging aside). */
export function hasVendorsFilters(search: VendorsSearch): boolean {
  return Boolean(search.q);
}

/** What GET /api/admin/vendors is asked. */
export function toVendorsQuery(search: VendorsSearch): AdminVendorsQuery {
  return { view: search.view, q: search.q, page: search.page, pageSize: search.pageSize };
}
