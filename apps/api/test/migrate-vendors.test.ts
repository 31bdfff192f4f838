// Migration 0023 (decision 037) on rows the previous level wrote: sellers become ACTIVE vendors,
// what rentals released becomes pending vendor money, and the running rentals' escrow moves to
// their vendor's account; no money is made or lost, and the books check finds nothing.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { checkTheBooks } from '../src/modules/ledger-admin/ledger-check.service';
import { vendorBalances } from '../src/modules/vendors/vendor-money';
import { createLegacyUser } from './factories';
import { MigrationLevels } from './migration-levels';

const LEVEL = '0022_misdirected_transfers';
let levels: MigrationLevels;

afterAll(() => levels?.cleanUp());

/** Posts a ledger transaction as the previous level did, with account rows made on the way. */
async function post(
  db: Database,
  kind: string,
  reference: string,
  postings: Array<{ kind: string; owner: string | null; amount: bigint; cached?: boolean }>,
) {
  const [tx] = await queryRows<{ id: string }>(
    db,
    sql`insert into ledger_transactions (kind, reference) values (${kind}, ${reference}) returning id`,
  );
  for (const posting of postings) {
    await db.execute(
      sql`insert into ledger_accounts (kind, owner_id, currency) values (${posting.kind}, ${posting.owner}, 'USDT')
          on conflict do nothing`,
    );
    const [account] = await queryRows<{ id: string }>(
      db,
      sql`select id from ledger_accounts where kind = ${posting.kind} and currency = 'USDT'
            and owner_id is not distinct from ${posting.owner}::uuid and network is null`,
    );
    await db.execute(
      sql`insert into ledger_entries (ledger_transaction_id, account_id, amount)
          values (${tx!.id}, ${account!.id}, ${posting.amount})`,
    );
    if (posting.cached)
      await db.execute(
        sql`update ledger_accounts set balance = balance + ${posting.amount} where id = ${account!.id}`,
      );
  }
}

describe('migration 0023: vendors, and their money by state', () => {
  it('keeps every micro-USDT where the new accounts say it is', async () => {
    levels = new MigrationLevels('vendors');
    const handle = await levels.emptyDatabase();
    await levels.migrateTo(handle, LEVEL);
    const db = handle.db;

    const vendor = await createLegacyUser(db, { role: 'vendor', displayName: 'Old Seller' });
    const renter = await createLegacyUser(db);
    // As that level's table has it (the factory writes today's columns).
    const [listing] = await queryRows<{ id: string; gameId: string }>(
      db,
      sql`insert into server_listings (vendor_id, game_id, region_code, name, price_micro, host, query_port)
          values (${vendor.id}, 'rust', 'fra', 'Old Island', 2000000, '127.0.0.1', 28015)
          returning id, game_id as "gameId"`,
    );
    // The renter's money, given by staff (no chain at this level).
    await post(db, 'ADJUSTMENT', 'test:funding', [
      { kind: 'PLATFORM_REVENUE', owner: null, amount: -20_000_000n },
      { kind: 'USER_WALLET', owner: renter.id, amount: 20_000_000n, cached: true },
    ]);
    const rental = async (status: string, paid: bigint, released: bigint, commission: bigint) => {
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`insert into rentals (renter_id, listing_id, vendor_id, status, hours, price_per_hour, paid,
              released, commission, commission_bp, ends_at, ended_at)
            values (${renter.id}, ${listing!.id}, ${vendor.id}, ${status}, 2, 2000000, ${paid},
              ${released}, ${commission}, 1000, now() + interval '1 hour',
              ${status === 'ACTIVE' ? null : new Date().toISOString()}::timestamptz)
            returning id`,
      );
      await post(db, 'RENTAL_PAYMENT', `rental:${row!.id}:payment:1`, [
        { kind: 'USER_WALLET', owner: renter.id, amount: -paid, cached: true },
        { kind: 'ESCROW', owner: null, amount: paid },
      ]);
      if (status !== 'ACTIVE')
        await post(db, 'RENTAL_RELEASE', `rental:${row!.id}:release`, [
          { kind: 'ESCROW', owner: null, amount: -paid },
          { kind: 'VENDOR_PAYABLE', owner: vendor.id, amount: released },
          { kind: 'PLATFORM_REVENUE', owner: null, amount: commission },
        ]);
      return row!.id;
    };
    await rental('EXPIRED', 4_000_000n, 3_600_000n, 400_000n);
    const running = await rental('ACTIVE', 4_000_000n, 0n, 0n);
    const alsoRunning = await rental('ACTIVE', 2_000_000n, 0n, 0n);
    // A customer without listings or rentals stays a customer.
    const customer = await createLegacyUser(db);

    await runMigrations(handle);

    const vendors = await queryRows<{ user_id: string; status: string; games: string[] }>(
      db,
      sql`select user_id, status, games from vendors`,
    );
    expect(vendors).toEqual([{ user_id: vendor.id, status: 'ACTIVE', games: [listing!.gameId] }]);
    expect(vendors.map((v) => v.user_id)).not.toContain(customer.id);
    const [history] = await queryRows<{ to_status: string; actor_id: string | null }>(
      db,
      sql`select to_status, actor_id from vendor_status_changes where vendor_id = ${vendor.id}`,
    );
    expect(history).toEqual({ to_status: 'ACTIVE', actor_id: null });

    // Released money is pending (the clearing job makes it available), running escrow is the vendor's.
    expect(await vendorBalances(db, vendor.id)).toEqual({
      escrow: '6.000000',
      pending: '3.600000',
      available: '0.000000',
      payoutPending: '0.000000',
      paidOut: '0.000000',
    });
    const [pendingRow] = await queryRows<{ balance: string }>(
      db,
      sql`select balance::text from ledger_accounts where kind = 'VENDOR_PENDING' and owner_id = ${vendor.id}`,
    );
    expect(pendingRow!.balance).toBe('3600000');
    const [platformEscrow] = await queryRows<{ total: string }>(
      db,
      sql`select coalesce(sum(e.amount), 0)::text as total from ledger_entries e
            join ledger_accounts a on a.id = e.account_id
           where a.kind = 'ESCROW' and a.owner_id is null`,
    );
    expect(platformEscrow!.total).toBe('0');
    const moved = await queryRows<{ reference: string }>(
      db,
      sql`select reference from ledger_transactions where kind = 'ESCROW_TO_VENDOR' order by reference`,
    );
    expect(moved.map((m) => m.reference).sort()).toEqual(
      [`rental:${running}:escrow-to-vendor`, `rental:${alsoRunning}:escrow-to-vendor`].sort(),
    );

    const check = await checkTheBooks(db);
    expect(check.violations).toEqual([]);
    expect(check.figures).toMatchObject({
      escrow: '6.000000',
      heldByActiveRentals: '6.000000',
      vendorPending: '3.600000',
    });
  });
});

describe('migration 0025: listings checked before the catalog', () => {
  it('keeps every listing where it was, in the catalog or out, and the counts with them', async () => {
    const listingLevels = new MigrationLevels('vendor_listings');
    try {
      const handle = await listingLevels.emptyDatabase();
      await listingLevels.migrateTo(handle, '0024_unlisted_listings');
      const db = handle.db;
      const seller = await createLegacyUser(db, { role: 'vendor', displayName: 'Listed Seller' });
      const insert = (name: string, port: number, listed: boolean) =>
        db.execute(
          sql`insert into server_listings (vendor_id, game_id, region_code, name, price_micro, host, query_port, listed)
              values (${seller.id}, 'rust', 'fra', ${name}, 2000000, '127.0.0.1', ${port}, ${listed})`,
        );
      await insert('Shown', 28015, true);
      await insert('Also shown', 28016, true);
      await insert('Of a suspended vendor', 28017, false);
      const counted = async () =>
        (
          await queryRows<{ listings: number }>(
            db,
            sql`select coalesce(sum(listings), 0)::int as listings from catalog_counts where game_id = 'rust'`,
          )
        )[0]!.listings;
      expect(await counted()).toBe(2);

      await runMigrations(handle);

      const rows = await queryRows<{ name: string; listed: boolean; vendor_active: boolean }>(
        db,
        sql`select name, listed, vendor_active from server_listings order by query_port`,
      );
      expect(rows).toEqual([
        { name: 'Shown', listed: true, vendor_active: true },
        { name: 'Also shown', listed: true, vendor_active: true },
        { name: 'Of a suspended vendor', listed: false, vendor_active: false },
      ]);
      expect(await counted()).toBe(2);
      // From now on the column is derived: a listing waiting for its check leaves the catalog.
      await db.execute(sql`update server_listings set checked_at = null where name = 'Shown'`);
      expect(await counted()).toBe(1);
    } finally {
      await listingLevels.cleanUp();
    }
  });
});
