import { DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES, type PageSize } from '@crimsonhost/shared/constants';
import { MONEY_STATES, type MoneyState } from '@crimsonhost/shared/vendors';
import type { VendorMovementsQuery } from './api/get-vendor-movements';

/**
 * The movements' state and page as the URL of /vendor/earnings holds them:
 * ?state=PENDING&page=2&pageSize=50. Anything the API would refuse falls back to its default, so
 * an old or edited link still opens.
 */
export function readMovementsSearch(params: URLSearchParams): VendorMovementsQuery {
  const state = params.get('state');
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return {
    state: MONEY_STATES.includes(state as MoneyState) ? (state as MoneyState) : undefined,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    pageSize: TABLE_PAGE_SIZES.includes(pageSize as PageSize)
      ? (pageSize as PageSize)
      : DEFAULT_PAGE_SIZE,
  };
}

/** The URL search of a movements query; defaults are left out so the plain URL stays plain. */
export function writeMovementsSearch(query: VendorMovementsQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.state) params.set('state', query.state);
  if (query.page > 1) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(query.pageSize));
  return params;
}
