import { DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES, type PageSize } from '@crimsonhost/shared/constants';
import {
  ADMIN_PAYOUT_VIEWS,
  type AdminPayoutView,
  type AdminPayoutsQuery,
} from '@crimsonhost/shared/vendor-payouts';

/** The payouts list's view, search and page, as the URL holds them and the API takes them. */
export interface PayoutsSearch {
  view: AdminPayoutView;
  /** Words of the vendor's name or e-mail, an address, a transaction hash, or a payout id. */
  q?: string;
  page: number;
  pageSize: PageSize;
}

/** The payouts to send or confirming come first: that is the list an admin works from. */
export const DEFAULT_PAYOUTS_SEARCH: PayoutsSearch = {
  view: 'open',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

/** The longest search the API takes. */
export const PAYOUTS_SEARCH_MAX = 200;

/** The views the API lists oldest first: the payout waiting longest is sent first. */
export const OLDEST_FIRST_VIEWS: readonly AdminPayoutView[] = ['open', 'REQUESTED', 'SUBMITTED'];

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.includes(value as T) ? (value as T) : undefined;
}

/**
 * The list as the URL asks for it: ?view=PAID&q=nordic&page=2. Anything the API would refuse
 * falls back to its default, so an old or edited link still opens.
 */
export function readPayoutsSearch(params: URLSearchParams): PayoutsSearch {
  const q = params.get('q')?.trim().slice(0, PAYOUTS_SEARCH_MAX);
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return {
    view: oneOf(ADMIN_PAYOUT_VIEWS, params.get('view')) ?? DEFAULT_PAYOUTS_SEARCH.view,
    q: q || undefined,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    pageSize: TABLE_PAGE_SIZES.includes(pageSize as PageSize)
      ? (pageSize as PageSize)
      : DEFAULT_PAGE_SIZE,
  };
}

/** The URL search of a view; defaults are left out so the plain URL stays plain. */
export function writePayoutsSearch(search: PayoutsSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.view !== DEFAULT_PAYOUTS_SEARCH.view) params.set('view', search.view);
  if (search.q) params.set('q', search.q);
  if (search.page > 1) params.set('page', String(search.page));
  if (search.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(search.pageSize));
  return params;
}

/** Whether a search narrows the view (the view itself and paging aside). */
export function hasPayoutsFilters(search: PayoutsSearch): boolean {
  return Boolean(search.q);
}

/** What GET /api/admin/payouts is asked. */
export function toPayoutsQuery(search: PayoutsSearch): AdminPayoutsQuery {
  return { view: search.view, q: search.q, page: search.page, pageSize: search.pageSize };
}
