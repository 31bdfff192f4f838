import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
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

/** Status checks a demo listing's day holds: one every 30 s, the status job's default pace. */
const DEMO_CHECKS_PER_DAY = 2880;

/**
 * The demo listings' status checks over the 29 days before today, as if the status job had run
 * all along, so that each listing's uptime on the vendor's Overview means something on a fresh
 * demo: game servers that answer miss a few checks now and then, silent ones answer none, and
 * listings in maintenance are not asked. Today is left to the status job itself. Written once:
 * nothing is written when a demo listing already has a day.
 */
export async function seedDemoStatusHistory(db: Database, vendorIds: string[]): Promise<number> {
  const behaviourOf = new Map(DEMO_LISTINGS.map((listing) => [listing.name, listing.behaviour]));
  const listings = await queryRows<{ id: string; name: string; has_days: boolean }>(
    db,
    sql`select l.id, l.name,
               exists (select 1 from server_status_days d where d.listing_id = l.id) as has_days
          from server_listings l
         where l.vendor_id in (${sql.join(
           vendorIds.map((id) => sql`${id}`),
           sql`, `,
         )})
         order by l.name, l.id`,
  );
  if (listings.some((listing) => listing.has_days)) return 0;
  const rows: Array<{ listingId: string; daysAgo: number; answered: number }> = [];
  for (const [index, listing] of listings.entries()) {
    const behaviour = behaviourOf.get(listing.name);
    if (!behaviour || behaviour === 'maintenance') continue;
    for (let daysAgo = 1; daysAgo <= 29; daysAgo += 1) {
      // A few missed answers a day, and on one day in eleven a longer outage.
      const missed =
        ((index * 7 + daysAgo * 13) % 5) * 3 + ((index + daysAgo) % 11 === 0 ? 360 : 0);
      const answered = behaviour === 'silent' ? 0 : DEMO_CHECKS_PER_DAY - missed;
      rows.push({ listingId: listing.id, daysAgo, answered });
    }
  }
  if (rows.length === 0) return 0;
  await db.execute(
    sql`insert into server_status_days (listing_id, day, checks, answered)
        values ${sql.join(
          rows.map(
            (row) =>
              sql`(${row.listingId}, (now() at time zone 'UTC')::date - ${row.daysAgo}::int, ${DEMO_CHECKS_PER_DAY}, ${row.answered})`,
          ),
          sql`, `,
        )}
        on conflict do nothing`,
  );
  return rows.length;
}
