// "Check the books" (decision 034): clean after the money moves the product makes, and each way
// the books can be broken, made by hand in the database, is named with the records involved.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerCheck, LedgerViolationKind } from '@crimsonhost/shared/ledger-admin';
import { parseSignedUsdt } from '@crimsonhost/shared/money';
import { queryRows } from '../../src/db/client';
import { chainTransfers } from '../../src/db/schema/wallet';
import { runLedgerCheck } from '../../src/modules/ledger-admin/ledger-check-report';
import {
  escrow,
  platformRevenue,
  postLedgerTransaction,
  chainClearing,
  userWallet,
} from '../../src/modules/wallet/ledger.service';
import { createTestApp, type TestContext } from '../app';
import { createListing, createVendor } from '../catalog/catalog-factories';
import { renter, USDT, withKey } from '../rentals/rentals-fixture';
import { signedIn } from '../support/support-fixture';
import { startChainFixture, watcherFor, type ChainFixture } from '../wallet/chain-fixture';
import { byKind, checkBooks, openDeposit, rentServer } from './ledger-fixture';

let ctx: TestContext;
let fixture: ChainFixture;
let admin: Record<string, string>;

/** What the scenario made, for the tests that break it. */
const made = {
  renterId: '',
  renterEmail: '',
  walletAccountId: '',
  escrowAccountId: '',
  depositId: '',
  transferId: '',
  creditId: '',
  activeRentalId: '',
  expiredRentalId: '',
  vendorId: '',
  vendorEmail: '',
};

beforeAll(async () => {
  fixture = await startChainFixture();
  ctx = await createTestApp({}, undefined, { chains: fixture.settings });
  admin = (await signedIn(ctx, 'admin')).headers;
});
afterAll(async () => {
  await ctx?.close();
  await fixture?.stop();
});

const run = (query: ReturnType<typeof sql>) => ctx.database.db.execute(query);
const one = async <T>(query: ReturnType<typeof sql>) =>
  (await queryRows<T>(ctx.database.db, query))[0]!;

/** The check finds exactly these kinds, each naming exactly these records. */
function expectViolations(
  check: LedgerCheck,
  expected: Partial<Record<LedgerViolationKind, string[][]>>,
) {
  expect(check.ok).toBe(false);
  const found = byKind(check);
  expect(Object.keys(found).sort()).toEqual(Object.keys(expected).sort());
  for (const [kind, ids] of Object.entries(expected)) {
    expect(found[kind as LedgerViolationKind]!.map((violation) => violation.ids)).toEqual(ids);
  }
  expect(check.found).toBe(check.violations.length);
}

describe('checking the books', () => {
  it('finds them balanced after a deposit, a rent, an extension, a cancellation and an expiry', async () => {
    const { user, headers } = await renter(ctx);
    made.renterId = user.id;
    made.renterEmail = user.email;

    // A deposit paid on the local chain, seen and credited by the watcher: 50 USDT less 1 %.
    const deposit = await openDeposit(ctx, headers, '50');
    made.depositId = deposit.transactionId;
    const { watcher } = watcherFor(ctx.database.db, ctx.app.services.wallet, fixture, 'ERC20');
    await fixture.chain.pay(fixture.usdt6, deposit.address, 50n * USDT);
    await fixture.chain.mine(12);
    await watcher.pass();
    const transfer = await one<{ id: string; ledger_transaction_id: string; status: string }>(
      sql`select id, ledger_transaction_id, status from chain_transfers where deposit_id = ${deposit.transactionId}`,
    );
    expect(transfer.status).toBe('CREDITED');
    made.transferId = transfer.id;
    made.creditId = transfer.ledger_transaction_id;

    const vendor = await createVendor(ctx.database.db);
    made.vendorId = vendor.id;
    made.vendorEmail = vendor.email;
    const listing = () =>
      createListing(ctx.database.db, { vendorId: vendor.id, priceMicro: 2_500_000n });

    // Rented for 3 hours, extended by 2, cancelled at once: 4 unused hours come back.
    const cancelled = await rentServer(ctx, headers, (await listing()).id, 3);
    const extended = await ctx.request({
      method: 'POST',
      url: `/api/rentals/${cancelled.id}/extend`,
      headers: withKey(headers),
      payload: { hours: 2 },
    });
    expect(extended.statusCode, extended.body).toBe(200);
    const cancel = await ctx.request({
      method: 'POST',
      url: `/api/rentals/${cancelled.id}/cancel`,
      headers: withKey(headers),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data).toMatchObject({ status: 'CANCELLED', refunded: '10.000000' });

    // Rented for 2 hours and run out: the expiry job releases all of it.
    const expired = await rentServer(ctx, headers, (await listing()).id, 2);
    made.expiredRentalId = expired.id;
    await run(
      sql`update rentals set ends_at = now() - interval '1 second' where id = ${expired.id}`,
    );
    expect(await ctx.app.services.rentals.expireDue()).toBe(1);

    // Still running: its 2.5 USDT stay in escrow.
    made.activeRentalId = (await rentServer(ctx, headers, (await listing()).id, 1)).id;

    made.walletAccountId = (
      await one<{ id: string }>(
        sql`select id from ledger_accounts where kind = 'USER_WALLET' and owner_id = ${user.id}`,
      )
    ).id;
    made.escrowAccountId = (
      await one<{ id: string }>(sql`select id from ledger_accounts where kind = 'ESCROW'`)
    ).id;

    const check = await checkBooks(ctx, admin);
    expect(check).toMatchObject({ ok: true, found: 0, violations: [] });
    // 49.5 credited; paid 7.5 + 5 + 5 + 2.5; 10 refunded.
    expect(check.figures).toMatchObject({
      depositCredits: 1,
      creditedTransfers: 1,
      creditedTransferAmount: '50.000000',
      chainClearing: '-50.000000',
      userWallets: '39.500000',
      platformCredit: '0.000000',
      escrow: '2.500000',
      heldByActiveRentals: '2.500000',
      rentals: 3,
      activeRentals: 1,
      // Released 2.5 (cancelled) and 5 (expired), 10 % commission kept.
      vendorPending: '6.750000',
      vendorAvailable: '0.000000',
      vendorPayoutPending: '0.000000',
      platformRevenue: '1.250000',
    });
    // USDT is only ever moved, never made: everything the ledger holds sums to zero.
    const { figures } = check;
    expect(
      [
        figures.userWallets,
        figures.escrow,
        figures.vendorPending,
        figures.platformRevenue,
        figures.chainClearing,
      ].reduce((sum, value) => sum + parseSignedUsdt(value), 0n),
    ).toBe(0n);
    expect(figures.transactions).toBe(8);
    expect(figures.entries).toBeGreaterThanOrEqual(14);
    expect(check.durationMs).toBeGreaterThanOrEqual(0);
  });

  describe('broken by hand', () => {
    // Each test repairs what it broke: the books are clean again before the next one.
    afterEach(async () => {
      expect((await checkBooks(ctx, admin)).violations).toEqual([]);
    });

    it('names a cached balance that is not the sum of its entries', async () => {
      await run(
        sql`update ledger_accounts set balance = balance + 1000000 where id = ${made.walletAccountId}`,
      );
      try {
        const check = await checkBooks(ctx, admin);
        expectViolations(check, {
          CACHED_BALANCE_DRIFT: [[made.walletAccountId, made.renterId]],
        });
        expect(check.violations[0]!.message).toBe(
          `The wallet of ${made.renterEmail} (USDT) caches a balance of 40.500000, but its entries sum to 39.500000.`,
        );
      } finally {
        await run(
          sql`update ledger_accounts set balance = balance - 1000000 where id = ${made.walletAccountId}`,
        );
      }
    });

    it('names a ledger transaction that does not sum to zero', async () => {
      const fee = await one<{ id: string }>(
        sql`select e.id::text as id from ledger_entries e join ledger_accounts a on a.id = e.account_id
             where e.ledger_transaction_id = ${made.creditId} and a.kind = 'PLATFORM_REVENUE'`,
      );
      await run(sql`update ledger_entries set amount = amount + 100000 where id = ${fee.id}`);
      try {
        const check = await checkBooks(ctx, admin);
        expectViolations(check, { UNBALANCED_TRANSACTION: [[made.creditId]] });
        expect(check.violations[0]!.message).toMatch(
          /^Ledger transaction deposit:ERC20:0x[0-9a-f]+:\d+ \(DEPOSIT_CREDIT\) does not sum to zero in USDT: its entries add up to 0\.100000\.$/,
        );
      } finally {
        await run(sql`update ledger_entries set amount = amount - 100000 where id = ${fee.id}`);
      }
    });

    it('names a wallet whose entries sum below zero', async () => {
      const credit = await one<{ id: string; amount: string }>(
        sql`select e.id::text as id, e.amount::text as amount from ledger_entries e
             where e.ledger_transaction_id = ${made.creditId} and e.account_id = ${made.walletAccountId}`,
      );
      await run(sql`update ledger_entries set amount = -1000000 where id = ${credit.id}`);
      try {
        const check = await checkBooks(ctx, admin);
        expectViolations(check, {
          UNBALANCED_TRANSACTION: [[made.creditId]],
          CACHED_BALANCE_DRIFT: [[made.walletAccountId, made.renterId]],
          NEGATIVE_USER_BALANCE: [[made.walletAccountId, made.renterId]],
        });
        expect(byKind(check).NEGATIVE_USER_BALANCE![0]!.message).toContain(
          'is below zero: its row says 39.500000 and its entries sum to -11.000000',
        );
      } finally {
        await run(
          sql`update ledger_entries set amount = ${credit.amount}::bigint where id = ${credit.id}`,
        );
      }
    });

    it("names a platform account whose row holds a balance (its row's stays 0)", async () => {
      await run(sql`update ledger_accounts set balance = 5 where id = ${made.escrowAccountId}`);
      try {
        const check = await checkBooks(ctx, admin);
        expectViolations(check, { PLATFORM_ROW_BALANCE: [[made.escrowAccountId]] });
        expect(check.violations[0]!.message).toContain(
          "The Escrow · Test Vendor account's row holds 0.000005",
        );
      } finally {
        await run(sql`update ledger_accounts set balance = 0 where id = ${made.escrowAccountId}`);
      }
    });

    it('names a deposit credited for a chain transfer that is missing', async () => {
      const [saved] = await ctx.database.db
        .select()
        .from(chainTransfers)
        .where(sql`${chainTransfers.id} = ${made.transferId}`);
      await run(sql`delete from chain_transfers where id = ${made.transferId}`);
      try {
        const check = await checkBooks(ctx, admin);
        expectViolations(check, {
          CREDIT_WITHOUT_TRANSFER: [[made.creditId]],
          DEPOSIT_CONFIRMED_WITHOUT_CREDIT: [[made.depositId, made.renterId]],
        });
      } finally {
        await ctx.database.db.insert(chainTransfers).values(saved!);
      }
    });

    it('names a transfer marked credited that no credit pays out', async () => {
      await run(
        sql`update chain_transfers set ledger_transaction_id = null where id = ${made.transferId}`,
      );
      try {
        expectViolations(await checkBooks(ctx, admin), {
          CREDIT_WITHOUT_TRANSFER: [[made.creditId]],
          TRANSFER_CREDITED_WITHOUT_CREDIT: [[made.transferId]],
        });
      } finally {
        await run(
          sql`update chain_transfers set ledger_transaction_id = ${made.creditId} where id = ${made.transferId}`,
        );
      }
    });

    it('names a credit that two chain transfers claim', async () => {
      const [copy] = await queryRows<{ id: string }>(
        ctx.database.db,
        sql`insert into chain_transfers (network, tx_hash, log_index, from_address, to_address, raw_amount,
                                         amount, deposit_id, status, confirmations, ledger_transaction_id)
            select network, tx_hash, log_index + 1, from_address, to_address, raw_amount, amount,
                   deposit_id, status, confirmations, ledger_transaction_id
              from chain_transfers where id = ${made.transferId}
            returning id`,
      );
      try {
        const check = await checkBooks(ctx, admin);
        expectViolations(check, {
          CREDIT_WITH_SEVERAL_TRANSFERS: [[made.creditId, ...[made.transferId, copy!.id].sort()]],
        });
        expect(check.violations[0]!.message).toContain('is claimed by 2 chain transfers');
      } finally {
        await run(sql`delete from chain_transfers where id = ${copy!.id}`);
      }
    });

    it('names a chain transfer credited a second time', async () => {
      const transfer = await one<{ tx_hash: string; amount: string }>(
        sql`select tx_hash, amount::text as amount from chain_transfers where id = ${made.transferId}`,
      );
      const again = await ctx.database.db.transaction((tx) =>
        postLedgerTransaction(tx, {
          kind: 'DEPOSIT_CREDIT',
          reference: `deposit:ERC20:${transfer.tx_hash}:0:again`,
          postings: [
            { account: chainClearing('ERC20'), amount: -BigInt(transfer.amount) },
            { account: userWallet(made.renterId), amount: BigInt(transfer.amount) },
          ],
        }),
      );
      try {
        expectViolations(await checkBooks(ctx, admin), {
          CREDIT_WITHOUT_TRANSFER: [[again.ledgerTransactionId]],
        });
      } finally {
        await run(
          sql`delete from ledger_entries where ledger_transaction_id = ${again.ledgerTransactionId}`,
        );
        await run(sql`delete from ledger_transactions where id = ${again.ledgerTransactionId}`);
        await run(
          sql`update ledger_accounts set balance = balance - ${transfer.amount}::bigint where id = ${made.walletAccountId}`,
        );
      }
    });

    it('names a vendor whose pending money is not what its rentals released', async () => {
      // Marked cleared without the movement to available: the money would sit in pending forever.
      await run(sql`update rentals set cleared_at = now() where id = ${made.expiredRentalId}`);
      try {
        const check = await checkBooks(ctx, admin);
        expectViolations(check, { VENDOR_PENDING_MISMATCH: [[made.vendorId]] });
        expect(check.violations[0]!.message).toBe(
          `The pending money of vendor ${made.vendorEmail} is 6.750000, but its ended rentals not yet cleared released 2.250000 to it.`,
        );
      } finally {
        await run(sql`update rentals set cleared_at = null where id = ${made.expiredRentalId}`);
      }
    });

    it('names escrow that does not match what the active rentals hold', async () => {
      await run(sql`update rentals set paid = paid + 1000000 where id = ${made.activeRentalId}`);
      try {
        const check = await checkBooks(ctx, admin);
        expectViolations(check, {
          ESCROW_MISMATCH: [[made.escrowAccountId]],
          RENTAL_ESCROW_MISMATCH: [[made.activeRentalId]],
        });
        const kinds = byKind(check);
        expect(kinds.ESCROW_MISMATCH![0]!.message).toBe(
          'Escrow holds 2.500000 by its entries, but the active and disputed rentals hold 3.500000: 1.000000 less than they account for.',
        );
        expect(kinds.RENTAL_ESCROW_MISMATCH![0]!.message).toBe(
          `Rental ${made.activeRentalId} (ACTIVE) holds 3.500000 in escrow by its record, but its escrow entries sum to 2.500000.`,
        );
        expect(check.figures).toMatchObject({
          escrow: '2.500000',
          heldByActiveRentals: '3.500000',
        });
      } finally {
        await run(sql`update rentals set paid = paid - 1000000 where id = ${made.activeRentalId}`);
      }
    });

    it('names an ended rental whose record still holds escrow', async () => {
      await run(
        sql`update rentals set released = released - 500000 where id = ${made.expiredRentalId}`,
      );
      try {
        expectViolations(await checkBooks(ctx, admin), {
          RENTAL_ESCROW_MISMATCH: [[made.expiredRentalId]],
          ENDED_RENTAL_HOLDS_ESCROW: [[made.expiredRentalId]],
          // Its record now says it released less to the vendor than the vendor's pending holds.
          VENDOR_PENDING_MISMATCH: [[made.vendorId]],
        });
      } finally {
        await run(
          sql`update rentals set released = released + 500000 where id = ${made.expiredRentalId}`,
        );
      }
    });

    it('names escrow moved for no rental, and a ledger transaction without entries', async () => {
      const stray = await ctx.database.db.transaction((tx) =>
        postLedgerTransaction(tx, {
          kind: 'ADJUSTMENT',
          reference: 'manual:escrow-top-up',
          postings: [
            { account: escrow(made.vendorId), amount: 1_000_000n },
            { account: platformRevenue(), amount: -1_000_000n },
          ],
        }),
      );
      const empty = await one<{ id: string }>(
        sql`insert into ledger_transactions (kind, reference) values ('ADJUSTMENT', 'manual:nothing') returning id`,
      );
      try {
        const check = await checkBooks(ctx, admin);
        expectViolations(check, {
          TRANSACTION_WITHOUT_ENTRIES: [[empty.id]],
          ESCROW_MISMATCH: [[made.escrowAccountId]],
          ESCROW_WITHOUT_RENTAL: [[stray.ledgerTransactionId]],
        });
        expect(byKind(check).ESCROW_WITHOUT_RENTAL![0]!.message).toBe(
          'Ledger transaction manual:escrow-top-up (ADJUSTMENT) moves 1.000000 through escrow but names no rental that exists.',
        );
      } finally {
        await run(
          sql`delete from ledger_entries where ledger_transaction_id = ${stray.ledgerTransactionId}`,
        );
        await run(
          sql`delete from ledger_transactions where id in (${stray.ledgerTransactionId}, ${empty.id})`,
        );
      }
    });

    it('lists at most 50 violations of a kind and counts them all', async () => {
      await run(
        sql`insert into ledger_transactions (kind, reference)
            select 'ADJUSTMENT', 'manual:empty:' || n from generate_series(1, 55) n`,
      );
      try {
        const check = await checkBooks(ctx, admin);
        expect(check.found).toBe(55);
        expect(check.violations).toHaveLength(50);
        expect(new Set(check.violations.map((v) => v.kind))).toEqual(
          new Set(['TRANSACTION_WITHOUT_ENTRIES']),
        );
      } finally {
        await run(sql`delete from ledger_transactions where reference like 'manual:empty:%'`);
      }
    });
  });

  describe('npm run ledger:check', () => {
    it('prints the figures and exits 0 on balanced books, the violations and 1 otherwise', async () => {
      const clean: string[] = [];
      expect(await runLedgerCheck(ctx.database.db, (line) => clean.push(line))).toBe(0);
      expect(clean[0]).toMatch(
        /^Checked 8 ledger transactions \(\d+ entries\), \d+ accounts \(\d+ of users\), 3 rentals \(1 active\), 1 deposit credits and 1 credited chain transfers in \d+ ms\.$/,
      );
      expect(clean).toContainEqual(expect.stringMatching(/^ {2}Escrow +2\.500000 USDT$/));
      expect(clean.at(-1)).toBe('The books balance.');

      await run(
        sql`update ledger_accounts set balance = balance + 1 where id = ${made.walletAccountId}`,
      );
      try {
        const broken: string[] = [];
        expect(await runLedgerCheck(ctx.database.db, (line) => broken.push(line))).toBe(1);
        expect(broken).toContain('The books do not balance: 1 violation.');
        expect(broken).toContainEqual(
          expect.stringMatching(/^- CACHED_BALANCE_DRIFT: The wallet of /),
        );
        expect(broken.at(-1)).toBe(`    ids: ${made.walletAccountId}, ${made.renterId}`);
      } finally {
        await run(
          sql`update ledger_accounts set balance = balance - 1 where id = ${made.walletAccountId}`,
        );
      }
    });
  });
});
