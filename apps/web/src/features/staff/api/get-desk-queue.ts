import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { deskQueuePageSchema, type DeskQueuePage } from '@crimsonhost/shared/support-desk';
import { apiClient } from '../../../lib/api-client';
import type { QueueSearch } from '../queue-search';
import { STAFF_QUERY_KEY } from './staff-query-key';

/** How often the queue asks again while it is open: new tickets and SLA clocks move. */
export const QUEUE_REFRESH_MS = 30_000;

/** Every queue page's key starts here: a change to any ticket refreshes them all. */
export const deskQueueQueryKey = () => [...STAFF_QUERY_KEY, 'queue'] as const;

/** GET /api/admin/support/tickets: one page of the queue, filtered and sorted. */
export async function getDeskQueue(query: QueueSearch): Promise<DeskQueuePage> {
  const response = await apiClient.get<unknown>('/admin/support/tickets', {
    params: {
      status: query.status,
      priority: query.priority,
      category: query.category,
      assignee: query.assignee,
      overdue: query.overdue ? 'true' : undefined,
      q: query.q,
      sort: query.sort,
      page: query.page,
      pageSize: query.pageSize,
    },
  });
  return deskQueuePageSchema.parse(response.data);
}

export const deskQueueQueryOptions = (query: QueueSearch) =>
  queryOptions({
    queryKey: [...deskQueueQueryKey(), query],
    queryFn: () => getDeskQueue(query),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_REFRESH_MS,
  });

export function useDeskQueue(query: QueueSearch) {
  return useQuery(deskQueueQueryOptions(query));
}
