import type { AdminPayPalQuery } from '@crimsonhost/shared/admin-paypal';
import { DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES, type PageSize } from '@crimsonhost/shared/constants';
import { PAYPAL_PAYMENT_STATES, type PayPalPaymentState } from '@crimsonhost/shared/paypal';

/** The PayPal section's two tabs: the payments, and what reconciliation found. */
export const PAYPAL_TABS = ['payments', 'reconciliation'] as const;
export type PayPalTab = (typeof PAYPAL_TABS)[number];

/** The PayPal section as the URL holds it: the tab, and the payments' filters and page. */
export interface PayPalSearch {
  tab: PayPalTab;
  state?: PayPalPaymentState;
  /** An order or capture id, a transaction id, or words of the payer's e-mail or name. */
  q?: string;
  page: number;
  pageSize: PageSize;
}

export const DEFAULT_PAYPAL_SEARCH: PayPalSearch = {
  tab: 'payments',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

/** The longest search the API takes. */
export const PAYPAL_SEARCH_MAX = 200;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.includes(value as T) ? (value as T) : undefined;
}

/**
 * The section as the URL asks for it: ?tab=reconciliation, or ?state=COMPLETED&q=ada&page=2.
 * Anything the API would refuse falls back to its default, so an old or edited link still opens.
 */
export function readPayPalSearch(params: URLSearchParams): PayPalSearch {
  const q = params.get('q')?.trim().slice(0, PAYPAL_SEARCH_MAX);
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return {
    tab: oneOf(PAYPAL_TABS, params.get('tab')) ?? DEFAULT_PAYPAL_SEARCH.tab,
    state: oneOf(PAYPAL_PAYMENT_STATES, params.get('state')),
    q: q || undefined,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    pageSize: TABLE_PAGE_SIZES.includes(pageSize as PageSize)
      ? (pageSize as PageSize)
      : DEFAULT_PAGE_SIZE,
  };
}

/** The URL search of the section; defaults are left out so the plain URL stays plain. */
export function writePayPalSearch(search: PayPalSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.tab !== DEFAULT_PAYPAL_SEARCH.tab) params.set('tab', search.tab);
  if (search.state) params.set('state', search.state);
  if (search.q) params.set('q', search.q);
  if (search.page > 1) params.set('page', String(search.page));
  if (search.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(search.pageSize));
  return params;
}

/** Whether a state or a search narrows the payments (paging aside). */
export function hasPayPalFilters(search: PayPalSearch): boolean {
  return Boolean(search.state || search.q);
}

/** What GET /api/admin/paypal/payments is asked. */
export function toPayPalQuery(search: PayPalSearch): AdminPayPalQuery {
  return {
    state: search.state,
    q: search.q,
    page: search.page,
    pageSize: search.pageSize,
  };
}
