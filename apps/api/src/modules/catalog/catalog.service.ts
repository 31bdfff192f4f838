import { GAMES, type Game } from '@crimsonhost/shared/constants';
import {
  EXACT_TOTAL_LIMIT,
  PRICE_UNITS,
  type GameFacet,
  type PriceUnit,
  type RegionFacet,
  type ServerAvailability,
  type ServerCard,
  type ServerDetail,
  type ServerFilters,
  type ServerListQuery,
  type ServerListResponse,
  type ServerStatus,
} from '@crimsonhost/shared/catalog';
import { parseUsdt, toUsdtString } from '@crimsonhost/shared/money';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/errors';
import {
  countByGame,
  countByRegion,
  countListings,
  selectListingDetail,
  selectListingName,
  selectListingPage,
  type ListingCardRow,
  type ListingFilters,
} from './catalog.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toListingFilters(filters: ServerFilters): ListingFilters {
  return {
    q: filters.q || undefined,
    game: filters.game,
    region: filters.region,
    status: filters.status,
    availability: filters.availability,
    minPriceMicro: filters.minPrice === undefined ? undefined : parseUsdt(filters.minPrice),
    maxPriceMicro: filters.maxPrice === undefined ? undefined : parseUsdt(filters.maxPrice),
  };
}

function priceUnit(value: string): PriceUnit {
  return (PRICE_UNITS as readonly string[]).includes(value) ? (value as PriceUnit) : 'hour';
}

export function toCard(row: ListingCardRow): ServerCard {
  return {
    id: row.id,
    name: row.name,
    status: row.status as ServerStatus,
    availability: row.availability as ServerAvailability,
    game: row.gameId as Game,
    region: { code: row.regionCode, name: row.regionName, country: row.regionCountry },
    cpu: row.cpu,
    ram: row.ram,
    storage: row.storage,
    image: row.image,
    price: toUsdtString(row.priceMicro),
    priceUnit: priceUnit(row.priceUnit),
    players: { current: row.playersCurrent, max: row.playersMax },
    performanceScore: row.performanceScore,
    popularity: row.popularity,
  };
}

export async function listServers(
  db: Executor,
  query: ServerListQuery,
): Promise<ServerListResponse> {
  const filters = toListingFilters(query);
  const offset = (query.page - 1) * query.pageSize;
  const [rows, { total, exact }] = await Promise.all([
    selectListingPage(db, filters, query.sort, query.pageSize, offset),
    countListings(db, filters, EXACT_TOTAL_LIMIT),
  ]);
  return {
    data: rows.map(toCard),
    meta: { page: query.page, pageSize: query.pageSize, total, totalExact: exact },
  };
}

/** A malformed id answers 404 like an unknown one: either way there is no such server. */
export async function getServer(db: Executor, id: string): Promise<ServerDetail> {
  const row = UUID.test(id) ? await selectListingDetail(db, id) : null;
  if (!row) throw notFound('Server');
  return {
    ...toCard(row),
    description: row.description,
    vendor: { id: row.vendorId, name: row.vendorName },
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    lastAnswerAt: row.lastAnswerAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A listed server's name by its id, or null for an unknown, unlisted or malformed id. */
export async function getListingName(db: Executor, id: string): Promise<string | null> {
  return UUID.test(id) ? selectListingName(db, id) : null;
}

/** Games in the product's order (`GAMES`), which the facets keep. */
export function inGameOrder<Row extends { id: string }>(rows: Row[]): Row[] {
  const order = (id: string) => (GAMES as readonly string[]).indexOf(id);
  return rows.sort((a, b) => order(a.id) - order(b.id));
}

export async function listGameFacets(db: Executor, filters: ServerFilters): Promise<GameFacet[]> {
  const rows = inGameOrder(await countByGame(db, toListingFilters(filters)));
  return rows.map((row) => ({
    id: row.id as Game,
    name: row.name,
    defaultPort: row.defaultPort,
    listings: row.listings,
  }));
}

export async function listRegionFacets(
  db: Executor,
  filters: ServerFilters,
): Promise<RegionFacet[]> {
  const rows = await countByRegion(db, toListingFilters(filters));
  return rows.map((row) => ({
    code: row.code,
    name: row.name,
    country: row.country,
    listings: row.listings,
  }));
}
