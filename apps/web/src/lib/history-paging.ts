import { useState } from 'react';
import { HISTORY_COUNT_LIMIT, type HistoryPageMeta } from '@crimsonhost/shared/envelope';

/**
 * Paging of a list that grows with history (decision 031). The API hands out where the next page
 * starts (`nextCursor`); going to the next page passes it as `after`, so that page is read from
 * the index however deep it lies and shows no row twice when rows arrive meanwhile. A page opened
 * by its number alone (a link, a jump) is read by its number. `listKey` names the list's filters
 * and page size: a cursor belongs to them.
 */
export function useHistoryCursor(listKey: string, page: number) {
  const [cursors, setCursors] = useState<ReadonlyMap<string, string>>(new Map());
  return {
    /** The `after` of the page shown, when it was reached by Next. */
    after: cursors.get(`${listKey}#${page}`),
    /** Call when the pager moves to `next`, with the cursor the page shown handed out. */
    moving(next: number, nextCursor: string | null | undefined) {
      if (next === page + 1 && nextCursor) {
        setCursors(new Map(cursors).set(`${listKey}#${next}`, nextCursor));
      }
    },
  };
}

/**
 * What the pager counts and says. Past the count's limit the API says "more than": the pager then
 * reaches one page past the one shown while another follows, and says "1,000+".
 */
export function historyTotal(
  meta: HistoryPageMeta | undefined,
  page: number,
  pageSize: number,
): { total: number; text: string } {
  const counted = meta?.total ?? 0;
  if (!meta || meta.totalExact) return { total: counted, text: counted.toLocaleString('en-US') };
  const total = Math.max(counted, page * pageSize + (meta.nextCursor ? 1 : 0));
  return { total, text: `${HISTORY_COUNT_LIMIT.toLocaleString('en-US')}+` };
}
