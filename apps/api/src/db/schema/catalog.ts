import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
/** A 64-bit transaction id, as text (it does not wrap around, unlike `xid`). */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * The games the storefront rents servers for, with how their status is asked. Rows come with the
 * migration (they are the product's GAMES).
 */
export const games = pgTable('games', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** The port players connect to when the vendor did not change it. */
  defaultPort: integer('default_port').notNull(),
  /** The port the status query goes to by default. */
  defaultQueryPort: integer('default_query_port').notNull(),
  /** Query port = game port + offset, for games that tie the two; null where it is its own setting (ARK). */
  queryPortOffset: integer('query_port_offset'),
  /** The id of the game in gamedig's games list. */
  gamedigType: text('gamedig_type').notNull(),
  /** The gamedig protocol the status job speaks: valve (A2S) or minecraftvanilla (server list ping). */
  queryProtocol: text('query_protocol').notNull(),
});

/** Where servers run. Rows come with the migration; a short code is the filter value. */
export const regions = pgTable('regions', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  country: text('country').notNull(),
});

/**
 * A game server a vendor lists for rent. status and players are written by the status job from
 * what the game server itself answers (only when they change); the list calls only read them.
 */
export const serverListings = pgTable(
  'server_listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id),
    regionCode: text('region_code')
      .notNull()
      .references(() => regions.code),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    cpu: text('cpu'),
    ram: text('ram'),
    storage: text('storage'),
    image: text('image'),
    /** Micro-USDT per price unit. */
    priceMicro: bigint('price_micro', { mode: 'bigint' }).notNull(),
    priceUnit: text('price_unit').notNull().default('hour'),
    /** online | offline | maintenance */
    status: text('status').notNull().default('offline'),
    /** AVAILABLE | RENTED | MAINTENANCE */
    availability: text('availability').notNull().default('AVAILABLE'),
    /**
     * The order of the availability sort: 0 rentable now (online and AVAILABLE), 1 rented, 2 the
     * rest (maintenance, or offline). The Available filter is `availability_rank = 0`.
     */
    availabilityRank: smallint('availability_rank').generatedAlwaysAs(
      sql`case when status = 'online' and availability = 'AVAILABLE' then 0 when availability = 'RENTED' then 1 else 2 end`,
    ),
    playersCurrent: integer('players_current').notNull().default(0),
    playersMax: integer('players_max').notNull().default(0),
    /** 0-100, higher is better. */
    performanceScore: integer('performance_score').notNull().default(0),
    /** Rentals so far. */
    popularity: integer('popularity').notNull().default(0),
    host: text('host').notNull(),
    /** False while its vendor is suspended or closed (decision 037). */
    vendorActive: boolean('vendor_active').notNull().default(true),
    /**
     * When its game server first answered a status query after the listing was made or its game
     * or address changed (decision 038); null while that check is waiting. A row written without
     * it (a seed, an operator) counts as checked; the vendor's path writes null.
     */
    checkedAt: timestamptz('checked_at').defaultNow(),
    /** Deleted by its vendor; kept for the rentals and the ledger that name it. */
    deletedAt: timestamptz('deleted_at'),
    /**
     * In the catalog: its vendor active, its check passed, not deleted. Otherwise it cannot be
     * found, counted or rented; rentals already running run to their end.
     */
    listed: boolean('listed').generatedAlwaysAs(
      sql`vendor_active and checked_at is not null and deleted_at is null`,
    ),
    queryPort: integer('query_port').notNull(),
    /** What `q` searches: name and description, lower-cased, under a trigram index. */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(name || ' ' || description)`),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /**
     * The transaction that last wrote the row (set by a trigger on every update). Each instance's
     * catalog read model asks for the rows written since the oldest transaction that was still
     * open at its last read (decision 062).
     */
    changeXid: xid8('change_xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [
    check('server_listings_status_check', sql`${t.status} in ('online', 'offline', 'maintenance')`),
    check(
      'server_listings_availability_check',
      sql`${t.availability} in ('AVAILABLE', 'RENTED', 'MAINTENANCE')`,
    ),
    check('server_listings_price_unit_check', sql`${t.priceUnit} in ('hour', 'day', 'month')`),
    check('server_listings_price_check', sql`${t.priceMicro} > 0`),
    check('server_listings_players_check', sql`${t.playersCurrent} >= 0 and ${t.playersMax} >= 0`),
    check('server_listings_performance_check', sql`${t.performanceScore} between 0 and 100`),
    check('server_listings_query_port_check', sql`${t.queryPort} between 1 and 65535`),
    // One index per sort, each ending in id so that pages keep a stable order.
    index('server_listings_price_idx').on(t.priceMicro, t.id),
    index('server_listings_performance_idx').on(t.performanceScore.desc(), t.id),
    index('server_listings_popularity_idx').on(t.popularity.desc(), t.id),
    index('server_listings_availability_idx').on(t.availabilityRank, t.priceMicro, t.id),
    // The common "this game, this region, under this price" search.
    index('server_listings_game_region_price_idx').on(t.gameId, t.regionCode, t.priceMicro, t.id),
    index('server_listings_region_idx').on(t.regionCode),
    index('server_listings_vendor_idx').on(t.vendorId),
    index('server_listings_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('server_listings_change_xid_idx').on(t.changeXid),
  ],
);

/**
 * One row whose epoch goes up, in the writing transaction, when listings are deleted or truncated
 * or a region changes: changes the read model cannot see row by row, so it reloads the catalog.
 */
export const catalogEpoch = pgTable(
  'catalog_epoch',
  {
    id: smallint('id').primaryKey().default(1),
    epoch: bigint('epoch', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalog_epoch_one_row', sql`${t.id} = 1`)],
);

/**
 * Listings per (game, region, status, availability), kept exact by statement triggers on
 * server_listings (see the catalog migration). The list total and the facets read these few rows
 * instead of counting listings, when only those four filters are set.
 */
export const catalogCounts = pgTable(
  'catalog_counts',
  {
    gameId: text('game_id').notNull(),
    regionCode: text('region_code').notNull(),
    status: text('status').notNull(),
    availability: text('availability').notNull(),
    /**
     * Which of 16 counters of the category holds this listing's count (from a hash of its id), so
     * that renting two servers of one game and region updates two rows, not one: every rent and
     * cancel flips a listing's availability, and one row per category was the money path's lock
     * queue. Readers sum over the buckets.
     */
    bucket: smallint('bucket').notNull().default(0),
    listings: integer('listings').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.regionCode, t.status, t.availability, t.bucket] })],
);

/**
 * The status job's bookkeeping, one row per listing, apart from the listing so that its frequent
 * writes never touch the listing's indexes. A worker claims due rows with a lease (holder, until)
 * so that only one instance queries a given game server at a time.
 */
export const serverStatusChecks = pgTable(
  'server_status_checks',
  {
    listingId: uuid('listing_id')
      .primaryKey()
      .references(() => serverListings.id, { onDelete: 'cascade' }),
    nextCheckAt: timestamptz('next_check_at').notNull().defaultNow(),
    /** Queries in a row that got no answer; reset by an answer. */
    misses: integer('misses').notNull().default(0),
    leaseHolder: text('lease_holder'),
    leaseUntil: timestamptz('lease_until'),
    /** When the game server was last asked, answered or not. */
    lastCheckedAt: timestamptz('last_checked_at'),
    /** When the game server last answered. */
    lastAnswerAt: timestamptz('last_answer_at'),
    lastError: text('last_error'),
  },
  (t) => [index('server_status_checks_due_idx').on(t.nextCheckAt)],
);

/**
 * Status checks counted by listing and day (UTC), for the uptime the vendor's Overview shows
 * (issue 16 point 3): every check the status job records adds to its day, in the same statement.
 */
export const serverStatusDays = pgTable(
  'server_status_days',
  {
    listingId: uuid('listing_id')
      .notNull()
      .references(() => serverListings.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    checks: integer('checks').notNull().default(0),
    /** Checks the game server answered. */
    answered: integer('answered').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.day] }),
    check('server_status_days_answered_check', sql`${t.answered} between 0 and ${t.checks}`),
  ],
);

/**
 * Status checks counted by listing and hour (UTC, the hour's start), with the players the answers
 * reported: the measured evidence of a rental dispute (issue 17 point 4). Written like
 * `server_status_days`, in the statement that records each check; an hour without a row had no
 * check at all (a gap in the measurement, not an outage).
 */
export const serverStatusHours = pgTable(
  'server_status_hours',
  {
    listingId: uuid('listing_id')
      .notNull()
      .references(() => serverListings.id, { onDelete: 'cascade' }),
    hour: timestamptz('hour').notNull(),
    checks: integer('checks').notNull().default(0),
    /** Checks the game server answered. */
    answered: integer('answered').notNull().default(0),
    /** The most players one answer of the hour reported. */
    playersMax: integer('players_max').notNull().default(0),
    /** Players summed over the answers: divided by `answered`, the hour's average. */
    playersSum: integer('players_sum').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.listingId, t.hour] }),
    check('server_status_hours_answered_check', sql`${t.answered} between 0 and ${t.checks}`),
    check('server_status_hours_players_check', sql`${t.playersMax} >= 0 and ${t.playersSum} >= 0`),
  ],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Changes to a listing that renters care about, kept for the record (decision 038): its price and
 * its game. Append-only.
 */
export const listingChanges = pgTable(
  'listing_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => serverListings.id, { onDelete: 'cascade' }),
    /** price | game */
    field: text('field').notNull(),
    fromValue: text('from_value').notNull(),
    toValue: text('to_value').notNull(),
    changedBy: uuid('changed_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('listing_changes_field_check', sql`${t.field} in ('price', 'game')`),
    index('listing_changes_listing_idx').on(t.listingId, t.createdAt.desc()),
  ],
);

/**
 * A listing's image as the API resized it (WebP), served from the app under a versioned path, in
 * the database so that every instance serves it (decision 038).
 */
export const listingImages = pgTable('listing_images', {
  listingId: uuid('listing_id')
    .primaryKey()
    .references(() => serverListings.id, { onDelete: 'cascade' }),
  /** Raised on each upload; part of the image's path, so that a new image is a new URL. */
  version: integer('version').notNull().default(1),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  data: bytea('data').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
