import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { games, regions, serverListings } from '../../db/schema/catalog';

/**
 * What the rentals module may do to a listing, through the catalog: take it for a rental (only
 * when online and AVAILABLE; the conditional update makes one of many simultaneous renters win)
 * and give it back when the rental ends.
 */
export async function claimListingForRental(tx: Executor, listingId: string) {
  const [claimed] = await tx
    .update(serverListings)
    .set({
      availability: 'RENTED',
      popularity: sql`${serverListings.popularity} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(serverListings.id, listingId),
        eq(serverListings.availability, 'AVAILABLE'),
        eq(serverListings.status, 'online'),
        eq(serverListings.listed, true),
      ),
    )
    .returning({
      id: serverListings.id,
      vendorId: serverListings.vendorId,
      priceMicro: serverListings.priceMicro,
      priceUnit: serverListings.priceUnit,
    });
  return claimed;
}

/** Takes a vendor's listings out of the catalog (suspended, closed) or puts them back (active). */
export async function setVendorListingsListed(tx: Executor, vendorId: string, listed: boolean) {
  await tx
    .update(serverListings)
    .set({ vendorActive: listed, updatedAt: sql`now()` })
    .where(and(eq(serverListings.vendorId, vendorId), eq(serverListings.vendorActive, !listed)));
}

export async function releaseListingAfterRental(tx: Executor, listingId: string) {
  await tx
    .update(serverListings)
    .set({ availability: 'AVAILABLE', updatedAt: sql`now()` })
    .where(and(eq(serverListings.id, listingId), eq(serverListings.availability, 'RENTED')));
}

/**
 * Whether a listing is in the catalog to rent: an unknown one, or one of a suspended or closed
 * vendor, is not.
 */
export async function listingExists(tx: Executor, listingId: string) {
  const [row] = await tx
    .select({ id: serverListings.id })
    .from(serverListings)
    .where(and(eq(serverListings.id, listingId), eq(serverListings.listed, true)));
  return Boolean(row);
}

/** Name, game, region and where players connect, for the rentals views. */
export async function listingSummaries(tx: Executor, listingIds: string[]) {
  if (listingIds.length === 0) return new Map<string, ListingSummary>();
  const rows = await tx
    .select({
      id: serverListings.id,
      name: serverListings.name,
      game: serverListings.gameId,
      regionCode: serverListings.regionCode,
      regionName: regions.name,
      regionCountry: regions.country,
      host: serverListings.host,
      queryPort: serverListings.queryPort,
      defaultPort: games.defaultPort,
      offset: games.queryPortOffset,
    })
    .from(serverListings)
    .innerJoin(games, eq(games.id, serverListings.gameId))
    .innerJoin(regions, eq(regions.code, serverListings.regionCode))
    .where(sql`${serverListings.id} in ${listingIds}`);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        name: row.name,
        game: row.game,
        region: { code: row.regionCode, name: row.regionName, country: row.regionCountry },
        host: row.host,
        // The game port: the query port less the game's offset where the two are tied.
        port: row.offset === null ? row.defaultPort : row.queryPort - row.offset,
      },
    ]),
  );
}

export interface ListingSummary {
  name: string;
  game: string;
  region: { code: string; name: string; country: string };
  host: string;
  port: number;
}
