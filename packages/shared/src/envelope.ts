import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES } from './constants';

/** `{ data }`: the body of every success answer. */
export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });

export const pageMetaSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** `{ data: [...], meta: { page, pageSize, total } }`: the body of every list answer. */
export const pageEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: pageMetaSchema });

/**
 * Lists that grow with history (a wallet's transactions, a renter's rentals; decision 031) count
 * exactly up to this many; past it `total` is this floor and `totalExact` false ("1,000+").
 */
export const HISTORY_COUNT_LIMIT = 1000;

/** The meta of a history list: the count, whether it is exact, and where the next page starts. */
export const historyPageMetaSchema = pageMetaSchema.extend({
  /** False when the list holds more than HISTORY_COUNT_LIMIT: `total` is then a floor. */
  totalExact: z.boolean(),
  /** The `after` of the next page, or null on the last one. */
  nextCursor: z.string().nullable(),
});
export type HistoryPageMeta = z.infer<typeof historyPageMetaSchema>;

export const historyPageEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: historyPageMetaSchema });

/**
 * `after` of a history list: a place in it as the API hands it out (`nextCursor`), the time of the
 * last row shown in microseconds since 1970 and its id, the two columns the list is ordered by.
 * With it the page is read from the index at that point however deep it is.
 */
export const historyCursorSchema = z
  .string()
  .regex(/^\d{1,17}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, {
    message: 'after must be the nextCursor of a previous page',
  });

/** The deepest page any list can be asked for; past it no query is sent (offsets stay small). */
export const MAX_PAGE = 100_000;

/** `page` of every list query: a whole number from 1 to MAX_PAGE. */
export const pageNumberSchema = z.coerce
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be 1 or more')
  .max(MAX_PAGE, `must be at most ${MAX_PAGE}`);

/** The window of dates an input may name: the storefront's history to well past any rental. */
export const EARLIEST_INPUT_DATE = '2020-01-01T00:00:00.000Z';
export const LATEST_INPUT_DATE = '2100-01-01T00:00:00.000Z';

/** A date-time filter: ISO 8601 with an offset, within the input window. */
export const dateTimeInputSchema = (field: string) =>
  z.iso.datetime({ offset: true, message: `${field} must be an ISO date-time` }).refine(
    (value) => {
      const time = Date.parse(value);
      // A value that is not a date at all is the format check's to report.
      if (Number.isNaN(time)) return true;
      return time >= Date.parse(EARLIEST_INPUT_DATE) && time < Date.parse(LATEST_INPUT_DATE);
    },
    { message: `${field} must be between 2020 and 2099` },
  );

/** `pageSize` of every paged list: one of the spec's page sizes (10, 20, 50, 100). */
export const pageSizeSchema = z.coerce
  .number()
  .refine((value) => (TABLE_PAGE_SIZES as readonly number[]).includes(value), {
    message: `pageSize must be one of ${TABLE_PAGE_SIZES.join(', ')}`,
  })
  .default(DEFAULT_PAGE_SIZE);
