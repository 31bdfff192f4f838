// Cancel Transaction on a waiting deposit: it closes the address now, frees its place among the
// open deposits, and a payment that still reaches the address is credited as a late one.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UNPAID_DEPOSITS } from '@crimsonhost/shared/constants';
import { createTestApp, type TestContext } from '../app';
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

async function openDeposit(headers: Record<string, string>, amount = '20') {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/wallet/deposits',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: { amount, network: 'ERC20' },
  });
  return response;
}

const cancel = (headers: Record<string, string>, id: string) =>
  ctx.request({ method: 'POST', url: `/api/wallet/deposits/${id}/cancel`, headers });

const balance = async (headers: Record<string, string>) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/wallet', headers })).json<{
    data: { usdt: { available: string }; pendingDeposits: number };
  }>().data;

describe('cancelling a waiting deposit', () => {
  it('closes the address, frees its place among the open deposits, and answers the same again', async () => {
    const { headers } = await renter(ctx);
    const opened = [];
    for (let i = 0; i < MAX_UNPAID_DEPOSITS; i += 1) {
      const response = await openDeposit(headers);
      expect(response.statusCode).toBe(201);
      opened.push(response.json().data as { transactionId: string });
    }
    expect((await openDeposit(headers)).statusCode).toBe(409);

    const first = await cancel(headers, opened[0]!.transactionId);
    expect(first.statusCode).toBe(200);
    const detail = first.json().data;
    expect(detail).toMatchObject({
      id: opened[0]!.transactionId,
      status: 'FAILED',
      timelineStatus: 'EXPIRED',
      errorMessage: 'Deposit cancelled',
      deposit: { status: 'EXPIRED' },
    });
    expect(detail.deposit.cancelledAt).toEqual(expect.any(String));
    expect(new Date(detail.deposit.expiresAt).getTime()).toBeLessThanOrEqual(Date.now());

    // Idempotent: cancelling again changes nothing and answers the same.
    const again = await cancel(headers, opened[0]!.transactionId);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(detail);

    expect((await balance(headers)).pendingDeposits).toBe(MAX_UNPAID_DEPOSITS - 1);
    expect((await openDeposit(headers)).statusCode).toBe(201);
  });

  it('still credits a payment that reaches a cancelled address, as a late one', async () => {
    const { headers } = await renter(ctx);
    const deposit = (await openDeposit(headers, '10')).json().data as {
      transactionId: string;
      address: `0x${string}`;
    };
    expect((await cancel(headers, deposit.transactionId)).statusCode).toBe(200);
    await fixture.chain.pay(fixture.usdt6, deposit.address, 10n * USDT);
    await fixture.chain.mine(12);
    const { watcher } = watcherFor(ctx.database.db, ctx.app.services.wallet, fixture, 'ERC20');
    await watcher.pass();
    const detail = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/wallet/transactions/${deposit.transactionId}`,
        headers,
      })
    ).json().data;
    expect(detail).toMatchObject({
      status: 'CONFIRMED',
      timelineStatus: 'CONFIRMED',
      balanceChange: '9.900000',
      deposit: { late: true },
    });
    expect((await balance(headers)).usdt.available).toBe('9.900000');
  });

  it('refuses once a payment was seen, and for an address that already expired', async () => {
    const { headers } = await renter(ctx);
    const paid = (await openDeposit(headers, '10')).json().data as {
      transactionId: string;
      address: `0x${string}`;
    };
    await fixture.chain.pay(fixture.usdt6, paid.address, 10n * USDT);
    await watcherFor(ctx.database.db, ctx.app.services.wallet, fixture, 'ERC20').watcher.pass();
    const refused = await cancel(headers, paid.transactionId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'DEPOSIT_NOT_CANCELLABLE',
      message:
        'A payment to this address has already been seen: it is credited once confirmed and cannot be cancelled.',
    });

    const lapsed = (await openDeposit(headers, '10')).json().data as { transactionId: string };
    await ctx.database.db.execute(
      sql`update deposits set expires_at = now() - interval '1 second' where transaction_id = ${lapsed.transactionId}`,
    );
    await ctx.app.services.wallet.expireDeposits();
    const late = await cancel(headers, lapsed.transactionId);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('This deposit address has already expired.');
  });

  it("answers 404 for another user's deposit, a malformed id, and a visitor 401", async () => {
    const owner = await renter(ctx);
    const stranger = await renter(ctx);
    const deposit = (await openDeposit(owner.headers)).json().data as { transactionId: string };
    for (const id of [deposit.transactionId, 'not-a-uuid', randomUUID()]) {
      const response = await cancel(stranger.headers, id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    const visitor = await cancel({}, deposit.transactionId);
    expect(visitor.statusCode).toBe(401);
    const withoutCsrf = await ctx.app.inject({
      method: 'POST',
      url: `/api/wallet/deposits/${deposit.transactionId}/cancel`,
      headers: owner.headers,
    });
    expect(withoutCsrf.statusCode).toBe(403);
    // The owner's deposit is untouched by all of that.
    expect((await balance(owner.headers)).pendingDeposits).toBe(1);
  });

  it('lets one of many simultaneous cancels and payments win, and credits the payment either way', async () => {
    const { headers } = await renter(ctx);
    const deposit = (await openDeposit(headers, '10')).json().data as {
      transactionId: string;
      address: `0x${string}`;
    };
    await fixture.chain.pay(fixture.usdt6, deposit.address, 10n * USDT);
    const { watcher } = watcherFor(ctx.database.db, ctx.app.services.wallet, fixture, 'ERC20');
    const [answers] = await Promise.all([
      Promise.all(Array.from({ length: 6 }, () => cancel(headers, deposit.transactionId))),
      watcher.pass(),
    ]);
    const codes = new Set(answers.map((answer) => answer.statusCode));
    // All agree: either the cancel came first (200 each time) or the payment did (409 each time).
    expect(codes.size).toBe(1);
    expect([200, 409]).toContain([...codes][0]);
    await fixture.chain.mine(12);
    await watcher.pass();
    expect((await balance(headers)).usdt.available).toBe('9.900000');
  });
});
