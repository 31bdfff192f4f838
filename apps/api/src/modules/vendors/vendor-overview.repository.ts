import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { serverListings } from '../../db/schema/catalog';
import { rentals } from '../../db/schema/rentals';
import {
  afterCursor,
  countRows,
  createdMicros,
  historyPage,
  limitOf,
  offsetOf,
  type HistoryPageRequest,
} from '../../lib/history-page';

/**
 * The reads of the vendor area's Overview and "Rentals of my listings" (issue 16 points 3 and 6).
 * Every query starts from the vendor's id on an index: `server_listings_vendor_idx`,
 * `rentals_vendor_idx` (vendor_id, created_at DESC), the vendor's ledger accounts, and
 * `server_status_days` by (listing_id, day).
 */

/** The vendor's listings not deleted, by the state the Listings page shows (vendor-listings). */
export async function listingsByState(db: Executor, vendorId: string) {
  return queryRows<{ state: string; listings: number }>(
    db,
    sql`select case when not vendor_active then 'HIDDEN'
                    when checked_at is null then 'CHECKING'
                    when availability = 'MAINTENANCE' then 'PAUSED'
                    else 'LIVE' end as state,
               count(*)::int as listings
          from server_listings
         where vendor_id = ${vendorId} and deleted_at is null
         group by 1`,
  );
}

export async function activeRentalCount(db: Executor, vendorId: string) {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from rentals
         where vendor_id = ${vendorId} and status = 'ACTIVE'`,
  );
  return row?.n ?? 0;
}

/**
 * Rented and listed seconds over the last `days` days, for each window. A rental counts from its
 * start to its end (its actual end once it ended, never past now); a listing from its creation to
 * its deletion or now. A rental that overlaps the 30-day window began at most 8,760 hours (the
 * rentals_hours_check bound) before it, so its `created_at` keeps the read on the index's range.
 */
export async function occupancySeconds(db: Executor, vendorId: string, windows: readonly number[]) {
  const longest = Math.max(...windows);
  return queryRows<{ days: number; rented: string; listed: string }>(
    db,
    sql`with w as (
          select d as days, now() - make_interval(days => d) as since
            from unnest(${`{${windows.join(',')}}`}::int[]) as d
        ),
        r as (
          select starts_at, least(coalesce(ended_at, ends_at), now()) as until
            from rentals
           where vendor_id = ${vendorId}
             and created_at > now() - make_interval(days => ${longest}::int, hours => 8760)
             and coalesce(ended_at, ends_at) > now() - make_interval(days => ${longest}::int)
        ),
        l as (
          select created_at, coalesce(deleted_at, now()) as until
            from server_listings where vendor_id = ${vendorId}
        )
        select w.days,
               (select coalesce(sum(greatest(0, extract(epoch from
                         r.until - greatest(r.starts_at, w.since)))), 0) from r)::text as rented,
               (select coalesce(sum(greatest(0, extract(epoch from
                         l.until - greatest(l.created_at, w.since)))), 0) from l)::text as listed
          from w
         order by w.days`,
  );
}

/**
 * The vendor's share released per day (UTC) since `since`: the RENTAL_RELEASE entries into the
 * vendor's pending account, which hold each ended rental's share after the commission.
 */
export async function releasedByDay(db: Executor, vendorId: string, since: Date) {
  return queryRows<{ day: string; amount: string }>(
    db,
    sql`select to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
               sum(e.amount)::text as amount
          from ledger_entries e
          join ledger_transactions t on t.id = e.ledger_transaction_id
         where e.account_id in (select id from ledger_accounts
                                 where owner_id = ${vendorId} and currency = 'USDT'
                                   and kind = 'VENDOR_PENDING')
           and e.created_at >= ${since.toISOString()}::timestamptz
           and t.kind = 'RENTAL_RELEASE'
         group by 1`,
  );
}

/** Each listing not deleted with its status checks counted since `sinceDay` (YYYY-MM-DD, UTC). */
export async function uptimeOfListings(db: Executor, vendorId: string, sinceDay: string) {
  return queryRows<{
    id: string;
    name: string;
    game_id: string;
    vendor_active: boolean;
    checked: boolean;
    availability: string;
    checks: number;
    answered: number;
    days_checked: number;
  }>(
    db,
    sql`select l.id, l.name, l.game_id, l.vendor_active, l.checked_at is not null as checked,
               l.availability,
               coalesce(sum(d.checks), 0)::int as checks,
               coalesce(sum(d.answered), 0)::int as answered,
               count(d.day)::int as days_checked
          from server_listings l
          left join server_status_days d on d.listing_id = l.id and d.day >= ${sinceDay}::date
         where l.vendor_id = ${vendorId} and l.deleted_at is null
         group by l.id
         order by l.name, l.id`,
  );
}

export type VendorRentalsFilter = HistoryPageRequest & { status?: 'ACTIVE' | 'ended' };

/**
 * One page of the rentals of the vendor's listings, newest first, read along `rentals_vendor_idx`
 * (decision 031's paging), each with its renter's display name and its listing.
 */
export async function rentalsOfVendor(db: Executor, vendorId: string, filter: VendorRentalsFilter) {
  const where = and(
    eq(rentals.vendorId, vendorId),
    filter.status === 'ACTIVE' ? eq(rentals.status, 'ACTIVE') : undefined,
    filter.status === 'ended' ? ne(rentals.status, 'ACTIVE') : undefined,
  );
  const read = await db
    .select({
      rental: rentals,
      renterName: users.displayName,
      serverName: serverListings.name,
      game: serverListings.gameId,
      micros: createdMicros(rentals.createdAt),
    })
    .from(rentals)
    .innerJoin(users, eq(users.id, rentals.renterId))
    .innerJoin(serverListings, eq(serverListings.id, rentals.listingId))
    .where(and(where, afterCursor(rentals.createdAt, rentals.id, filter.after)))
    .orderBy(desc(rentals.createdAt), desc(rentals.id))
    .limit(limitOf(filter))
    .offset(offsetOf(filter));
  return historyPage(
    filter,
    read,
    (row) => row.rental.id,
    (limit) =>
      countRows(
        db,
        db
          .select({ one: sql`1` })
          .from(rentals)
          .where(where)
          .limit(limit)
          .as('m'),
      ),
  );
}
