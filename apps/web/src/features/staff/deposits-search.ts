import {
  ADMIN_DEPOSIT_VIEWS,
  type AdminDepositView,
  type AdminDepositsQuery,
} from '@crimsonhost/shared/admin-deposits';
import {
  DEFAULT_PAGE_SIZE,
  NETWORKS,
  TABLE_PAGE_SIZES,
  type Network,
  type PageSize,
} from '@crimsonhost/shared/constants';

/** The deposits list's view, network, search and page, as the URL holds them and the API takes. */
export interface DepositsSearch {
  view: AdminDepositView;
  network?: Network;
  /** An address, a transaction hash, a deposit id, or words of the owner's e-mail or name. */
  q?: string;
  page: number;
  pageSize: PageSize;
}

export const DEFAULT_DEPOSITS_SEARCH: DepositsSearch = {
  view: 'all',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

/** The longest search the API takes. */
export const DEPOSITS_SEARCH_MAX = 200;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.includes(value as T) ? (value as T) : undefined;
}

/**
 * The list as the URL asks for it: ?view=late&network=ERC20&q=0xab&page=2. Anything the API would
 * refuse falls back to its default, so an old or edited link still opens.
 */
export function readDepositsSearch(params: URLSearchParams): DepositsSearch {
  const q = params.get('q')?.trim().slice(0, DEPOSITS_SEARCH_MAX);
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return {
    view: oneOf(ADMIN_DEPOSIT_VIEWS, params.get('view')) ?? DEFAULT_DEPOSITS_SEARCH.view,
    network: oneOf(NETWORKS, params.get('network')),
    q: q || undefined,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    pageSize: TABLE_PAGE_SIZES.includes(pageSize as PageSize)
      ? (pageSize as PageSize)
      : DEFAULT_PAGE_SIZE,
  };
}

/** The URL search of a view; defaults are left out so the plain URL stays plain. */
export function writeDepositsSearch(search: DepositsSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.view !== DEFAULT_DEPOSITS_SEARCH.view) params.set('view', search.view);
  if (search.network) params.set('network', search.network);
  if (search.q) params.set('q', search.q);
  if (search.page > 1) params.set('page', String(search.page));
  if (search.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(search.pageSize));
  return params;
}

/** Whether a network or a search narrows the view (the view itself and paging aside). */
export function hasDepositsFilters(search: DepositsSearch): boolean {
  return Boolean(search.network || search.q);
}

/** What GET /api/admin/deposits is asked. */
export function toDepositsQuery(search: DepositsSearch): AdminDepositsQuery {
  return {
    view: search.view,
    network: search.network,
    q: search.q,
    page: search.page,
    pageSize: search.pageSize,
  };
}
