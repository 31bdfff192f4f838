// The ledger explorer of the staff area's Money section: the platform's accounts with their
// balances, an account's entries paged like the wallet's history, and one ledger transaction
// with everything linked to it.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  LedgerAccounts,
  LedgerEntriesPage,
  LedgerTransactionDetail,
} from '@crimsonhost/shared/ledger-admin';
import { queryRows } from '../../src/db/client';
import {
  chainClearing,
  platformRevenue,
  postLedgerTransaction,
} from '../../src/modules/wallet/ledger.service';
import { createTestApp, type TestContext } from '../app';
import { createListing, createVendor } from '../catalog/catalog-factories';
import { renter, USDT } from '../rentals/rentals-fixture';
import { signedIn } from '../support/support-fixture';
import { OFFLINE_CHAINS, openDeposit, payAndCredit, rentServer } from './ledger-fixture';

let ctx: TestContext;
let admin: Record<string, string>;
let renterId: string;
let vendor: { id: string; displayName: string };
let rentalId: string;
let transfer: { id: string; txHash: string; ledgerTransactionId: string | null };

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { chains: OFFLINE_CHAINS });
  admin = (await signedIn(ctx, 'admin')).headers;
  const { user, headers } = await renter(ctx);
  renterId = user.id;
  const deposit = await openDeposit(ctx, headers, '20');
  await payAndCredit(ctx, deposit, 20n * USDT);
  transfer = (
    await queryRows<{ id: string; txHash: string; ledgerTransactionId: string | null }>(
      ctx.database.db,
      sql`select id, tx_hash as "txHash", ledger_transaction_id as "ledgerTransactionId"
            from chain_transfers where deposit_id = ${deposit.transactionId}`,
    )
  )[0]!;
  vendor = await createVendor(ctx.database.db, 'Acme Hosting');
  const listing = await createListing(ctx.database.db, {
    vendorId: vendor.id,
    priceMicro: 2_000_000n,
  });
  rentalId = (await rentServer(ctx, headers, listing.id, 3)).id;
  await ctx.database.db.execute(
    sql`update rentals set ends_at = now() - interval '1 second' where id = ${rentalId}`,
  );
  await ctx.app.services.rentals.expireDue();
});
afterAll(() => ctx?.close());

const get = <T>(url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: admin }).then((response) => ({
    status: response.statusCode,
    body: response.json<T & { error?: { code: string } }>(),
  }));

async function accounts() {
  const { status, body } = await get<{ data: LedgerAccounts }>('/api/admin/ledger/accounts');
  expect(status).toBe(200);
  return body.data;
}

describe('the ledger accounts', () => {
  it("lists the platform's accounts with the sums of their entries, and the users' totals", async () => {
    const data = await accounts();
    expect(data.platform.map((a) => [a.kind, a.network, a.owner?.name ?? null])).toEqual([
      ['ESCROW', null, 'Acme Hosting'],
      ['VENDOR_PENDING', null, 'Acme Hosting'],
      ['PLATFORM_REVENUE', null, null],
      ['CHAIN_CLEARING', 'ERC20', null],
    ]);
    const balance = Object.fromEntries(data.platform.map((a) => [a.kind, [a.balance, a.entries]]));
    // 20 in less the 1 % fee; 6 paid for the rental and released: 5.4 to the vendor, 0.6 kept.
    expect(balance).toEqual({
      ESCROW: ['0.000000', 2],
      VENDOR_PENDING: ['5.400000', 1],
      PLATFORM_REVENUE: ['0.800000', 2],
      CHAIN_CLEARING: ['-20.000000', 1],
    });
    expect(data.platform[1]!.owner).toEqual({
      id: vendor.id,
      name: 'Acme Hosting',
      email: expect.any(String),
    });
    expect(data.users.wallets).toEqual({ accounts: 1, total: '13.800000' });
    expect(data.users.credit).toEqual({ accounts: 0, total: '0.000000' });
  });
});

describe("an account's entries", () => {
  let clearingId: string;

  beforeAll(async () => {
    // 24 more movements through chain clearing: 25 entries on it, three pages of 10.
    for (let n = 1; n <= 24; n += 1) {
      await postLedgerTransaction(ctx.database.db, {
        kind: 'TEST_MOVE',
        reference: `test:move:${n}`,
        postings: [
          { account: chainClearing('ERC20'), amount: -BigInt(n) },
          { account: platformRevenue(), amount: BigInt(n) },
        ],
      });
    }
    clearingId = (await accounts()).platform.find((a) => a.kind === 'CHAIN_CLEARING')!.id;
  });

  const entries = (query: string) =>
    get<LedgerEntriesPage>(`/api/admin/ledger/accounts/${clearingId}/entries?${query}`);

  it('answers them newest first with their ledger transaction, page after page by cursor', async () => {
    const first = await entries('pageSize=10');
    expect(first.status).toBe(200);
    expect(first.body.account).toMatchObject({
      id: clearingId,
      kind: 'CHAIN_CLEARING',
      network: 'ERC20',
      owner: null,
    });
    expect(first.body.meta).toMatchObject({ page: 1, pageSize: 10, total: 25, totalExact: true });
    expect(first.body.data[0]).toMatchObject({
      amount: '-0.000024',
      transaction: { kind: 'TEST_MOVE', reference: 'test:move:24' },
    });

    const second = await entries(`page=2&pageSize=10&after=${first.body.meta.nextCursor}`);
    const third = await entries(`page=3&pageSize=10&after=${second.body.meta.nextCursor}`);
    expect(third.body.meta.nextCursor).toBeNull();
    const all = [...first.body.data, ...second.body.data, ...third.body.data];
    expect(all).toHaveLength(25);
    expect(new Set(all.map((entry) => entry.id)).size).toBe(25);
    expect(all.map((entry) => entry.transaction.reference)).toEqual([
      ...Array.from({ length: 24 }, (_, i) => `test:move:${24 - i}`),
      `deposit:ERC20:${transfer.txHash}:0`,
    ]);
    expect(all.at(-1)).toMatchObject({
      amount: '-20.000000',
      transaction: { id: transfer.ledgerTransactionId, kind: 'DEPOSIT_CREDIT' },
    });
    // A page by number reads the same rows as the page reached by cursor.
    expect((await entries('page=2&pageSize=10')).body.data).toEqual(second.body.data);
  });

  it("pages a user's wallet too", async () => {
    const [wallet] = await queryRows<{ id: string }>(
      ctx.database.db,
      sql`select id from ledger_accounts where kind = 'USER_WALLET' and owner_id = ${renterId}`,
    );
    const { status, body } = await get<LedgerEntriesPage>(
      `/api/admin/ledger/accounts/${wallet!.id}/entries`,
    );
    expect(status).toBe(200);
    expect(body.account).toMatchObject({ kind: 'USER_WALLET', owner: { id: renterId } });
    expect(body.data.map((entry) => [entry.transaction.kind, entry.amount])).toEqual([
      ['RENTAL_PAYMENT', '-6.000000'],
      ['DEPOSIT_CREDIT', '19.800000'],
    ]);
  });

  it('answers 404 for an unknown or malformed account and 400 for a cursor it did not hand out', async () => {
    const unknown = await get(`/api/admin/ledger/accounts/${randomUUID()}/entries`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('NOT_FOUND');
    expect((await get('/api/admin/ledger/accounts/not-an-id/entries')).status).toBe(404);
    expect((await entries(`after=${randomUUID()}`)).status).toBe(400);
    expect((await entries('pageSize=7')).status).toBe(400);
  });
});

describe('a ledger transaction', () => {
  it('answers a deposit credit with its entries, wallet transaction and chain transfer', async () => {
    const { status, body } = await get<{ data: LedgerTransactionDetail }>(
      `/api/admin/ledger/transactions/${transfer.ledgerTransactionId}`,
    );
    expect(status).toBe(200);
    const { data } = body;
    expect(data).toMatchObject({
      id: transfer.ledgerTransactionId,
      kind: 'DEPOSIT_CREDIT',
      reference: `deposit:ERC20:${transfer.txHash}:0`,
      balanced: true,
      walletTransaction: {
        userId: renterId,
        type: 'DEPOSIT',
        status: 'CONFIRMED',
        amount: '20.000000',
        fee: '0.200000',
      },
      chainTransfer: {
        id: transfer.id,
        network: 'ERC20',
        txHash: transfer.txHash,
        logIndex: 0,
        amount: '20.000000',
        status: 'CREDITED',
      },
    });
    expect(
      data.entries
        .map((entry) => [entry.account.kind, entry.account.owner?.id ?? null, entry.amount])
        .sort(),
    ).toEqual(
      [
        ['CHAIN_CLEARING', null, '-20.000000'],
        ['PLATFORM_REVENUE', null, '0.200000'],
        ['USER_WALLET', renterId, '19.800000'],
      ].sort(),
    );
  });

  it("answers a rental's release, which no wallet transaction shows", async () => {
    const [release] = await queryRows<{ id: string }>(
      ctx.database.db,
      sql`select id from ledger_transactions where reference = ${`rental:${rentalId}:release`}`,
    );
    const { body } = await get<{ data: LedgerTransactionDetail }>(
      `/api/admin/ledger/transactions/${release!.id}`,
    );
    expect(body.data).toMatchObject({
      kind: 'RENTAL_RELEASE',
      balanced: true,
      walletTransaction: null,
      chainTransfer: null,
    });
    expect(body.data.entries.map((entry) => [entry.account.kind, entry.amount]).sort()).toEqual(
      [
        ['ESCROW', '-6.000000'],
        ['PLATFORM_REVENUE', '0.600000'],
        ['VENDOR_PENDING', '5.400000'],
      ].sort(),
    );
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await get(`/api/admin/ledger/transactions/${randomUUID()}`)).status).toBe(404);
    expect((await get('/api/admin/ledger/transactions/42')).status).toBe(404);
  });
});

describe('who may use the explorer', () => {
  it('refuses support staff', async () => {
    const support = (await signedIn(ctx, 'support')).headers;
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/ledger/accounts',
      headers: support,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
  });
});
