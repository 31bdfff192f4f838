import { DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES, type PageSize } from '@crimsonhost/shared/constants';
import { TICKET_STATUSES, type TicketStatus } from '@crimsonhost/shared/support';

/** My Tickets' filter, search and page as the URL holds them. */
export interface TicketsSearch {
  status?: TicketStatus;
  /** Words of the subject. */
  q?: string;
  page: number;
  pageSize: number;
}

/** ?status=CLOSED&q=refund&page=2&pageSize=50; anything unknown falls back to the default. */
export function readTicketsSearch(search: URLSearchParams): TicketsSearch {
  const status = search.get('status');
  const q = search.get('q')?.trim();
  const page = Number(search.get('page'));
  const pageSize = Number(search.get('pageSize'));
  return {
    status: TICKET_STATUSES.includes(status as TicketStatus) ? (status as TicketStatus) : undefined,
    q: q || undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: TABLE_PAGE_SIZES.includes(pageSize as PageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** The URL search of a list query; defaults are left out so the plain URL stays plain. */
export function writeTicketsSearch(query: TicketsSearch): URLSearchParams {
  const search = new URLSearchParams();
  if (query.status) search.set('status', query.status);
  if (query.q) search.set('q', query.q);
  if (query.page > 1) search.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) search.set('pageSize', String(query.pageSize));
  return search;
}
