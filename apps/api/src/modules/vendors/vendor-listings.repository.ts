import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  listingChanges,
  listingImages,
  regions,
  serverListings,
  serverStatusChecks,
} from '../../db/schema/catalog';

/** A vendor's listings as the vendor area reads them (decision 038): deleted ones left out. */
const columns = {
  id: serverListings.id,
  name: serverListings.name,
  gameId: serverListings.gameId,
  regionCode: serverListings.regionCode,
  regionName: regions.name,
  regionCountry: regions.country,
  cpu: serverListings.cpu,
  ram: serverListings.ram,
  storage: serverListings.storage,
  priceMicro: serverListings.priceMicro,
  description: serverListings.description,
  image: serverListings.image,
  host: serverListings.host,
  queryPort: serverListings.queryPort,
  status: serverListings.status,
  availability: serverListings.availability,
  playersCurrent: serverListings.playersCurrent,
  playersMax: serverListings.playersMax,
  vendorActive: serverListings.vendorActive,
  checkedAt: serverListings.checkedAt,
  createdAt: serverListings.createdAt,
  updatedAt: serverListings.updatedAt,
  lastCheckedAt: serverStatusChecks.lastCheckedAt,
  lastAnswerAt: serverStatusChecks.lastAnswerAt,
  lastError: serverStatusChecks.lastError,
};

const selectListings = (db: Executor) =>
  db
    .select(columns)
    .from(serverListings)
    .innerJoin(regions, eq(regions.code, serverListings.regionCode))
    .leftJoin(serverStatusChecks, eq(serverStatusChecks.listingId, serverListings.id));

const mine = (vendorId: string) =>
  and(eq(serverListings.vendorId, vendorId), isNull(serverListings.deletedAt));

export async function listingsOf(db: Executor, vendorId: string) {
  return selectListings(db)
    .where(mine(vendorId))
    .orderBy(desc(serverListings.createdAt), asc(serverListings.id));
}
export type VendorListingRow = Awaited<ReturnType<typeof listingsOf>>[number];

export async function listingOf(
  db: Executor,
  vendorId: string,
  id: string,
): Promise<VendorListingRow | null> {
  const [row] = await selectListings(db).where(and(mine(vendorId), eq(serverListings.id, id)));
  return row ?? null;
}

/** The listing, locked for a change: another change or a renter's claim waits for this one. */
export async function lockListing(db: Executor, vendorId: string, id: string) {
  const [row] = await db
    .select({
      id: serverListings.id,
      gameId: serverListings.gameId,
      host: serverListings.host,
      queryPort: serverListings.queryPort,
      priceMicro: serverListings.priceMicro,
      status: serverListings.status,
      availability: serverListings.availability,
    })
    .from(serverListings)
    .where(and(mine(vendorId), eq(serverListings.id, id)))
    .for('update');
  return row ?? null;
}

export async function regionExists(db: Executor, code: string) {
  const [row] = await db.select({ code: regions.code }).from(regions).where(eq(regions.code, code));
  return Boolean(row);
}

/**
 * Whether another listing (of any vendor, not deleted) names this game server. The transaction
 * first takes a lock on the address, so two listings of one server made at once cannot both pass.
 */
export async function addressTaken(
  db: Executor,
  host: string,
  queryPort: number,
  exceptId?: string,
) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`listing-address:${host}:${queryPort}`}))`,
  );
  const [row] = await db
    .select({ id: serverListings.id })
    .from(serverListings)
    .where(
      and(
        eq(serverListings.host, host),
        eq(serverListings.queryPort, queryPort),
        isNull(serverListings.deletedAt),
        exceptId ? ne(serverListings.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export type ListingValues = Pick<
  typeof serverListings.$inferInsert,
  | 'name'
  | 'gameId'
  | 'regionCode'
  | 'cpu'
  | 'ram'
  | 'storage'
  | 'playersMax'
  | 'priceMicro'
  | 'description'
  | 'host'
  | 'queryPort'
>;

/** A new listing: out of the catalog until its game server answers (checked_at null). */
export async function insertListing(db: Executor, vendorId: string, values: ListingValues) {
  const [row] = await db
    .insert(serverListings)
    .values({
      ...values,
      vendorId,
      priceUnit: 'hour',
      status: 'offline',
      availability: 'AVAILABLE',
      checkedAt: null,
    })
    .returning({ id: serverListings.id });
  return row!.id;
}

/**
 * Saves the vendor's edit. When the game or the address changed, the listing leaves the catalog
 * until the game server answers again, shown offline meanwhile, and its status check is due now.
 */
export async function updateListing(
  db: Executor,
  id: string,
  values: ListingValues,
  recheck: boolean,
) {
  await db
    .update(serverListings)
    .set({
      ...values,
      ...(recheck
        ? {
            checkedAt: null,
            status: sql`case when status = 'maintenance' then status else 'offline' end`,
            playersCurrent: 0,
          }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(serverListings.id, id));
  if (recheck) await checkNow(db, id);
}

/** Makes the status job ask the game server at its next tick. */
export async function checkNow(db: Executor, id: string) {
  await db
    .update(serverStatusChecks)
    .set({ nextCheckAt: sql`now()`, misses: 0, lastError: null })
    .where(eq(serverStatusChecks.listingId, id));
}

/** Pause: shown in maintenance, not rentable. Only an unrented listing. */
export async function pauseListing(db: Executor, id: string) {
  const rows = await db
    .update(serverListings)
    .set({
      status: 'maintenance',
      availability: 'MAINTENANCE',
      playersCurrent: 0,
      updatedAt: sql`now()`,
    })
    .where(and(eq(serverListings.id, id), ne(serverListings.availability, 'RENTED')))
    .returning({ id: serverListings.id });
  return rows.length > 0;
}

/** Resume: offline until the status job hears the game server, which it asks at once. */
export async function resumeListing(db: Executor, id: string) {
  await db
    .update(serverListings)
    .set({ status: 'offline', availability: 'AVAILABLE', updatedAt: sql`now()` })
    .where(and(eq(serverListings.id, id), eq(serverListings.availability, 'MAINTENANCE')));
  await checkNow(db, id);
}

/** Deletes (keeps the row for the rentals and the ledger that name it). Only an unrented one. */
export async function deleteListing(db: Executor, id: string) {
  const rows = await db
    .update(serverListings)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(serverListings.id, id), ne(serverListings.availability, 'RENTED')))
    .returning({ id: serverListings.id });
  return rows.length > 0;
}

export async function insertChanges(
  db: Executor,
  rows: Array<{
    listingId: string;
    field: 'price' | 'game';
    fromValue: string;
    toValue: string;
    changedBy: string;
  }>,
) {
  if (rows.length > 0) await db.insert(listingChanges).values(rows);
}

export async function changesOf(db: Executor, listingId: string) {
  return db
    .select({
      field: listingChanges.field,
      fromValue: listingChanges.fromValue,
      toValue: listingChanges.toValue,
      createdAt: listingChanges.createdAt,
    })
    .from(listingChanges)
    .where(eq(listingChanges.listingId, listingId))
    .orderBy(desc(listingChanges.createdAt), desc(listingChanges.id))
    .limit(50);
}

/** Stores a resized image and points the listing at its new versioned path. */
export async function saveImage(
  db: Executor,
  listingId: string,
  image: { contentType: string; width: number; height: number; data: Uint8Array },
) {
  const [saved] = await db
    .insert(listingImages)
    .values({ listingId, ...image })
    .onConflictDoUpdate({
      target: listingImages.listingId,
      set: { ...image, version: sql`${listingImages.version} + 1`, updatedAt: sql`now()` },
    })
    .returning({ version: listingImages.version });
  const path = `/api/listing-images/${listingId}/${saved!.version}`;
  await db
    .update(serverListings)
    .set({ image: path, updatedAt: sql`now()` })
    .where(eq(serverListings.id, listingId));
  return path;
}

export async function removeImage(db: Executor, listingId: string) {
  await db.delete(listingImages).where(eq(listingImages.listingId, listingId));
  await db
    .update(serverListings)
    .set({ image: null, updatedAt: sql`now()` })
    .where(eq(serverListings.id, listingId));
}

/** An image to serve: only the current version of a listing that is not deleted. */
export async function findImage(db: Executor, listingId: string, version: number) {
  const [row] = await db
    .select({
      contentType: listingImages.contentType,
      data: listingImages.data,
      updatedAt: listingImages.updatedAt,
    })
    .from(listingImages)
    .innerJoin(serverListings, eq(serverListings.id, listingImages.listingId))
    .where(
      and(
        eq(listingImages.listingId, listingId),
        eq(listingImages.version, version),
        isNull(serverListings.deletedAt),
      ),
    );
  return row ?? null;
}
