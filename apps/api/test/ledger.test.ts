import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import {
  accountBalance,
  chainClearing,
  escrow,
  platformRevenue,
  postLedgerTransaction,
  userWallet,
  vendorPending,
  type LedgerMovement,
} from '../src/modules/wallet/ledger.service';
import { createTestDatabase, type TestDatabase } from './database';
import { createUser } from './factories';

let database: TestDatabase;
let renters: string[];
let vendor: string;

beforeAll(async () => {
  database = await createTestDatabase();
  renters = [(await createUser(database.db)).id, (await createUser(database.db)).id];
  vendor = (await createUser(database.db, { role: 'vendor' })).id;
});
afterAll(() => database.close());

let ref = 0;
const nextRef = (kind: string) => `${kind}:${++ref}`;

async function invariants() {
  const unbalanced = await queryRows<{ id: string }>(
    database.db,
    sql`select ledger_transaction_id as id from ledger_entries group by ledger_transaction_id having sum(amount) <> 0`,
  );
  expect(unbalanced).toEqual([]);
  const negative = await queryRows(
    database.db,
    sql`select id from ledger_accounts where kind in ('USER_WALLET', 'USER_CREDIT') and balance < 0`,
  );
  expect(negative).toEqual([]);
  // User accounts cache their balance; the platform's accounts keep 0 there and sum their entries.
  const drift = await queryRows(
    database.db,
    sql`select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id
         group by a.id, a.kind, a.balance
        having a.balance <> case when a.kind in ('USER_WALLET', 'USER_CREDIT', 'VENDOR_PENDING',
                                                 'VENDOR_AVAILABLE', 'VENDOR_PAYOUT_PENDING')
                                 then coalesce(sum(e.amount), 0) else 0 end`,
  );
  expect(drift).toEqual([]);
  const escrowTotal = await accountBalance(database.db, escrow(vendor));
  const [summed] = await queryRows<{ total: string }>(
    database.db,
    sql`select coalesce(sum(e.amount), 0)::text as total from ledger_entries e
          join ledger_accounts a on a.id = e.account_id where a.kind = 'ESCROW'`,
  );
  expect(escrowTotal).toBe(BigInt(summed!.total));
}

describe('the ledger', () => {
  it('refuses a movement that does not sum to zero in each currency, or has a zero posting', async () => {
    await expect(
      postLedgerTransaction(database.db, {
        kind: 'X',
        reference: 'bad-1',
        postings: [
          { account: escrow(vendor), amount: 5n },
          { account: userWallet(renters[0]!), amount: -4n },
        ],
      }),
    ).rejects.toThrow(/does not sum to zero/);
    await expect(
      postLedgerTransaction(database.db, {
        kind: 'X',
        reference: 'bad-2',
        postings: [
          { account: escrow(vendor), amount: 0n },
          { account: userWallet(renters[0]!), amount: 0n },
        ],
      }),
    ).rejects.toThrow(/zero moves nothing/);
    await expect(
      postLedgerTransaction(database.db, {
        kind: 'X',
        reference: 'bad-3',
        postings: [
          { account: escrow(vendor), amount: 5n },
          { account: platformRevenue('PLATFORM'), amount: -5n },
        ],
      }),
    ).rejects.toThrow(/does not sum to zero in USDT/);
  });

  it('never takes a user wallet below zero, and moves nothing when it refuses', async () => {
    const user = renters[1]!;
    const before = await accountBalance(database.db, userWallet(user));
    const attempt = database.db.transaction((tx) =>
      postLedgerTransaction(tx, {
        kind: 'RENTAL_PAYMENT',
        reference: nextRef('overdraw'),
        postings: [
          { account: userWallet(user), amount: -(before + 1n) },
          { account: escrow(vendor), amount: before + 1n },
        ],
      }),
    );
    await expect(attempt).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS', status: 422 });
    expect(await accountBalance(database.db, userWallet(user))).toBe(before);
    await invariants();
  });

  it('moves money once per reference', async () => {
    const movement: LedgerMovement = {
      kind: 'DEPOSIT',
      reference: nextRef('once'),
      postings: [
        { account: chainClearing('ERC20'), amount: -7_000_000n },
        { account: userWallet(renters[0]!), amount: 7_000_000n },
      ],
    };
    const before = await accountBalance(database.db, userWallet(renters[0]!));
    expect((await postLedgerTransaction(database.db, movement)).posted).toBe(true);
    expect((await postLedgerTransaction(database.db, movement)).posted).toBe(false);
    expect(await accountBalance(database.db, userWallet(renters[0]!))).toBe(before + 7_000_000n);
  });

  it('keeps every transaction at zero, no wallet negative, and cached balances equal to their entries, whatever happens', async () => {
    const operation = fc.oneof(
      fc.record({
        op: fc.constant('deposit' as const),
        user: fc.nat(1),
        amount: fc.bigInt({ min: 1n, max: 50_000_000n }),
      }),
      fc.record({
        op: fc.constant('pay' as const),
        user: fc.nat(1),
        amount: fc.bigInt({ min: 1n, max: 60_000_000n }),
      }),
      fc.record({
        op: fc.constant('release' as const),
        amount: fc.bigInt({ min: 1n, max: 20_000_000n }),
        feeBp: fc.integer({ min: 0, max: 3000 }),
      }),
      fc.record({
        op: fc.constant('refund' as const),
        user: fc.nat(1),
        amount: fc.bigInt({ min: 1n, max: 20_000_000n }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (operations) => {
        for (const operation of operations) {
          const movement = ((): LedgerMovement => {
            switch (operation.op) {
              case 'deposit':
                return {
                  kind: 'DEPOSIT',
                  reference: nextRef('p'),
                  postings: [
                    { account: chainClearing('TRC20'), amount: -operation.amount },
                    { account: userWallet(renters[operation.user]!), amount: operation.amount },
                  ],
                };
              case 'pay':
                return {
                  kind: 'RENTAL_PAYMENT',
                  reference: nextRef('p'),
                  postings: [
                    { account: userWallet(renters[operation.user]!), amount: -operation.amount },
                    { account: escrow(vendor), amount: operation.amount },
                  ],
                };
              case 'release': {
                const fee = (operation.amount * BigInt(operation.feeBp)) / 10_000n;
                const postings = [
                  { account: escrow(vendor), amount: -operation.amount },
                  { account: vendorPending(vendor), amount: operation.amount - fee },
                ];
                if (fee > 0n) postings.push({ account: platformRevenue(), amount: fee });
                return { kind: 'RELEASE', reference: nextRef('p'), postings };
              }
              case 'refund':
                return {
                  kind: 'REFUND',
                  reference: nextRef('p'),
                  postings: [
                    { account: escrow(vendor), amount: -operation.amount },
                    { account: userWallet(renters[operation.user]!), amount: operation.amount },
                  ],
                };
            }
          })();
          await database.db
            .transaction((tx) => postLedgerTransaction(tx, movement))
            .catch((error: { code?: string }) => {
              if (error.code !== 'INSUFFICIENT_FUNDS') throw error;
            });
        }
        await invariants();
      }),
      { numRuns: 25 },
    );
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the ledger on PostgreSQL under concurrency', () => {
  it('lets exactly as many concurrent payments through as the balance covers', async () => {
    const user = (await createUser(database.db)).id;
    await postLedgerTransaction(database.db, {
      kind: 'DEPOSIT',
      reference: nextRef('fund'),
      postings: [
        { account: chainClearing('BEP20'), amount: -10_000_000n },
        { account: userWallet(user), amount: 10_000_000n },
      ],
    });
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () =>
        database.db.transaction((tx) =>
          postLedgerTransaction(tx, {
            kind: 'RENTAL_PAYMENT',
            reference: nextRef('race'),
            postings: [
              { account: userWallet(user), amount: -1_000_000n },
              { account: escrow(vendor), amount: 1_000_000n },
            ],
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    for (const r of results)
      if (r.status === 'rejected')
        expect((r.reason as { code: string }).code).toBe('INSUFFICIENT_FUNDS');
    expect(await accountBalance(database.db, userWallet(user))).toBe(0n);
    await invariants();
  });
});
