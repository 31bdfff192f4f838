import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { createTestApp, type TestContext } from '../app';
import { createUser } from '../factories';
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

const USDT = 1_000_000n;
let ip = 0;

async function signIn() {
  const user = await createUser(ctx.database.db);
  const login = await ctx.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
    remoteAddress: `10.3.0.${++ip % 250}`,
  });
  return { user, headers: { authorization: `Bearer ${login.json().data.tokens.access_token}` } };
}

async function openDeposit(
  headers: Record<string, string>,
  network: 'ERC20' | 'BEP20',
  amount: string,
  key = randomUUID(),
) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/wallet/deposits',
    headers: { ...headers, 'idempotency-key': key },
    payload: { amount, network },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as {
    address: string;
    transactionId: string;
    amount: string;
    networkFee: string;
    confirmationsRequired: number;
    expiresAt: string;
  };
}

const status = async (
  headers: Record<string, string>,
  id: string,
): Promise<Record<string, unknown>> =>
  (
    await ctx.app.inject({ method: 'GET', url: `/api/wallet/deposits/${id}/status`, headers })
  ).json<{
    data: Record<string, unknown>;
  }>().data;
const balance = async (headers: Record<string, string>) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/wallet', headers })).json().data.usdt
    .available as string;

describe('opening a deposit', () => {
  it('answers the deposit address result with a fresh address for 30 minutes', async () => {
    const { headers } = await signIn();
    const before = Date.now();
    const first = await openDeposit(headers, 'ERC20', '25');
    const second = await openDeposit(headers, 'ERC20', '25');
    expect(first.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(second.address).not.toBe(first.address);
    expect(first).toMatchObject({
      amount: '25.000000',
      networkFee: '0.250000',
      confirmationsRequired: 12,
    });
    const ttl = new Date(first.expiresAt).getTime() - before;
    expect(ttl).toBeGreaterThan(29.9 * 60_000);
    expect(ttl).toBeLessThan(30.1 * 60_000);
    expect(await status(headers, first.transactionId)).toMatchObject({
      depositStatus: 'WAITING',
      paid: 'none',
    });
  });

  it('replays the first answer for a repeated Idempotency-Key and refuses it for another request', async () => {
    const { headers } = await signIn();
    const key = randomUUID();
    const first = await openDeposit(headers, 'ERC20', '40', key);
    const again = await ctx.request({
      method: 'POST',
      url: '/api/wallet/deposits',
      headers: { ...headers, 'idempotency-key': key },
      payload: { amount: '40', network: 'ERC20' },
    });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(first);
    const other = await ctx.request({
      method: 'POST',
      url: '/api/wallet/deposits',
      headers: { ...headers, 'idempotency-key': key },
      payload: { amount: '50', network: 'ERC20' },
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const missing = await ctx.request({
      method: 'POST',
      url: '/api/wallet/deposits',
      headers,
      payload: { amount: '50', network: 'ERC20' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });

  it.each([
    ['', 'Please enter deposit amount'],
    ['abc', 'Amount must be a number with at most 6 decimals'],
    ['9.99', 'Minimum amount is 10 USDT'],
  ])('refuses the amount %j with the message %j', async (amount, message) => {
    const { headers } = await signIn();
    const response = await ctx.request({
      method: 'POST',
      url: '/api/wallet/deposits',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: { amount, network: 'ERC20' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message,
      details: { fields: [{ field: 'amount', message }] },
    });
  });

  it('applies a configured maximum', async () => {
    await ctx.database.db.execute(sql`update deposit_settings set max_amount = 1000000000`);
    try {
      const { headers } = await signIn();
      const response = await ctx.request({
        method: 'POST',
        url: '/api/wallet/deposits',
        headers: { ...headers, 'idempotency-key': randomUUID() },
        payload: { amount: '1000.000001', network: 'ERC20' },
      });
      expect(response.json().error.message).toBe('Maximum amount is 1000 USDT');
    } finally {
      await ctx.database.db.execute(sql`update deposit_settings set max_amount = null`);
    }
  });

  it('says when a network cannot take deposits here', async () => {
    const { headers } = await signIn();
    const response = await ctx.request({
      method: 'POST',
      url: '/api/wallet/deposits',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: { amount: '20', network: 'TRC20' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('NETWORK_UNAVAILABLE');
  });

  it('holds at most 5 unpaid addresses per account, even when 10 are asked for at once', async () => {
    const { headers } = await signIn();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.request({
          method: 'POST',
          url: '/api/wallet/deposits',
          headers: { ...headers, 'idempotency-key': randomUUID() },
          payload: { amount: '20', network: 'ERC20' },
        }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 201, 201, 409, 409, 409, 409, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!.json().error;
    expect(refused).toMatchObject({
      code: 'TOO_MANY_OPEN_DEPOSITS',
      message:
        'You already have 5 deposit addresses waiting for payment. Pay one of them or wait until one expires.',
    });
    // Once one of them has passed its 30 minutes, a new one may be opened.
    const opened = answers.find((answer) => answer.statusCode === 201)!.json().data;
    await ctx.database.db.execute(
      sql`update deposits set expires_at = now() - interval '1 second' where transaction_id = ${opened.transactionId}`,
    );
    await openDeposit(headers, 'ERC20', '20');
  });

  it('limits how often an account may ask for deposits, with Retry-After', async () => {
    const { user, headers } = await signIn();
    await openDeposit(headers, 'ERC20', '20');
    await ctx.database.db.execute(
      sql`update rate_limit_counters set hits = 30 where key = ${`deposit:user:${user.id}`}`,
    );
    const response = await ctx.request({
      method: 'POST',
      url: '/api/wallet/deposits',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: { amount: '20', network: 'ERC20' },
    });
    expect(response.statusCode).toBe(429);
    expect(response.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many deposit requests. Please wait before opening another deposit.',
    });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("answers 404 for another user's deposit and for a malformed id", async () => {
    const owner = await signIn();
    const stranger = await signIn();
    const deposit = await openDeposit(owner.headers, 'ERC20', '20');
    for (const url of [
      `/api/wallet/deposits/${deposit.transactionId}/status`,
      `/api/wallet/transactions/${deposit.transactionId}`,
      '/api/wallet/deposits/not-a-uuid/status',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: stranger.headers });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
  });
});

describe('watching the chain', () => {
  it('goes from waiting to confirming k of N to confirmed, and credits the wallet less the fee', async () => {
    const { headers } = await signIn();
    const deposit = await openDeposit(headers, 'ERC20', '25');
    const { watcher } = watcherFor(ctx.database.db, ctx.app.services.wallet, fixture, 'ERC20');
    await watcher.pass();
    expect(await status(headers, deposit.transactionId)).toMatchObject({
      depositStatus: 'WAITING',
      paid: 'none',
    });

    await fixture.chain.pay(fixture.usdt6, deposit.address, 25n * USDT);
    await watcher.pass();
    let seen = await status(headers, deposit.transactionId);
    expect(seen).toMatchObject({
      // Seen and confirming: the spec's WAITING, its confirmations counted (decision 029).
      depositStatus: 'WAITING',
      paid: 'exact',
      status: 'pending',
      confirmations: 1,
      requiredConfirmations: 12,
      receivedAmount: '25.000000',
    });
    expect(seen.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await balance(headers)).toBe('0.000000');

    // Stored as CONFIRMING; every spec-facing answer says the spec's WAITING (decision 029) and
    // keeps the confirmations count: the status check above, the transaction and its list.
    const [stored] = await queryRows<{ status: string }>(
      ctx.database.db,
      sql`select status from deposits where transaction_id = ${deposit.transactionId}`,
    );
    expect(stored?.status).toBe('CONFIRMING');
    const confirmingDetail = await ctx.request({
      method: 'GET',
      url: `/api/wallet/transactions/${deposit.transactionId}`,
      headers,
    });
    expect(confirmingDetail.json().data).toMatchObject({
      timelineStatus: 'PENDING',
      status: 'PENDING',
      deposit: { status: 'WAITING', paid: 'exact', receivedAmount: '25.000000' },
    });
    const list = await ctx.request({ method: 'GET', url: '/api/wallet/transactions', headers });
    expect(list.json().data).toContainEqual(
      expect.objectContaining({
        id: deposit.transactionId,
        timelineStatus: 'PENDING',
        // The list names how it is paid: USDT on its network, its payment pending.
        network: 'ERC20',
        paymentMethod: 'crypto',
        paymentStatus: 'pending',
      }),
    );
    for (const body of [seen, confirmingDetail.json(), list.json()]) {
      expect(JSON.stringify(body)).not.toContain('CONFIRMING');
    }

    await fixture.chain.mine(10);
    await watcher.pass();
    expect((await status(headers, deposit.transactionId)).confirmations).toBe(11);
    expect(await balance(headers)).toBe('0.000000');

    await fixture.chain.mine(1);
    await watcher.pass();
    seen = await status(headers, deposit.transactionId);
    expect(seen).toMatchObject({
      depositStatus: 'CONFIRMED',
      status: 'confirmed',
      paid: 'exact',
      creditedAmount: '24.750000',
      fee: '0.250000',
      late: false,
    });
    expect(await balance(headers)).toBe('24.750000');

    const detail = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/wallet/transactions/${deposit.transactionId}`,
        headers,
      })
    ).json().data;
    expect(detail).toMatchObject({
      type: 'DEPOSIT',
      status: 'CONFIRMED',
      timelineStatus: 'CONFIRMED',
      amount: '25.000000',
      fee: '0.250000',
      network: 'ERC20',
      confirmations: 12,
      requiredConfirmations: 12,
      deposit: {
        status: 'CONFIRMED',
        expiresAt: deposit.expiresAt,
        requestedAmount: '25.000000',
        receivedAmount: '25.000000',
        paid: 'exact',
        late: false,
      },
    });
  });

  it('credits exactly once across a watcher restart and with two watchers at once', async () => {
    const { headers } = await signIn();
    const deposit = await openDeposit(headers, 'ERC20', '30');
    await fixture.chain.pay(fixture.usdt6, deposit.address, 30n * USDT);
    await fixture.chain.mine(12);
    const a = watcherFor(ctx.database.db, ctx.app.services.wallet, fixture, 'ERC20').watcher;
    const b = watcherFor(ctx.database.db, ctx.app.services.wallet, fixture, 'ERC20').watcher;
    const passes = await Promise.all([a.pass(), b.pass()]);
    expect(passes.reduce((n, p) => n + p.credited, 0)).toBe(1);
    // A fresh watcher (a restarted process) over the same blocks credits nothing more.
    const restarted = watcherFor(
      ctx.database.db,
      ctx.app.services.wallet,
      fixture,
      'ERC20',
    ).watcher;
    await ctx.database.db.execute(sql`delete from chain_cursors where network = 'ERC20'`);
    expect((await restarted.pass()).credited).toBe(0);
    expect(await balance(headers)).toBe('29.700000');
    const entries = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from ledger_transactions where reference like ${`deposit:ERC20:%`} and id in (select ledger_transaction_id from wallet_transactions where id = ${deposit.transactionId})`,
    );
    expect(entries[0]!.n).toBe(1);
  });

  it('does not credit a transfer that a reorg removed, and credits the re-mined one once', async () => {
    const { headers } = await signIn();
    const deposit = await openDeposit(headers, 'ERC20', '15');
    const { watcher } = watcherFor(ctx.database.db, ctx.app.services.wallet, fixture, 'ERC20');
    await watcher.pass();
    const snapshot = await fixture.chain.snapshot();
    const signed = await fixture.chain.signPayment(fixture.usdt6, deposit.address, 15n * USDT);
    await fixture.chain.sendRaw(signed);
    await fixture.chain.mine(5);
    await watcher.pass();
    expect((await status(headers, deposit.transactionId)).confirmations).toBe(6);

    await fixture.chain.revert(snapshot);
    await fixture.chain.mine(8);
    await watcher.pass();
    let seen = await status(headers, deposit.transactionId);
    expect(seen.confirmations).toBe(0);
    expect(seen.depositStatus).not.toBe('CONFIRMED');
    expect(await balance(headers)).toBe('0.000000');

    await fixture.chain.sendRaw(signed);
    await fixture.chain.mine(11);
    await watcher.pass();
    seen = await status(headers, deposit.transactionId);
    expect(seen.depositStatus).toBe('CONFIRMED');
    await watcher.pass();
    expect(await balance(headers)).toBe('14.850000');
  });

  it('fails a deposit whose payment vanished and did not come back', async () => {
    const { headers } = await signIn();
    const deposit = await openDeposit(headers, 'ERC20', '15');
    const { watcher } = watcherFor(ctx.database.db, ctx.app.services.wallet, fixture, 'ERC20', {
      missingGraceMs: 0,
    });
    const snapshot = await fixture.chain.snapshot();
    await fixture.chain.pay(fixture.usdt6, deposit.address, 15n * USDT);
    await watcher.pass();
    await fixture.chain.revert(snapshot);
    await fixture.chain.mine(1);
    await watcher.pass();
    await watcher.pass();
    const seen = await status(headers, deposit.transactionId);
    expect(seen).toMatchObject({
      depositStatus: 'FAILED',
      status: 'failed',
      errorMessage: 'The payment disappeared from the chain and did not come back',
    });
  });

  it('credits a payment that comes back after the deposit was failed for it, once', async () => {
    const { headers } = await signIn();
    const deposit = await openDeposit(headers, 'ERC20', '12');
    const { watcher } = watcherFor(ctx.database.db, ctx.app.services.wallet, fixture, 'ERC20', {
      missingGraceMs: 0,
    });
    const snapshot = await fixture.chain.snapshot();
    const signed = await fixture.chain.signPayment(fixture.usdt6, deposit.address, 12n * USDT);
    await fixture.chain.sendRaw(signed);
    await watcher.pass();
    await fixture.chain.revert(snapshot);
    await fixture.chain.mine(1);
    await watcher.pass();
    await watcher.pass();
    expect((await status(headers, deposit.transactionId)).depositStatus).toBe('FAILED');
    await fixture.chain.sendRaw(signed);
    await fixture.chain.mine(11);
    await watcher.pass();
    await watcher.pass();
    expect(await status(headers, deposit.transactionId)).toMatchObject({
      depositStatus: 'CONFIRMED',
      creditedAmount: '11.880000',
    });
    expect(await balance(headers)).toBe('11.880000');
  });

  it('expires an unpaid deposit after its 30 minutes', async () => {
    const { headers } = await signIn();
    const deposit = await openDeposit(headers, 'ERC20', '10');
    await ctx.database.db.execute(
      sql`update deposits set expires_at = now() - interval '1 second' where transaction_id = ${deposit.transactionId}`,
    );
    expect(await ctx.app.services.wallet.expireDeposits()).toBeGreaterThanOrEqual(1);
    const seen = await status(headers, deposit.transactionId);
    expect(seen).toMatchObject({ depositStatus: 'EXPIRED', status: 'failed' });
    const detail = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/wallet/transactions/${deposit.transactionId}`,
        headers,
      })
    ).json().data;
    expect(detail).toMatchObject({
      status: 'FAILED',
      timelineStatus: 'EXPIRED',
      errorMessage: 'Deposit address expired',
    });
  });

  it('filters the transactions by the status the list shows: an expired deposit is Expired, not Failed', async () => {
    const { headers } = await signIn();
    const waiting = await openDeposit(headers, 'ERC20', '10');
    const expired = await openDeposit(headers, 'ERC20', '11');
    await ctx.database.db.execute(
      sql`update deposits set expires_at = now() - interval '1 second' where transaction_id = ${expired.transactionId}`,
    );
    await ctx.app.services.wallet.expireDeposits();
    const listed = async (filter: string) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/wallet/transactions?status=${filter}`,
        headers,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{
        data: { id: string; timelineStatus: string }[];
        meta: { total: number };
      }>();
      expect(body.data.every((row) => row.timelineStatus === filter)).toBe(true);
      expect(body.meta.total).toBe(body.data.length);
      return body.data.map((row) => row.id);
    };
    expect(await listed('WAITING')).toEqual([waiting.transactionId]);
    expect(await listed('EXPIRED')).toEqual([expired.transactionId]);
    expect(await listed('FAILED')).toEqual([]);
    expect(await listed('PENDING')).toEqual([]);
  });

  it('credits a late payment for what arrived and marks it late', async () => {
    const { headers } = await signIn();
    const deposit = await openDeposit(headers, 'ERC20', '10');
    await ctx.database.db.execute(
      sql`update deposits set expires_at = now() - interval '1 minute' where transaction_id = ${deposit.transactionId}`,
    );
    await ctx.app.services.wallet.expireDeposits();
    const { watcher } = watcherFor(ctx.database.db, ctx.app.services.wallet, fixture, 'ERC20');
    await fixture.chain.pay(fixture.usdt6, deposit.address, 10n * USDT);
    await fixture.chain.mine(11);
    await watcher.pass();
    const seen = await status(headers, deposit.transactionId);
    expect(seen).toMatchObject({
      depositStatus: 'CONFIRMED',
      late: true,
      creditedAmount: '9.900000',
    });
    const detail = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/wallet/transactions/${deposit.transactionId}`,
        headers,
      })
    ).json().data;
    expect(detail.status).toBe('CONFIRMED');
    expect(detail.description).toContain('arrived after the address expired');
  });

  it('credits short and larger payments for what arrived and says so', async () => {
    const { headers } = await signIn();
    const short = await openDeposit(headers, 'ERC20', '25');
    const over = await openDeposit(headers, 'ERC20', '25');
    const { watcher } = watcherFor(ctx.database.db, ctx.app.services.wallet, fixture, 'ERC20');
    await fixture.chain.pay(fixture.usdt6, short.address, 20n * USDT);
    await fixture.chain.pay(fixture.usdt6, over.address, 30n * USDT);
    await fixture.chain.mine(12);
    await watcher.pass();
    expect(await status(headers, short.transactionId)).toMatchObject({
      paid: 'short',
      receivedAmount: '20.000000',
      creditedAmount: '19.800000',
    });
    expect(await status(headers, over.transactionId)).toMatchObject({
      paid: 'over',
      receivedAmount: '30.000000',
      creditedAmount: '29.700000',
    });
    expect(await balance(headers)).toBe('49.500000');
    // The transaction's own detail says the same, for the status view.
    const detail = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/wallet/transactions/${short.transactionId}`,
        headers,
      })
    ).json().data;
    expect(detail.deposit).toMatchObject({
      requestedAmount: '25.000000',
      receivedAmount: '20.000000',
      paid: 'short',
    });
  });

  it('converts 18-decimal BEP20 amounts exactly and records dust without crediting it', async () => {
    const { headers } = await signIn();
    const deposit = await openDeposit(headers, 'BEP20', '25');
    const dustOnly = await openDeposit(headers, 'BEP20', '10');
    const { watcher } = watcherFor(ctx.database.db, ctx.app.services.wallet, fixture, 'BEP20');
    await fixture.chain.pay(fixture.usdt18, deposit.address, 25_123_456_789_000_000_001n);
    await fixture.chain.pay(fixture.usdt18, dustOnly.address, 999_999_999_999n);
    await fixture.chain.mine(15);
    await watcher.pass();
    expect(await status(headers, deposit.transactionId)).toMatchObject({
      depositStatus: 'CONFIRMED',
      receivedAmount: '25.123456',
    });
    // 25.123456 less 0.50% (0.125617, rounded down) = 24.997839
    expect(await balance(headers)).toBe('24.997839');
    const rows = await queryRows<{ status: string; amount: string; dust: string }>(
      ctx.database.db,
      sql`select status, amount::text, dust::text from chain_transfers where deposit_id in (${deposit.transactionId}, ${dustOnly.transactionId}) order by amount desc`,
    );
    expect(rows).toEqual([
      { status: 'CREDITED', amount: '25123456', dust: '789000000001' },
      { status: 'DUST', amount: '0', dust: '999999999999' },
    ]);
    expect(await status(headers, dustOnly.transactionId)).toMatchObject({
      depositStatus: 'WAITING',
      paid: 'none',
    });
  });

  it('ignores a transfer of another token to a deposit address', async () => {
    const { headers } = await signIn();
    const deposit = await openDeposit(headers, 'ERC20', '10');
    const other = await fixture.chain.deployToken(6, 'FAKE');
    await fixture.chain.pay(other, deposit.address, 10n * USDT);
    await fixture.chain.mine(12);
    const { watcher } = watcherFor(ctx.database.db, ctx.app.services.wallet, fixture, 'ERC20');
    await watcher.pass();
    expect(await status(headers, deposit.transactionId)).toMatchObject({
      depositStatus: 'WAITING',
      receivedAmount: '0.000000',
    });
  });
});
