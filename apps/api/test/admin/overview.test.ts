// The staff area's Overview (issue 15 point 2): the business figures of today and the last 30 UTC
// days from real sign-ups, deposits and a rental; the watchers, jobs and mail backlog; admin only.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOverview } from '@crimsonhost/shared/admin-overview';
import { toUsdtString } from '@crimsonhost/shared/money';
import { queryRows } from '../../src/db/client';
import { createTestApp, type TestContext } from '../app';
import { createListing, createVendor } from '../catalog/catalog-factories';
import { createUser } from '../factories';
import { fundWallet, renter, USDT, withKey } from '../rentals/rentals-fixture';
import { signedIn } from '../support/support-fixture';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedIn>>;
let support: Awaited<ReturnType<typeof signedIn>>;
let rental: { paid: string; refunded: string; commission: string };

/** Moves rows back in time, as if they had been made `interval` ago. */
async function backdate(table: 'users' | 'ledger_entries', ids: string[], interval: string) {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const column = table === 'users' ? sql`id::text` : sql`ledger_transaction_id::text`;
  await ctx.database.db.execute(
    sql`update ${sql.raw(table)} set created_at = now() - ${interval}::interval
         where ${column} in (${list})`,
  );
}

async function depositTransactionOf(userId: string) {
  const [row] = await queryRows<{ id: string }>(
    ctx.database.db,
    sql`select t.id::text as id from ledger_transactions t
          join ledger_entries e on e.ledger_transaction_id = t.id
          join ledger_accounts a on a.id = e.account_id
         where t.kind = 'DEPOSIT_CREDIT' and a.owner_id = ${userId}`,
  );
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedIn(ctx, 'admin');
  support = await signedIn(ctx, 'support');
  const vendor = await createVendor(ctx.database.db);

  // Today: a renter who deposits 100 USDT, rents 4 hours at 2.5 USDT and cancels.
  const buyer = await renter(ctx, 100n * USDT);
  const listing = await createListing(ctx.database.db, {
    vendorId: vendor.id,
    priceMicro: 2_500_000n,
  });
  const rented = await ctx.request({
    method: 'POST',
    url: '/api/rentals',
    headers: withKey(buyer.headers),
    payload: { serverId: listing.id, hours: 4 },
  });
  expect(rented.statusCode).toBe(201);
  const rentalId = rented.json<{ data: { id: string } }>().data.id;
  const cancelled = await ctx.request({
    method: 'POST',
    url: `/api/rentals/${rentalId}/cancel`,
    headers: withKey(buyer.headers),
  });
  expect(cancelled.statusCode).toBe(200);
  const [row] = await queryRows<typeof rental>(
    ctx.database.db,
    sql`select paid::text, refunded::text, commission::text from rentals where id = ${rentalId}`,
  );
  rental = row!;

  // 29 days ago (the window's first day): an account and its 40 USDT deposit.
  const early = await createUser(ctx.database.db);
  await fundWallet(ctx.database.db, early.id, 40n * USDT);
  await backdate('users', [early.id], '29 days');
  await backdate('ledger_entries', [await depositTransactionOf(early.id)], '29 days');

  // 30 days and an hour ago: outside the window, counted nowhere.
  const old = await createUser(ctx.database.db);
  await fundWallet(ctx.database.db, old.id, 1000n * USDT);
  await backdate('users', [old.id], '30 days 1 hour');
  await backdate('ledger_entries', [await depositTransactionOf(old.id)], '30 days 1 hour');

  // The mail outbox: two waiting (one failing, the oldest ten minutes old), one given up, one sent.
  const mail = (status: string, attempts: number, age: string) =>
    ctx.database.db.execute(sql`
      insert into mail_outbox (recipient, subject, text, html, kind, status, attempts, expires_at,
                               created_at, last_error)
      values (${`${randomUUID()}@example.com`}, 'Hi', 'Hi', '<p>Hi</p>', 'test', ${status},
              ${attempts}, now() + interval '1 day', now() - ${age}::interval,
              ${attempts > 0 ? 'SMTP 421' : null})`);
  await mail('PENDING', 0, '10 minutes');
  await mail('PENDING', 2, '2 minutes');
  await mail('FAILED', 5, '1 hour');
  await mail('SENT', 1, '1 hour');

  // A watcher 100 blocks behind (ERC20 needs 12 confirmations) and one whose last pass failed.
  await ctx.database.db.execute(sql`
    insert into chain_cursors (network, last_block, head_block, head_seen_at, last_fault, last_fault_at)
    values ('ERC20', 900, 1000, now() - interval '30 seconds', null, null),
           ('BEP20', 500, 505, now() - interval '5 seconds', 'node timed out', now())`);

  // A job that ran and failed; another that succeeded with a 60 s interval.
  await ctx.database.db.execute(sql`
    insert into job_leases (name, lease_until, last_started_at, last_finished_at, last_error, runs)
    values ('test-failing', now() + interval '50 seconds', now() - interval '10 seconds',
            now() - interval '9 seconds', 'boom', 3),
           ('test-ok', now() + interval '50 seconds', now() - interval '10 seconds',
            now() - interval '9 seconds', null, 7)`);
});
afterAll(() => ctx.close());

const overview = async () => {
  const response = await ctx.request({
    method: 'GET',
    url: '/api/admin/overview',
    headers: admin.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: AdminOverview }>().data;
};

describe('the business figures', () => {
  it('counts what was made today, and over 30 days what was made within them', async () => {
    const data = await overview();
    const revenue = toUsdtString(BigInt(rental.paid) - BigInt(rental.refunded));
    expect(BigInt(rental.refunded)).toBeGreaterThan(0n);
    expect(BigInt(rental.commission)).toBeGreaterThan(0n);

    // Today: admin, support, the vendor and the renter; the renter's deposit; the rental.
    expect(data.today).toEqual({
      signUps: 4,
      deposits: { count: 1, amount: '100.000000' },
      rentalRevenue: revenue,
      commission: toUsdtString(BigInt(rental.commission)),
    });
    // The last 30 days add the account and deposit of 29 days ago, not those of 30 days and an hour.
    expect(data.last30Days).toEqual({
      signUps: 5,
      deposits: { count: 2, amount: '140.000000' },
      rentalRevenue: revenue,
      commission: toUsdtString(BigInt(rental.commission)),
    });
  });

  it('has a point for each of the 30 UTC days, oldest first, today last', async () => {
    const data = await overview();
    expect(data.series).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    const first = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(data.series[29]!.date).toBe(today);
    expect(data.series[0]!.date).toBe(first);
    expect(data.series[0]).toMatchObject({
      signUps: 1,
      deposits: { count: 1, amount: '40.000000' },
    });
    expect(data.series[29]).toMatchObject({ date: today, ...data.today });
    expect(data.series.slice(1, 29).every((day) => day.deposits.count === 0)).toBe(true);
  });
});

describe('operations', () => {
  it('shows each watcher with its lag, colouring one behind or failing', async () => {
    const { watchers } = await overview();
    expect(watchers).toEqual([
      expect.objectContaining({
        network: 'BEP20',
        state: 'error',
        headBlock: 505,
        cursor: 500,
        lagBlocks: 5,
        confirmations: 15,
        lastError: expect.objectContaining({ message: 'node timed out' }),
      }),
      expect.objectContaining({
        network: 'ERC20',
        state: 'behind',
        headBlock: 1000,
        cursor: 900,
        lagBlocks: 100,
        confirmations: 12,
        lastError: null,
      }),
    ]);
    const erc20 = watchers.find((w) => w.network === 'ERC20')!;
    expect(erc20.lagSeconds).toBeGreaterThanOrEqual(30);
    expect(erc20.lagSeconds).toBeLessThan(90);
  });

  it('shows the jobs with their last run, success, error and interval', async () => {
    const { jobs } = await overview();
    const failing = jobs.find((job) => job.name === 'test-failing')!;
    const ok = jobs.find((job) => job.name === 'test-ok')!;
    expect(failing).toMatchObject({ lastError: 'boom', lastSuccessAt: null, running: false });
    expect(failing.lastRunAt).not.toBeNull();
    expect(ok).toMatchObject({ lastError: null, intervalSeconds: 60, running: false });
    expect(ok.lastSuccessAt).not.toBeNull();
  });

  it('counts the mail backlog', async () => {
    const { mail } = await overview();
    expect(mail).toMatchObject({ queued: 2, failing: 1, failed: 1 });
    expect(mail.oldestQueuedSeconds).toBeGreaterThanOrEqual(600);
    expect(mail.oldestQueuedSeconds).toBeLessThan(700);
  });
});

describe('who may see it', () => {
  it('answers support 403, in the staff area and with a storefront sign-in', async () => {
    const asSupport = await ctx.request({
      method: 'GET',
      url: '/api/admin/overview',
      headers: support.headers,
    });
    expect(asSupport.statusCode).toBe(403);
    expect(asSupport.json<{ error: { code: string } }>().error.code).toBe('FORBIDDEN');
    const asStorefront = await ctx.request({
      method: 'GET',
      url: '/api/admin/overview',
      headers: support.webHeaders,
    });
    expect(asStorefront.statusCode).toBe(403);
  });
});
