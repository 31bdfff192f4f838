import { DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES, type PageSize } from '@crimsonhost/shared/constants';
import {
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketCategory,
  type TicketPriority,
  type TicketStatus,
} from '@crimsonhost/shared/support';
import { DESK_SORTS } from '@crimsonhost/shared/support-desk';

export type QueueStatus = 'ACTIVE' | 'ALL' | TicketStatus;
export type QueueSort = (typeof DESK_SORTS)[number];

/** The queue's filters, sort and page, as the URL holds them and the API takes them. */
export interface QueueSearch {
  status: QueueStatus;
  priority?: TicketPriority;
  category?: TicketCategory;
  /** `me`, `none` (unassigned) or a member of staff's id. */
  assignee?: string;
  overdue: boolean;
  /** Words of the subject, an e-mail or a #number. */
  q?: string;
  sort: QueueSort;
  page: number;
  pageSize: PageSize;
}

export const DEFAULT_QUEUE_SEARCH: QueueSearch = {
  status: 'ACTIVE',
  overdue: false,
  sort: 'sla',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.includes(value as T) ? (value as T) : undefined;
}

/**
 * The queue as the URL asks for it: ?status=OPEN&priority=HIGH&assignee=me&overdue=true&q=lag.
 * Anything the API would refuse falls back to its default, so an old or edited link still opens.
 */
export function readQueueSearch(search: URLSearchParams): QueueSearch {
  const status = search.get('status');
  const assignee = search.get('assignee');
  const page = Number(search.get('page'));
  const pageSize = Number(search.get('pageSize'));
  const q = search.get('q')?.trim();
  return {
    status:
      status === 'ALL' ? 'ALL' : (oneOf(TICKET_STATUSES, status) ?? DEFAULT_QUEUE_SEARCH.status),
    priority: oneOf(TICKET_PRIORITIES, search.get('priority')),
    category: oneOf(TICKET_CATEGORIES, search.get('category')),
    assignee:
      assignee === 'me' || assignee === 'none' || (assignee && UUID.test(assignee))
        ? assignee
        : undefined,
    overdue: search.get('overdue') === 'true',
    q: q || undefined,
    sort: oneOf(DESK_SORTS, search.get('sort')) ?? DEFAULT_QUEUE_SEARCH.sort,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: TABLE_PAGE_SIZES.includes(pageSize as PageSize)
      ? (pageSize as PageSize)
      : DEFAULT_PAGE_SIZE,
  };
}

/** The URL search of a queue; defaults are left out so the plain URL stays plain. */
export function writeQueueSearch(query: QueueSearch): URLSearchParams {
  const search = new URLSearchParams();
  if (query.status !== DEFAULT_QUEUE_SEARCH.status) search.set('status', query.status);
  if (query.priority) search.set('priority', query.priority);
  if (query.category) search.set('category', query.category);
  if (query.assignee) search.set('assignee', query.assignee);
  if (query.overdue) search.set('overdue', 'true');
  if (query.q) search.set('q', query.q);
  if (query.sort !== DEFAULT_QUEUE_SEARCH.sort) search.set('sort', query.sort);
  if (query.page > 1) search.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) search.set('pageSize', String(query.pageSize));
  return search;
}

/** Whether any filter narrows the queue beyond the default (sort and paging aside). */
export function hasQueueFilters(query: QueueSearch): boolean {
  return (
    query.status !== DEFAULT_QUEUE_SEARCH.status ||
    Boolean(query.priority || query.category || query.assignee || query.q) ||
    query.overdue
  );
}
