import dayjs from 'dayjs';
import { DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from '@crimsonhost/shared/constants';
import { PAYMENT_METHODS, type PaymentMethod } from '@crimsonhost/shared/paypal';
import {
  CURRENCIES,
  TIMELINE_STATUSES,
  TRANSACTION_TYPES,
  type TransactionListQuery,
  type TimelineStatus,
  type TransactionType,
} from '@crimsonhost/shared/wallet';

/** The wallet page's view as the address bar holds it: dates as YYYY-MM-DD, local days. */
export interface WalletSearch {
  type?: TransactionType;
  /** The status the timeline shows, Waiting and Expired included. */
  status?: TimelineStatus;
  currency?: (typeof CURRENCIES)[number];
  /** Deposits paid this way only. */
  method?: PaymentMethod;
  /** First day shown, inclusive. */
  from?: string;
  /** Last day shown, inclusive. */
  to?: string;
  page: number;
  pageSize: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | undefined {
  return values.includes(raw as T) ? (raw as T) : undefined;
}

function day(raw: string | null): string | undefined {
  if (!raw || !DAY.test(raw)) return undefined;
  const parsed = dayjs(raw);
  return parsed.isValid() && parsed.format('YYYY-MM-DD') === raw ? raw : undefined;
}

/**
 * Filters, page and page size from the URL, so a link shows the same list. A value the API would
 * refuse (a mistyped link) is left out rather than failing the page.
 */
export function readWalletSearch(params: URLSearchParams): WalletSearch {
  const search: WalletSearch = { page: 1, pageSize: DEFAULT_PAGE_SIZE };
  const type = oneOf(TRANSACTION_TYPES, params.get('type'));
  const status = oneOf(TIMELINE_STATUSES, params.get('status'));
  const currency = oneOf(CURRENCIES, params.get('currency'));
  const method = oneOf(PAYMENT_METHODS, params.get('method'));
  let from = day(params.get('from'));
  const to = day(params.get('to'));
  if (from && to && from > to) from = undefined;
  Object.assign(
    search,
    type && { type },
    status && { status },
    currency && { currency },
    method && { method },
    from && { from },
    to && { to },
  );
  const size = Number(params.get('pageSize'));
  if ((TABLE_PAGE_SIZES as readonly number[]).includes(size)) search.pageSize = size;
  const page = Number(params.get('page'));
  if (Number.isSafeInteger(page) && page >= 1) search.page = page;
  return search;
}

/** The address bar's query for a view, leaving out what is the default. */
export function writeWalletSearch(search: WalletSearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['type', 'status', 'currency', 'method', 'from', 'to'] as const) {
    const value = search[key];
    if (value) params.set(key, value);
  }
  if (search.page !== 1) params.set('page', String(search.page));
  if (search.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(search.pageSize));
  return params;
}

export function hasWalletFilters(search: WalletSearch): boolean {
  return Boolean(
    search.type || search.status || search.currency || search.method || search.from || search.to,
  );
}

/** What GET /api/wallet/transactions is asked: whole local days as ISO date-times. */
export function toTransactionQuery(search: WalletSearch): TransactionListQuery {
  const query: TransactionListQuery = { page: search.page, pageSize: search.pageSize };
  if (search.type) query.type = search.type;
  if (search.status) query.status = search.status;
  if (search.currency) query.currency = search.currency;
  if (search.method) query.method = search.method;
  if (search.from) query.from = dayjs(search.from).startOf('day').toISOString();
  if (search.to) query.to = dayjs(search.to).endOf('day').toISOString();
  return query;
}
