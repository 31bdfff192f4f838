// The wallet's figures add up: each transaction says what it moved in or out of the wallet (as the
// ledger posted it) and the fee taken, so the list sums to the balance, and a deposit still waiting
// says the fee that will be taken.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { parseSignedUsdt, toUsdtString } from '@crimsonhost/shared/money';
import type { Transaction } from '@crimsonhost/shared/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../app';
import { createListing, createVendor } from '../catalog/catalog-factories';
import { renter, USDT } from '../rentals/rentals-fixture';
import { startChainFixture, watcherFor, type ChainFixture } from './chain-fixture';

let ctx: TestContext;
let fixture: ChainFixture;

beforeAll(async () => {
  fixture = await startChainFixture();
  ctx = await createTestApp({}, undefined, { chains: fixture.settings });
});
afterAll(async () => {
  await ctx?.close();
  await fixture?.stop();
});

async function openDeposit(headers: Record<string, string>, amount: string) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/wallet/deposits',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: { amount, network: 'ERC20' },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as { address: `0x${string}`; transactionId: string };
}

async function list(headers: Record<string, string>): Promise<Transaction[]> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/wallet/transactions?pageSize=100',
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as Transaction[];
}

const get = async (headers: Record<string, string>, url: string) =>
  (await ctx.app.inject({ method: 'GET', url, headers })).json<{
    data: Record<string, unknown> & {
      usdt: { available: string };
      platformCredit: { available: string };
    };
  }>().data;

describe('the wallet list reconciles with the balance', () => {
  it('sums every transaction to the available balance, each showing its fee', async () => {
    const { headers } = await renter(ctx);
    const exact = await openDeposit(headers, '25');
    const short = await openDeposit(headers, '25');
    const twice = await openDeposit(headers, '10');
    const waiting = await openDeposit(headers, '40');
    const expired = await openDeposit(headers, '12');
    await ctx.database.db.execute(
      sql`update deposits set expires_at = now() - interval '1 second' where transaction_id = ${expired.transactionId}`,
    );
    await ctx.app.services.wallet.expireDeposits();

    const { watcher } = watcherFor(ctx.database.db, ctx.app.services.wallet, fixture, 'ERC20');
    await fixture.chain.pay(fixture.usdt6, exact.address, 25n * USDT);
    await fixture.chain.pay(fixture.usdt6, short.address, 20n * USDT);
    await fixture.chain.pay(fixture.usdt6, twice.address, 10n * USDT);
    await fixture.chain.pay(fixture.usdt6, twice.address, 5n * USDT);
    await fixture.chain.mine(12);
    await watcher.pass();

    // Rent for 3 hours, then cancel with 2 whole hours unused: a payment and a refund.
    const vendor = await createVendor(ctx.database.db);
    const listing = await createListing(ctx.database.db, {
      vendorId: vendor.id,
      priceMicro: 2_500_000n,
    });
    const rented = await ctx.request({
      method: 'POST',
      url: '/api/rentals',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: { serverId: listing.id, hours: 3 },
    });
    expect(rented.statusCode).toBe(201);
    const cancelled = await ctx.request({
      method: 'POST',
      url: `/api/rentals/${rented.json().data.id}/cancel`,
      headers: { ...headers, 'idempotency-key': randomUUID() },
    });
    expect(cancelled.statusCode).toBe(200);

    const rows = await list(headers);
    const wallet = await get(headers, '/api/wallet');
    const sum = (currency: string) =>
      toUsdtString(
        rows
          .filter((row) => row.currency === currency)
          .reduce((total, row) => total + parseSignedUsdt(row.balanceChange), 0n),
      );
    // 24.75 + 19.80 + 9.90 + 4.95 - 7.50 + 5.00 = 56.90
    expect(wallet.usdt.available).toBe('56.900000');
    expect(sum('USDT')).toBe(wallet.usdt.available);
    expect(sum('PLATFORM')).toBe(wallet.platformCredit.available);

    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(exact.transactionId)).toMatchObject({
      amount: '25.000000',
      fee: '0.250000',
      balanceChange: '24.750000',
    });
    expect(byId.get(short.transactionId)).toMatchObject({
      amount: '20.000000',
      fee: '0.200000',
      balanceChange: '19.800000',
    });
    // The further payment to the same address is its own row, with its own fee.
    const further = rows.filter((row) => row.description.startsWith('Further payment'));
    expect(further).toHaveLength(1);
    expect(further[0]).toMatchObject({ fee: '0.050000', balanceChange: '4.950000' });
    // Nothing moved yet: the fee shown is the one that will be taken when the payment arrives.
    expect(byId.get(waiting.transactionId)).toMatchObject({
      timelineStatus: 'WAITING',
      amount: '40.000000',
      fee: '0.400000',
      balanceChange: '0.000000',
    });
    expect(byId.get(expired.transactionId)).toMatchObject({
      timelineStatus: 'EXPIRED',
      fee: '0.000000',
      balanceChange: '0.000000',
    });
    const payment = rows.find((row) => row.type === 'RENTAL_PAYMENT');
    expect(payment).toMatchObject({
      amount: '7.500000',
      fee: '0.000000',
      balanceChange: '-7.500000',
    });
    const refund = rows.find((row) => row.type === 'REFUND');
    expect(refund).toMatchObject({ amount: '5.000000', balanceChange: '5.000000' });
  });

  it("shows a waiting deposit's fee in its detail and status, not 0", async () => {
    const { headers } = await renter(ctx);
    const waiting = await openDeposit(headers, '40');
    const detail = await get(headers, `/api/wallet/transactions/${waiting.transactionId}`);
    expect(detail).toMatchObject({ fee: '0.400000', balanceChange: '0.000000' });
    const status = await get(headers, `/api/wallet/deposits/${waiting.transactionId}/status`);
    expect(status).toMatchObject({ fee: '0.400000', creditedAmount: '0.000000' });

    // Confirming a short payment: the fee follows what arrived.
    await fixture.chain.pay(fixture.usdt6, waiting.address, 30n * USDT);
    const { watcher } = watcherFor(ctx.database.db, ctx.app.services.wallet, fixture, 'ERC20');
    await watcher.pass();
    expect(await get(headers, `/api/wallet/transactions/${waiting.transactionId}`)).toMatchObject({
      timelineStatus: 'PENDING',
      fee: '0.300000',
      balanceChange: '0.000000',
    });
    expect(
      await get(headers, `/api/wallet/deposits/${waiting.transactionId}/status`),
    ).toMatchObject({ fee: '0.300000', receivedAmount: '30.000000' });
  });
});
