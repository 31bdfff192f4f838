import { and, asc, count, eq, gte, lte, sql, sum, type Placeholder, type SQL } from 'drizzle-orm';
import type { Game } from '@crimsonhost/shared/constants';
import type { ServerAvailability, ServerSort, ServerStatus } from '@crimsonhost/shared/catalog';
import { queryRows, type Executor } from '../../db/client';
import {
  catalogCounts,
  games,
  regions,
  serverListings,
  serverStatusChecks,
  users,
} from '../../db/schema/index';

/** Filters as the repository takes them: prices already in micro-USDT. */
export interface ListingFilters {
  q?: string;
  game?: Game;
  region?: string;
  status?: ServerStatus;
  availability?: ServerAvailability;
  minPriceMicro?: bigint;
  maxPriceMicro?: bigint;
}

export const cardColumns = {
  id: serverListings.id,
  name: serverListings.name,
  status: serverListings.status,
  availability: serverListings.availability,
  gameId: serverListings.gameId,
  regionCode: serverListings.regionCode,
  regionName: regions.name,
  regionCountry: regions.country,
  cpu: serverListings.cpu,
  ram: serverListings.ram,
  storage: serverListings.storage,
  image: serverListings.image,
  priceMicro: serverListings.priceMicro,
  priceUnit: serverListings.priceUnit,
  playersCurrent: serverListings.playersCurrent,
  playersMax: serverListings.playersMax,
  performanceScore: serverListings.performanceScore,
  popularity: serverListings.popularity,
};

/** Only the four filters that catalog_counts holds: totals and facets can then skip counting. */
function isCountable(filters: ListingFilters): boolean {
  return !filters.q && filters.minPriceMicro === undefined && filters.maxPriceMicro === undefined;
}

/** `%term%` for LIKE, with the pattern characters of the term taken literally. */
function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type Dimension = 'game' | 'region';

/**
 * Available means a renter can rent it now: online as well as AVAILABLE (an offline server's
 * availability still says AVAILABLE). That is rank 0, which the availability index serves.
 */
function availabilityCondition(
  availability: ServerAvailability | undefined,
  bind: Bind = inline,
): SQL | undefined {
  if (availability === 'AVAILABLE') return eq(serverListings.availabilityRank, 0);
  return availability
    ? eq(serverListings.availability, bind('availability', availability))
    : undefined;
}

/**
 * A filter value in a condition: the value itself, or, for a query prepared once per shape of
 * filters (`preparedPage`), a placeholder of that name filled at each execution.
 */
type Bind = <T>(name: string, value: T) => T | Placeholder;
const inline: Bind = (_name, value) => value;
const placeholder: Bind = (name) => sql.placeholder(name);

function listingConditions(
  filters: ListingFilters,
  leaveOut?: Dimension,
  bind: Bind = inline,
): SQL | undefined {
  const t = serverListings;
  return and(
    // Listings of a suspended or closed vendor are out of the catalog (decision 037).
    eq(t.listed, true),
    filters.q ? sql`${t.searchText} like ${bind('q', containsPattern(filters.q))}` : undefined,
    filters.game && leaveOut !== 'game' ? eq(t.gameId, bind('game', filters.game)) : undefined,
    filters.region && leaveOut !== 'region'
      ? eq(t.regionCode, bind('region', filters.region))
      : undefined,
    filters.status ? eq(t.status, bind('status', filters.status)) : undefined,
    availabilityCondition(filters.availability, bind),
    filters.minPriceMicro !== undefined
      ? gte(t.priceMicro, bind('minPrice', filters.minPriceMicro))
      : undefined,
    filters.maxPriceMicro !== undefined
      ? lte(t.priceMicro, bind('maxPrice', filters.maxPriceMicro))
      : undefined,
  );
}

/** The values of a shape's placeholders (prices as text: a placeholder is not encoded). */
function placeholderValues(filters: ListingFilters): Record<string, unknown> {
  return {
    q: filters.q ? containsPattern(filters.q) : undefined,
    game: filters.game,
    region: filters.region,
    status: filters.status,
    availability: filters.availability,
    minPrice: filters.minPriceMicro?.toString(),
    maxPrice: filters.maxPriceMicro?.toString(),
  };
}

/** Which filters are set and the sort: queries of one shape differ only in their values. */
function shapeOf(filters: ListingFilters, sort: ServerSort): string {
  const set = (value: unknown) => (value === undefined || value === '' ? '0' : '1');
  return [
    sort,
    set(filters.q),
    set(filters.game),
    set(filters.region),
    set(filters.status),
    filters.availability === 'AVAILABLE' ? 'A' : set(filters.availability),
    set(filters.minPriceMicro),
    set(filters.maxPriceMicro),
  ].join('');
}

function countConditions(
  filters: ListingFilters,
  leaveOut?: Dimension,
  bind: Bind = inline,
): SQL | undefined {
  const c = catalogCounts;
  return and(
    filters.game && leaveOut !== 'game' ? eq(c.gameId, bind('game', filters.game)) : undefined,
    filters.region && leaveOut !== 'region'
      ? eq(c.regionCode, bind('region', filters.region))
      : undefined,
    filters.status ? eq(c.status, bind('status', filters.status)) : undefined,
    filters.availability === 'AVAILABLE'
      ? and(eq(c.status, 'online'), eq(c.availability, 'AVAILABLE'))
      : filters.availability
        ? eq(c.availability, bind('availability', filters.availability))
        : undefined,
  );
}

/**
 * Each sort ends in the id, so that rows with equal keys keep one order across pages. The
 * `nulls last` matches the indexes of the descending sorts (the columns are never null).
 */
function sortOrder(sort: ServerSort): SQL[] {
  const t = serverListings;
  switch (sort) {
    case 'price_asc':
      return [sql`${t.priceMicro} asc`, sql`${t.id} asc`];
    case 'price_desc':
      return [sql`${t.priceMicro} desc`, sql`${t.id} desc`];
    case 'performance':
      return [sql`${t.performanceScore} desc nulls last`, sql`${t.id} asc`];
    case 'popularity':
      return [sql`${t.popularity} desc nulls last`, sql`${t.id} asc`];
    case 'availability':
      return [sql`${t.availabilityRank} asc`, sql`${t.priceMicro} asc`, sql`${t.id} asc`];
  }
}

/**
 * The list's queries for each shape of filters and sort, built once per database (drizzle's query
 * building measured at about a quarter of the API's CPU time on an uncached list) and executed
 * with the request's values. They are prepared without a name: the SQL text is kept here, while
 * PostgreSQL still plans each execution for its values, so a rare game and a common one each get
 * their own plan. A handful of shapes exist (the sorts times the filters set), so the map stays
 * small.
 */
const preparedQueries = new WeakMap<Executor, Map<string, unknown>>();

function prepared<Query>(db: Executor, key: string, prepare: () => Query): Query {
  let queries = preparedQueries.get(db);
  if (!queries) preparedQueries.set(db, (queries = new Map<string, unknown>()));
  let query = queries.get(key) as Query | undefined;
  if (!query) queries.set(key, (query = prepare()));
  return query;
}

export async function selectListingPage(
  db: Executor,
  filters: ListingFilters,
  sort: ServerSort,
  limit: number,
  offset: number,
) {
  return prepared(db, `page ${shapeOf(filters, sort)}`, () =>
    db
      .select(cardColumns)
      .from(serverListings)
      .innerJoin(regions, eq(regions.code, serverListings.regionCode))
      .where(listingConditions(filters, undefined, placeholder))
      .orderBy(...sortOrder(sort))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(''),
  ).execute({ ...placeholderValues(filters), limit, offset });
}

export type ListingCardRow = Awaited<ReturnType<typeof selectListingPage>>[number];

/**
 * The number of listings under the filters. Category filters alone read catalog_counts (exact,
 * whatever the size). A search or price range is counted up to `exactLimit` matches; past that
 * the planner's estimate stands in, so the cost does not grow with the matches.
 */
export async function countListings(
  db: Executor,
  filters: ListingFilters,
  exactLimit: number,
): Promise<{ total: number; exact: boolean }> {
  if (isCountable(filters)) {
    const rows = await prepared(db, `count ${shapeOf(filters, 'popularity')}`, () =>
      db
        .select({ total: sum(catalogCounts.listings).mapWith(Number) })
        .from(catalogCounts)
        .where(countConditions(filters, undefined, placeholder))
        .prepare(''),
    ).execute(placeholderValues(filters));
    return { total: rows[0]?.total ?? 0, exact: true };
  }
  const where = listingConditions(filters);
  const matches = db
    .select({ one: sql`1` })
    .from(serverListings)
    .where(where)
    .limit(exactLimit + 1)
    .as('matches');
  const [counted] = await db.select({ total: count() }).from(matches);
  const total = counted?.total ?? 0;
  if (total <= exactLimit) return { total, exact: true };
  const [plan] = await queryRows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    db,
    sql`explain (format json) select 1 from ${serverListings} where ${where ?? sql`true`}`,
  );
  const estimate = Math.round(plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
  return { total: Math.max(estimate, exactLimit + 1), exact: false };
}

/** Listings per game under the filters, leaving out the game filter. */
export async function countByGame(db: Executor, filters: ListingFilters) {
  const counted = isCountable(filters)
    ? db
        .select({
          key: catalogCounts.gameId,
          listings: sum(catalogCounts.listings).mapWith(Number),
        })
        .from(catalogCounts)
        .where(countConditions(filters, 'game'))
        .groupBy(catalogCounts.gameId)
    : db
        .select({ key: serverListings.gameId, listings: count() })
        .from(serverListings)
        .where(listingConditions(filters, 'game'))
        .groupBy(serverListings.gameId);
  const [rows, all] = await Promise.all([counted, db.select().from(games)]);
  const byKey = new Map(rows.map((row) => [row.key, row.listings]));
  return all.map((game) => ({ ...game, listings: byKey.get(game.id) ?? 0 }));
}

/** Listings per region under the filters, leaving out the region filter. */
export async function countByRegion(db: Executor, filters: ListingFilters) {
  const counted = isCountable(filters)
    ? db
        .select({
          key: catalogCounts.regionCode,
          listings: sum(catalogCounts.listings).mapWith(Number),
        })
        .from(catalogCounts)
        .where(countConditions(filters, 'region'))
        .groupBy(catalogCounts.regionCode)
    : db
        .select({ key: serverListings.regionCode, listings: count() })
        .from(serverListings)
        .where(listingConditions(filters, 'region'))
        .groupBy(serverListings.regionCode);
  const [rows, all] = await Promise.all([
    counted,
    db.select().from(regions).orderBy(asc(regions.name)),
  ]);
  const byKey = new Map(rows.map((row) => [row.key, row.listings]));
  return all.map((region) => ({ ...region, listings: byKey.get(region.code) ?? 0 }));
}

export async function selectListingDetail(db: Executor, id: string) {
  const rows = await db
    .select({
      ...cardColumns,
      description: serverListings.description,
      vendorId: serverListings.vendorId,
      vendorName: users.displayName,
      createdAt: serverListings.createdAt,
      updatedAt: serverListings.updatedAt,
      lastCheckedAt: serverStatusChecks.lastCheckedAt,
      lastAnswerAt: serverStatusChecks.lastAnswerAt,
    })
    .from(serverListings)
    .innerJoin(regions, eq(regions.code, serverListings.regionCode))
    .innerJoin(users, eq(users.id, serverListings.vendorId))
    .leftJoin(serverStatusChecks, eq(serverStatusChecks.listingId, serverListings.id))
    .where(and(eq(serverListings.id, id), eq(serverListings.listed, true)))
    .limit(1);
  return rows[0] ?? null;
}

/** A listed server's name, or null: what the server page's first screen names (decision 068). */
export async function selectListingName(db: Executor, id: string): Promise<string | null> {
  const rows = await db
    .select({ name: serverListings.name })
    .from(serverListings)
    .where(and(eq(serverListings.id, id), eq(serverListings.listed, true)))
    .limit(1);
  return rows[0]?.name ?? null;
}

export type NewListing = typeof serverListings.$inferInsert;

export async function insertListings(db: Executor, listings: NewListing[]) {
  if (listings.length === 0) return;
  await db.insert(serverListings).values(listings);
}

export async function countAllListings(db: Executor): Promise<number> {
  const rows = await db.select({ total: count() }).from(serverListings);
  return rows[0]?.total ?? 0;
}
