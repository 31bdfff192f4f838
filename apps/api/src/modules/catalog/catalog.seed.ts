import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { countAllListings, insertListings, type NewListing } from './catalog.repository';
import { DEMO_HOST, DEMO_LISTINGS } from './catalog-demo-listings';

/** Any number will do as long as no other part of the product takes the same advisory lock. */
const SEED_LOCK_KEY = 7_211_442_004;

/**
 * Fills an empty catalog with the demo listings, spread over `vendorIds` (Nordic Frag Hosting
 * first, Pacific Game Cloud second). Does nothing when any listing exists; instances starting
 * together take turns on an advisory lock, so the catalog is seeded once. Answers how many
 * listings it added.
 */
export async function seedCatalog(
  db: Database,
  vendorIds: string[],
  /** Where the demo game servers answer: listing i queries port portBase + i. */
  { portBase = 39100 }: { portBase?: number } = {},
): Promise<number> {
  if (vendorIds.length === 0) throw new Error('seedCatalog needs at least one vendor');
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if ((await countAllListings(tx)) > 0) return 0;
    const listings: NewListing[] = DEMO_LISTINGS.map((listing) => ({
      vendorId: vendorIds[listing.vendor % vendorIds.length]!,
      gameId: listing.game,
      regionCode: listing.region,
      name: listing.name,
      description: listing.description,
      cpu: listing.cpu,
      ram: listing.ram,
      storage: listing.storage,
      priceMicro: listing.priceMicro,
      priceUnit: 'hour',
      // Online/offline and players come from the demo game servers through the status job.
      status: listing.behaviour === 'maintenance' ? 'maintenance' : 'offline',
      availability: listing.availability,
      playersCurrent: 0,
      playersMax: listing.slots,
      performanceScore: listing.performance,
      popularity: listing.popularity,
      host: DEMO_HOST,
      queryPort: portBase + listing.index,
    }));
    await insertListings(tx, listings);
    return listings.length;
  });
}
