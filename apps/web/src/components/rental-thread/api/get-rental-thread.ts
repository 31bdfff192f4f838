import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  rentalThreadResponseSchema,
  type RentalMessage,
  type RentalThread,
} from '@crimsonhost/shared/rental-messages';
import { ACCOUNT_QUERY_KEY } from '../../../app/auth/auth-context';
import { apiClient } from '../../../lib/api-client';

/** Who reads a rental's thread: one of its two sides, or support (who reads without writing). */
export type ThreadReader = 'renter' | 'vendor' | 'staff';

const ROUTES: Record<ThreadReader, string> = {
  renter: '/rentals',
  vendor: '/vendor/rentals',
  staff: '/admin/rentals',
};

/** The messages route of a rental for its reader: the renter's, the vendor area's or the desk's. */
export const rentalThreadPath = (reader: ThreadReader, rentalId: string) =>
  `${ROUTES[reader]}/${encodeURIComponent(rentalId)}/messages`;

/** New messages appear without a reload: an open thread asks again this often. */
export const THREAD_REFRESH_MS = 15_000;

/**
 * GET /api/rentals/:id/messages (and the vendor area's and the desk's): the newest page of the
 * thread, or with `before` the page written before that message. A side's read marks the other
 * side's messages read.
 */
export async function getRentalThread(
  reader: ThreadReader,
  rentalId: string,
  before?: string,
): Promise<RentalThread> {
  const response = await apiClient.get<unknown>(rentalThreadPath(reader, rentalId), {
    params: { before },
  });
  return rentalThreadResponseSchema.parse(response.data).data;
}

/** Every rental thread: under the account, so signing out drops them. */
export const rentalThreadsQueryKey = () => [...ACCOUNT_QUERY_KEY, 'rental-threads'] as const;

/**
 * The thread as pages: the first is the newest, each next one the messages written before it
 * ("Show earlier messages"). The interval reads every loaded page again, each from the oldest
 * message of the page after it, so a page never leaves a gap when new messages arrive.
 */
export const rentalThreadQueryOptions = (reader: ThreadReader, rentalId: string) =>
  infiniteQueryOptions({
    queryKey: [...rentalThreadsQueryKey(), reader, rentalId],
    queryFn: ({ pageParam }) => getRentalThread(reader, rentalId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.hasEarlier ? page.messages[0]?.id : undefined),
    staleTime: 0,
    // Only while the page is visible (TanStack Query pauses the interval in a hidden tab), and
    // again when the window regains focus.
    refetchInterval: THREAD_REFRESH_MS,
    refetchOnWindowFocus: true,
  });

export function useRentalThread(reader: ThreadReader, rentalId: string) {
  return useInfiniteQuery(rentalThreadQueryOptions(reader, rentalId));
}

/** The messages of every loaded page, oldest first, each once. */
export function threadMessages(pages: RentalThread[]): RentalMessage[] {
  const seen = new Set<string>();
  const messages: RentalMessage[] = [];
  for (const page of [...pages].reverse()) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      messages.push(message);
    }
  }
  return messages;
}
