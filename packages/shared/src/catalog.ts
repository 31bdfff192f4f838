import { z } from 'zod';
import { GAMES, TABLE_PAGE_SIZES, DEFAULT_PAGE_SIZE } from './constants';
import { dataEnvelope, pageMetaSchema } from './envelope';
import { formatUsdt, isUsdtAmount, MAX_LISTING_PRICE_MICRO, parseUsdt } from './money';
import { stripUnsafeText } from './text';

/** Contracts of the server catalog: `GET /api/servers`, `/api/servers/:id`, `/api/games`, `/api/regions`. */

export const SERVER_STATUSES = ['online', 'offline', 'maintenance'] as const;
export type ServerStatus = (typeof SERVER_STATUSES)[number];

export const SERVER_AVAILABILITIES = ['AVAILABLE', 'RENTED', 'MAINTENANCE'] as const;
export type ServerAvailability = (typeof SERVER_AVAILABILITIES)[number];

export const SERVER_SORTS = [
  'price_asc',
  'price_desc',
  'performance',
  'popularity',
  'availability',
] as const;
export type ServerSort = (typeof SERVER_SORTS)[number];
export const DEFAULT_SERVER_SORT: ServerSort = 'popularity';

export const SERVER_SORT_LABELS: Record<ServerSort, string> = {
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  performance: 'Best performance',
  popularity: 'Most popular',
  availability: 'Available first',
};

export const SERVER_STATUS_LABELS: Record<ServerStatus, string> = {
  online: 'Online',
  offline: 'Offline',
  maintenance: 'Maintenance',
};

export const SERVER_AVAILABILITY_LABELS: Record<ServerAvailability, string> = {
  AVAILABLE: 'Available',
  RENTED: 'Rented',
  MAINTENANCE: 'Maintenance',
};

/**
 * Whether a renter can rent the server now: online (spec section 2) and AVAILABLE. The API's
 * Available filter and Available first sort mean the same.
 */
export function isRentableNow(server: {
  status: ServerStatus;
  availability: ServerAvailability;
}): boolean {
  return server.status === 'online' && server.availability === 'AVAILABLE';
}

export const PRICE_UNITS = ['hour', 'day', 'month'] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];

/**
 * Only this many results of one query can be paged through (offset + page size); a deeper page is
 * a 400 that asks to narrow the filters. Totals stay exact.
 */
export const MAX_PAGED_RESULTS = 10_000;

export const SEARCH_MAX_CHARS = 100;

const usdtAmount = z
  .string()
  .refine(isUsdtAmount, { message: 'must be a USDT amount such as 12.5 (at most 6 decimals)' })
  .refine((value) => !isUsdtAmount(value) || parseUsdt(value) <= MAX_LISTING_PRICE_MICRO, {
    message: `must be at most ${formatUsdt(MAX_LISTING_PRICE_MICRO, 0)} USDT`,
  });

const regionCode = z
  .string()
  .regex(/^[a-z0-9-]{2,16}$/, { message: 'must be a region code such as fra' });

/** The filters shared by the list and the facets. */
export const serverFiltersSchema = z.object({
  q: z
    .string()
    .transform(stripUnsafeText)
    .pipe(z.string().max(SEARCH_MAX_CHARS, 'must be at most 100 characters'))
    .optional(),
  game: z.enum(GAMES).optional(),
  region: regionCode.optional(),
  status: z.enum(SERVER_STATUSES).optional(),
  availability: z.enum(SERVER_AVAILABILITIES).optional(),
  minPrice: usdtAmount.optional(),
  maxPrice: usdtAmount.optional(),
});
export type ServerFilters = z.infer<typeof serverFiltersSchema>;

function checkPriceRange(value: { minPrice?: string; maxPrice?: string }, ctx: z.RefinementCtx) {
  const { minPrice, maxPrice } = value;
  if (!minPrice || !maxPrice || !isUsdtAmount(minPrice) || !isUsdtAmount(maxPrice)) return;
  if (parseUsdt(minPrice) > parseUsdt(maxPrice)) {
    ctx.addIssue({ code: 'custom', message: 'must not be above maxPrice', path: ['minPrice'] });
  }
}

const pageSize = z.coerce
  .number({ message: 'must be a number' })
  .int('must be 10, 20, 50 or 100')
  .refine((value) => (TABLE_PAGE_SIZES as readonly number[]).includes(value), {
    message: 'must be 10, 20, 50 or 100',
  })
  .default(DEFAULT_PAGE_SIZE);

const page = z.coerce
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be 1 or more')
  .default(1);

export const facetQuerySchema = serverFiltersSchema.superRefine(checkPriceRange);

export const serverListQuerySchema = serverFiltersSchema
  .extend({
    sort: z.enum(SERVER_SORTS).default(DEFAULT_SERVER_SORT),
    page,
    pageSize,
  })
  .superRefine(checkPriceRange)
  .superRefine((value, ctx) => {
    if ((value.page - 1) * value.pageSize >= MAX_PAGED_RESULTS) {
      ctx.addIssue({
        code: 'custom',
        message: `is too deep: only the first ${MAX_PAGED_RESULTS} results can be paged; narrow the filters`,
        path: ['page'],
      });
    }
  });
export type ServerListQuery = z.infer<typeof serverListQuerySchema>;

export const regionRefSchema = z.object({
  code: z.string(),
  name: z.string(),
  country: z.string(),
});
export type RegionRef = z.infer<typeof regionRefSchema>;

/**
 * The server card of spec section 3, plus what the catalog sorts by. Prices are exact USDT decimal
 * strings, not JSON numbers (decision 029).
 */
export const serverCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(SERVER_STATUSES),
  availability: z.enum(SERVER_AVAILABILITIES),
  game: z.enum(GAMES),
  region: regionRefSchema,
  cpu: z.string().nullable(),
  ram: z.string().nullable(),
  storage: z.string().nullable(),
  image: z.string().nullable(),
  price: z.string(),
  priceUnit: z.enum(PRICE_UNITS),
  players: z.object({ current: z.number().int(), max: z.number().int() }),
  performanceScore: z.number().int(),
  popularity: z.number().int(),
});
export type ServerCard = z.infer<typeof serverCardSchema>;

export const serverDetailSchema = serverCardSchema.extend({
  description: z.string(),
  vendor: z.object({ id: z.string(), name: z.string() }),
  /** When the game server was last asked for its status, answered or not (ISO time). */
  lastCheckedAt: z.string().nullable(),
  /** When the game server last answered (ISO time); null if it never did. */
  lastAnswerAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ServerDetail = z.infer<typeof serverDetailSchema>;

/**
 * Up to this many matches a search or price range is counted exactly; past it the total is the
 * database's estimate and `totalExact` is false (the four category filters are always exact).
 */
export const EXACT_TOTAL_LIMIT = 1000;

export const serverListResponseSchema = z.object({
  data: z.array(serverCardSchema),
  meta: pageMetaSchema.extend({ totalExact: z.boolean() }),
});
export type ServerListResponse = z.infer<typeof serverListResponseSchema>;

export const serverDetailResponseSchema = dataEnvelope(serverDetailSchema);

export const serverIdParamsSchema = z.object({ id: z.string() });

export const gameFacetSchema = z.object({
  id: z.enum(GAMES),
  name: z.string(),
  defaultPort: z.number().int(),
  /** Listings of this game under the current filters, leaving out the game filter itself. */
  listings: z.number().int(),
});
export type GameFacet = z.infer<typeof gameFacetSchema>;

export const regionFacetSchema = regionRefSchema.extend({
  /** Listings in this region under the current filters, leaving out the region filter itself. */
  listings: z.number().int(),
});
export type RegionFacet = z.infer<typeof regionFacetSchema>;

export const gameFacetsResponseSchema = dataEnvelope(z.array(gameFacetSchema));
export const regionFacetsResponseSchema = dataEnvelope(z.array(regionFacetSchema));
