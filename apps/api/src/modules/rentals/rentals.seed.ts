import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Executor } from '../../db/client';
import * as authRepo from '../auth/auth.repository';
import {
  escrow,
  platformRevenue,
  postLedgerTransaction,
  userWallet,
  vendorAvailable,
  vendorPending,
  type LedgerMovement,
} from '../wallet/ledger.service';
import { splitRelease } from './rental-money';
import * as repo from './rentals.repository';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The commission a new storefront starts with (the staff area's Settings may change it later). */
const DEMO_COMMISSION_BP = 1000;
const CLEARING_DAYS = 7;

/** People who rented the demo vendor's servers. They own no password: they cannot sign in. */
export const DEMO_RENTERS = [
  { email: 'renter.mira@crimsonhost.demo', displayName: 'Mira Lindqvist' },
  { email: 'renter.tomas@crimsonhost.demo', displayName: 'Tomas Berg' },
  { email: 'renter.aiko@crimsonhost.demo', displayName: 'Aiko Tanaka' },
  { email: 'renter.lukas@crimsonhost.demo', displayName: 'Lukas Meyer' },
] as const;

/**
 * Ended rentals: days since each ended, and its hours. Those past the dispute window cleared; the
 * older ones ran for days, as game communities rent, so the vendor has money to be paid out.
 */
const ENDED: Array<[daysAgo: number, hours: number]> = [
  [1, 3],
  [2, 6],
  [3, 2],
  [4, 12],
  [6, 4],
  [8, 8],
  [9, 5],
  [11, 72],
  [13, 48],
  [16, 96],
  [19, 120],
  [22, 72],
  [25, 168],
  [28, 48],
];

/** Running rentals: hours ago each started, and its hours. */
const RUNNING: Array<[hoursAgo: number, hours: number]> = [
  [5, 24],
  [20, 48],
  [2, 12],
  [30, 72],
  [1, 6],
  [9, 24],
];

/** Posts a movement as if it happened at `at`: the ledger's own times say when money moved. */
async function postAt(tx: Executor, movement: LedgerMovement, at: Date) {
  const result = await postLedgerTransaction(tx, movement);
  await tx.execute(
    sql`update ledger_transactions set created_at = ${at.toISOString()}::timestamptz
         where id = ${result.ledgerTransactionId}`,
  );
  await tx.execute(
    sql`update ledger_entries set created_at = ${at.toISOString()}::timestamptz
         where ledger_transaction_id = ${result.ledgerTransactionId}`,
  );
}

/**
 * The demo vendor's rental history, so that its Overview and its Rentals page are not empty on a
 * fresh demo: four demo renters, a rental running on each of its listings the catalog shows
 * rented, and ended rentals over the last four weeks, pending or cleared by their age. The money
 * takes the ledger's real path (payment into the vendor's escrow, release less the commission,
 * clearing after the dispute window); the demo renters' wallets are funded by a `DEMO_GRANT` from
 * platform revenue, named so that nobody takes it for a deposit. Written once: nothing is written
 * when the vendor has rentals.
 */
export async function seedDemoRentals(db: Database, vendorId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [existing] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from rentals where vendor_id = ${vendorId}`,
    );
    if ((existing?.n ?? 0) > 0) return 0;
    // The history below reaches five weeks back: the listings were there for all of it, so
    // occupancy compares the hours rented with the hours listed over the same time.
    await tx.execute(
      sql`update server_listings set created_at = created_at - interval '60 days'
           where vendor_id = ${vendorId} and created_at > ${now.toISOString()}::timestamptz - interval '60 days'`,
    );
    const listings = await queryRows<{ id: string; price_micro: string; availability: string }>(
      tx,
      sql`select id, price_micro::text as price_micro, availability from server_listings
           where vendor_id = ${vendorId} and deleted_at is null and price_unit = 'hour'
           order by name, id`,
    );
    const rented = listings.filter((listing) => listing.availability === 'RENTED');
    const free = listings.filter((listing) => listing.availability === 'AVAILABLE');
    if (free.length === 0) return 0;

    const renterIds: string[] = [];
    for (const renter of DEMO_RENTERS) {
      const found = await authRepo.findUserByEmail(tx, renter.email);
      const user =
        found ??
        (await authRepo.insertUser(tx, {
          ...renter,
          role: 'user',
          passwordHash: null,
          emailVerifiedAt: now,
        }));
      renterIds.push(user.id);
    }

    let written = 0;
    const rent = async (
      listing: { id: string; price_micro: string },
      renterId: string,
      startsAt: Date,
      hours: number,
      ended: boolean,
    ) => {
      const pricePerHour = BigInt(listing.price_micro);
      const paid = pricePerHour * BigInt(hours);
      const endsAt = new Date(startsAt.getTime() + hours * HOUR_MS);
      const { vendor, commission } = splitRelease(paid, DEMO_COMMISSION_BP);
      const clearedAt = ended ? new Date(endsAt.getTime() + CLEARING_DAYS * DAY_MS) : null;
      const cleared = clearedAt !== null && clearedAt <= now;
      const rental = await repo.insertRental(tx, {
        renterId,
        listingId: listing.id,
        vendorId,
        status: ended ? 'EXPIRED' : 'ACTIVE',
        hours,
        pricePerHour,
        paid,
        released: ended ? vendor : 0n,
        commission: ended ? commission : 0n,
        commissionBp: DEMO_COMMISSION_BP,
        startsAt,
        endsAt,
        endedAt: ended ? endsAt : null,
        clearedAt: cleared ? clearedAt : null,
        createdAt: startsAt,
        updatedAt: ended ? endsAt : startsAt,
      });
      await postAt(
        tx,
        {
          kind: 'DEMO_GRANT',
          reference: `demo-grant:rental:${rental.id}`,
          postings: [
            { account: platformRevenue(), amount: -paid },
            { account: userWallet(renterId), amount: paid },
          ],
        },
        startsAt,
      );
      await postAt(
        tx,
        {
          kind: 'RENTAL_PAYMENT',
          reference: `rental:${rental.id}:payment:1`,
          postings: [
            { account: userWallet(renterId), amount: -paid },
            { account: escrow(vendorId), amount: paid },
          ],
        },
        startsAt,
      );
      if (ended) {
        await postAt(
          tx,
          {
            kind: 'RENTAL_RELEASE',
            reference: `rental:${rental.id}:release`,
            postings: [
              { account: escrow(vendorId), amount: -paid },
              { account: vendorPending(vendorId), amount: vendor },
              { account: platformRevenue(), amount: commission },
            ],
          },
          endsAt,
        );
      }
      if (cleared) {
        await postAt(
          tx,
          {
            kind: 'VENDOR_CLEARED',
            reference: `rental:${rental.id}:clear`,
            postings: [
              { account: vendorPending(vendorId), amount: -vendor },
              { account: vendorAvailable(vendorId), amount: vendor },
            ],
          },
          clearedAt,
        );
      }
      written += 1;
    };

    for (const [index, [daysAgo, hours]] of ENDED.entries()) {
      const endsAt = new Date(now.getTime() - daysAgo * DAY_MS - (index % 5) * HOUR_MS);
      const startsAt = new Date(endsAt.getTime() - hours * HOUR_MS);
      await rent(
        free[index % free.length]!,
        renterIds[index % renterIds.length]!,
        startsAt,
        hours,
        true,
      );
    }
    // The catalog already shows these listings rented: now a renter rents each.
    for (const [index, listing] of rented.slice(0, RUNNING.length).entries()) {
      const [hoursAgo, hours] = RUNNING[index]!;
      await rent(
        listing,
        renterIds[index % renterIds.length]!,
        new Date(now.getTime() - hoursAgo * HOUR_MS),
        hours,
        false,
      );
    }
    return written;
  });
}
