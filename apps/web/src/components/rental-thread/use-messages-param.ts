import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The search parameter of the open thread: a mail's link `/rentals?messages=<id>` opens it. */
export const MESSAGES_PARAM = 'messages';

/**
 * The rental whose messages are open, kept in the URL beside the page's own parameters (filter,
 * page): opening adds `?messages=<id>` as a new history entry, so Back closes the drawer; closing
 * takes it away again.
 */
export function useMessagesParam() {
  const [search, setSearch] = useSearchParams();
  const rentalId = search.get(MESSAGES_PARAM) || null;
  const open = useCallback(
    (id: string) =>
      setSearch((current) => {
        const next = new URLSearchParams(current);
        next.set(MESSAGES_PARAM, id);
        return next;
      }),
    [setSearch],
  );
  const close = useCallback(
    () =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(MESSAGES_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return { rentalId, open, close };
}
