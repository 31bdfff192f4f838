import { count, sql, type Subquery } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { HISTORY_COUNT_LIMIT } from '@crimsonhost/shared/envelope';

/**
 * Paging of the lists that grow with history, newest first (decision 031): each is ordered by
 * (created_at DESC, id DESC) under an index in exactly that order, reads one row more than a page
 * to tell whether another follows, hands out the next page's cursor, and counts only up to
 * HISTORY_COUNT_LIMIT + 1 rows when the page does not already tell the total.
 */
export interface HistoryPageRequest {
  page: number;
  pageSize: number;
  /** The `nextCursor` of the page before (`<microseconds>_<id>`), validated by the route. */
  after?: string;
}

/** The row's creation time in whole microseconds since 1970, as text: a cursor's exact half. */
export const createdMicros = (createdAt: PgColumn) =>
  sql<string>`(extract(epoch from ${createdAt}) * 1000000)::bigint::text`;

/**
 * The condition for rows after the cursor in the list's order. The time is rebuilt from its
 * microseconds exactly (a JavaScript date would drop them, and rows sharing a millisecond would be
 * skipped); the cursor holds values, not a row, so it still works when its row is gone.
 */
export function afterCursor(createdAt: PgColumn, id: PgColumn, after: string | undefined) {
  if (!after) return undefined;
  const [micros, rowId] = after.split('_') as [string, string];
  return sql`(${createdAt}, ${id}) < (timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${rowId}::uuid)`;
}

/** OFFSET of a page: none when it starts at a cursor. */
export const offsetOf = (request: HistoryPageRequest) =>
  request.after ? 0 : (request.page - 1) * request.pageSize;

/** LIMIT of a page: one row more than it shows. */
export const limitOf = (request: HistoryPageRequest) => request.pageSize + 1;

export interface HistoryPage<Row> {
  rows: Row[];
  total: number;
  totalExact: boolean;
  nextCursor: string | null;
}

/**
 * The page from the rows read (`limitOf` of them at most, each with its id and `micros`), counting
 * with `countUpTo(limit)` only when the rows do not tell the total: a page by number that is the
 * last one and not past the end holds everything before it and itself.
 */
export async function historyPage<Row extends { micros: string }>(
  request: HistoryPageRequest,
  read: Row[],
  idOf: (row: Row) => string,
  countUpTo: (limit: number) => Promise<number>,
): Promise<HistoryPage<Row>> {
  const more = read.length > request.pageSize;
  const rows = more ? read.slice(0, request.pageSize) : read;
  const last = rows.at(-1);
  const nextCursor = more && last ? `${last.micros}_${idOf(last)}` : null;
  if (!request.after && !more && (rows.length > 0 || request.page === 1)) {
    return { rows, total: offsetOf(request) + rows.length, totalExact: true, nextCursor };
  }
  const counted = await countUpTo(HISTORY_COUNT_LIMIT + 1);
  return counted > HISTORY_COUNT_LIMIT
    ? { rows, total: HISTORY_COUNT_LIMIT, totalExact: false, nextCursor }
    : { rows, total: counted, totalExact: true, nextCursor };
}

/** The rows of `matching`, a query already limited to what may be counted (`countUpTo`'s limit). */
export async function countRows(db: Executor, matching: Subquery): Promise<number> {
  const [counted] = await db.select({ total: count() }).from(matching);
  return Number(counted?.total ?? 0);
}
