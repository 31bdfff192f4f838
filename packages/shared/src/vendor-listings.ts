import { z } from 'zod';
import { regionRefSchema, SERVER_AVAILABILITIES, SERVER_STATUSES } from './catalog';
import { GAMES } from './constants';
import { dataEnvelope } from './envelope';
import { formatUsdt, isUsdtAmount, MAX_LISTING_PRICE_MICRO, parseUsdt } from './money';
import { textFieldSchema } from './text';

/**
 * A vendor's listings (issue 16 point 4, decision 038): created, edited, paused, resumed and
 * deleted from the vendor area. A new listing, or one whose game or address changed, stays out of
 * the catalog until the status job hears the game server answer.
 */

/** The lowest hourly price a listing may ask: one cent. */
export const MIN_LISTING_PRICE_MICRO = 10_000n;
export const LISTING_NAME_MAX = 80;
export const LISTING_DESCRIPTION_MAX = 5000;
export const LISTING_SPEC_MAX = 60;
export const LISTING_PLAYERS_MAX = 1000;
/** The longest side of a listing's image once the API has resized it, in pixels. */
export const LISTING_IMAGE_MAX_SIDE = 1280;
/** The largest image file the API takes before resizing it. */
export const LISTING_IMAGE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Where a listing stands for its vendor:
 * CHECKING: not yet in the catalog, waiting for its game server to answer a status query.
 * LIVE: in the catalog.
 * PAUSED: in the catalog, shown in maintenance, not rentable.
 * HIDDEN: out of the catalog while the vendor is suspended or closed.
 */
export const LISTING_STATES = ['CHECKING', 'LIVE', 'PAUSED', 'HIDDEN'] as const;
export type ListingState = (typeof LISTING_STATES)[number];
export const LISTING_STATE_LABELS: Record<ListingState, string> = {
  CHECKING: 'Checking',
  LIVE: 'Live',
  PAUSED: 'Paused',
  HIDDEN: 'Hidden',
};

const listingPrice = z
  .string({ message: 'Enter a price per hour' })
  .trim()
  .refine(isUsdtAmount, { message: 'Enter a price such as 0.25 (at most 6 decimals)' })
  .refine((value) => !isUsdtAmount(value) || parseUsdt(value) >= MIN_LISTING_PRICE_MICRO, {
    message: 'The price must be at least 0.01 USDT an hour',
  })
  .refine((value) => !isUsdtAmount(value) || parseUsdt(value) <= MAX_LISTING_PRICE_MICRO, {
    message: `The price must be at most ${formatUsdt(MAX_LISTING_PRICE_MICRO, 0)} USDT an hour`,
  });

/** A host name or an IPv4 address, never a URL: what players and the status query connect to. */
export const GAME_HOST_SHAPE =
  /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** An empty field is no value: '' and blanks read as not given. */
const blankIsMissing = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value === null ? undefined : value;

const optionalSpec = (label: string) =>
  z
    .preprocess(blankIsMissing, textFieldSchema({ label, max: LISTING_SPEC_MAX }).optional())
    .transform((value) => value ?? null);

export const vendorListingInputSchema = z.object({
  name: textFieldSchema({ label: 'The name', min: 3, max: LISTING_NAME_MAX }),
  game: z.enum(GAMES, { message: 'Choose a game' }),
  region: z.string().regex(/^[a-z0-9-]{2,16}$/, { message: 'Choose a region' }),
  cpu: optionalSpec('The CPU'),
  ram: optionalSpec('The memory'),
  storage: optionalSpec('The storage'),
  playersMax: z.coerce
    .number({ message: 'Enter the player slots' })
    .int('Enter a whole number of player slots')
    .min(1, 'A server has at least 1 player slot')
    .max(LISTING_PLAYERS_MAX, `At most ${LISTING_PLAYERS_MAX} player slots`),
  price: listingPrice,
  description: z.preprocess(
    blankIsMissing,
    textFieldSchema({
      label: 'The description',
      max: LISTING_DESCRIPTION_MAX,
      multiline: true,
    }).default(''),
  ),
  host: z
    .string({ message: 'Enter the game server’s address' })
    .trim()
    .toLowerCase()
    .refine((value) => GAME_HOST_SHAPE.test(value), {
      message:
        'Enter a host name or IP address such as play.example.com, without http:// or a port',
    }),
  queryPort: z.coerce
    .number({ message: 'Enter the query port' })
    .int('Enter a port from 1 to 65535')
    .min(1, 'Enter a port from 1 to 65535')
    .max(65535, 'Enter a port from 1 to 65535'),
});
export type VendorListingInput = z.input<typeof vendorListingInputSchema>;
export type VendorListingValues = z.output<typeof vendorListingInputSchema>;

/** A change that renters would care about, kept for the record: price and game. */
export const listingChangeSchema = z.object({
  field: z.enum(['price', 'game']),
  from: z.string(),
  to: z.string(),
  at: z.string(),
});
export type ListingChange = z.infer<typeof listingChangeSchema>;

export const vendorListingSchema = z.object({
  id: z.string(),
  name: z.string(),
  game: z.enum(GAMES),
  region: regionRefSchema,
  cpu: z.string().nullable(),
  ram: z.string().nullable(),
  storage: z.string().nullable(),
  playersMax: z.number().int(),
  /** Exact USDT per hour. */
  price: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  host: z.string(),
  queryPort: z.number().int(),
  state: z.enum(LISTING_STATES),
  /** What the game server answers, as renters see it. */
  status: z.enum(SERVER_STATUSES),
  availability: z.enum(SERVER_AVAILABILITIES),
  players: z.object({ current: z.number().int(), max: z.number().int() }),
  lastCheckedAt: z.string().nullable(),
  lastAnswerAt: z.string().nullable(),
  /** Why the last status query failed, in plain words; null when it answered. */
  lastError: z.string().nullable(),
  /** When the listing entered the catalog after its check; null while checking. */
  checkedAt: z.string().nullable(),
  /** A rental is running on it: it cannot be deleted, nor its game or address changed. */
  rented: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VendorListing = z.infer<typeof vendorListingSchema>;

export const vendorListingDetailSchema = vendorListingSchema.extend({
  changes: z.array(listingChangeSchema),
});
export type VendorListingDetail = z.infer<typeof vendorListingDetailSchema>;

export const vendorListingsResponseSchema = dataEnvelope(z.array(vendorListingSchema));
export const vendorListingResponseSchema = dataEnvelope(vendorListingDetailSchema);
export const vendorListingParamsSchema = z.object({ id: z.string() });
