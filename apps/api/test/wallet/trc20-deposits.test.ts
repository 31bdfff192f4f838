import { randomBytes, randomUUID } from 'node:crypto';
import type { DepositStatusView } from '@crimsonhost/shared/wallet';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { deriveDepositAddress, hexToTron, isTronAddress } from '../../src/modules/chains/addresses';
import type { NetworkSettings } from '../../src/modules/chains/chain-settings';
import { DepositWatcher } from '../../src/modules/wallet/deposits/deposit-watcher';
import { IncompleteReadError } from '../../src/modules/chains/chain-client';
import { TronGridClient } from '../../src/modules/chains/tron-client';
import { createTestApp, type TestContext } from '../app';
import { createUser } from '../factories';
import { TEST_XPUBS } from './chain-fixture';
import { startLocalTron, type LocalTron } from '@crimsonhost/devnet/local-tron';

let ctx: TestContext;
let tron: LocalTron;
let settings: NetworkSettings;

beforeAll(async () => {
  tron = await startLocalTron({ apiKey: 'test-key' });
  settings = {
    network: 'TRC20',
    xpub: TEST_XPUBS.TRC20,
    contract: tron.usdt,
    decimals: 6,
    nodeUrl: tron.url,
    apiKey: 'test-key',
    demo: true,
  };
  ctx = await createTestApp({}, undefined, { chains: { TRC20: settings } });
});
afterAll(async () => {
  await ctx?.close();
  await tron?.close();
});
beforeEach(() => tron.resetCalls());

const USDT = 1_000_000n;
let ip = 0;

async function signIn() {
  const user = await createUser(ctx.database.db);
  const login = await ctx.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
    remoteAddress: `10.4.0.${++ip % 250}`,
  });
  return { user, headers: { authorization: `Bearer ${login.json().data.tokens.access_token}` } };
}

async function openDeposit(headers: Record<string, string>, amount: string) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/wallet/deposits',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: { amount, network: 'TRC20' },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as {
    address: string;
    transactionId: string;
    amount: string;
    networkFee: string;
    confirmationsRequired: number;
  };
}

const status = async (headers: Record<string, string>, id: string) =>
  (
    await ctx.app.inject({ method: 'GET', url: `/api/wallet/deposits/${id}/status`, headers })
  ).json<{ data: DepositStatusView }>().data;
const balance = async (headers: Record<string, string>) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/wallet', headers })).json().data.usdt
    .available as string;

/** A TRC20 watcher on the fake TronGrid, as the app would run it. */
function tronWatcher(options: { missingGraceMs?: number } = {}) {
  const client = new TronGridClient({
    baseUrl: settings.nodeUrl,
    contract: settings.contract,
    apiKey: settings.apiKey,
  });
  return new DepositWatcher(
    ctx.database.db,
    pino({ level: 'silent' }),
    ctx.app.services.wallet,
    settings,
    client,
    {
      intervalMs: 3000,
      maxBlockRange: 500,
      reorgWindow: 20,
      missingGraceMs: options.missingGraceMs ?? 60_000,
      startBlock: 0n,
    },
  );
}

const creditsOf = async (transactionId: string) =>
  (
    await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from ledger_transactions where kind = 'DEPOSIT_CREDIT' and id in (select ledger_transaction_id from chain_transfers where deposit_id = ${transactionId})`,
    )
  )[0]!.n;

const randomTronAddress = () => hexToTron(randomBytes(20).toString('hex'));

const cursor = async () =>
  (
    await queryRows<{ last_block: string }>(
      ctx.database.db,
      sql`select last_block::text as last_block from chain_cursors where network = 'TRC20'`,
    )
  )[0]?.last_block;

/** `count` deposits of `amount` USDT, four per user (the cap is five unpaid addresses a user). */
async function openDeposits(count: number, amount: string) {
  const opened: Array<{
    headers: Record<string, string>;
    deposit: { address: string; transactionId: string };
  }> = [];
  let session = await signIn();
  for (let i = 0; i < count; i += 1) {
    if (i > 0 && i % 4 === 0) session = await signIn();
    const deposit = await ctx.app.services.wallet.createDeposit(
      ctx.database.db,
      session.user.id,
      { amount, network: 'TRC20' },
      randomUUID(),
    );
    opened.push({ headers: session.headers, deposit });
  }
  return opened;
}

/**
 * A payment seen and confirming: answered as the spec's WAITING (decision 029), with what arrived
 * and its confirmations counted, so the person sees how far it got.
 */
function expectConfirming(answer: { depositStatus: string; paid: string; confirmations: number }) {
  expect(answer.depositStatus).toBe('WAITING');
  expect(answer.paid).not.toBe('none');
  expect(answer.confirmations).toBeGreaterThan(0);
}

describe('TRC20 deposits through TronGrid', () => {
  it('opens a deposit at a fresh base58 address derived from the TRC20 xpub', async () => {
    const { headers } = await signIn();
    const first = await openDeposit(headers, '25');
    const second = await openDeposit(headers, '25');
    expect(first.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(isTronAddress(first.address)).toBe(true);
    expect(second.address).not.toBe(first.address);
    const [row] = await queryRows<{ derivation_index: number }>(
      ctx.database.db,
      sql`select derivation_index from deposits where transaction_id = ${first.transactionId}`,
    );
    expect(first.address).toBe(
      deriveDepositAddress('TRC20', TEST_XPUBS.TRC20, row!.derivation_index),
    );
    expect(first).toMatchObject({
      amount: '25.000000',
      networkFee: '0.125000',
      confirmationsRequired: 20,
    });
  });

  it('goes from waiting to confirming k of 20 to confirmed, credits less 0.50%, and sends the API key', async () => {
    const { headers } = await signIn();
    const deposit = await openDeposit(headers, '25');
    const watcher = tronWatcher();
    await watcher.pass();
    expect(await status(headers, deposit.transactionId)).toMatchObject({
      depositStatus: 'WAITING',
      paid: 'none',
    });

    const { txId } = tron.pay({ to: deposit.address, value: 25n * USDT });
    await watcher.pass();
    let seen = await status(headers, deposit.transactionId);
    expect(seen).toMatchObject({
      // Seen and confirming: the spec's WAITING, its confirmations counted (decision 029).
      depositStatus: 'WAITING',
      paid: 'exact',
      status: 'pending',
      confirmations: 1,
      requiredConfirmations: 20,
      receivedAmount: '25.000000',
      txHash: txId,
    });
    expect(seen.txHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await balance(headers)).toBe('0.000000');

    tron.mine(18);
    await watcher.pass();
    expect((await status(headers, deposit.transactionId)).confirmations).toBe(19);
    expect(await balance(headers)).toBe('0.000000');

    tron.mine(1);
    await watcher.pass();
    seen = await status(headers, deposit.transactionId);
    expect(seen).toMatchObject({
      depositStatus: 'CONFIRMED',
      status: 'confirmed',
      paid: 'exact',
      creditedAmount: '24.875000',
      fee: '0.125000',
      late: false,
    });
    expect(await balance(headers)).toBe('24.875000');

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
      amount: '25.000000',
      fee: '0.125000',
      network: 'TRC20',
      address: deposit.address,
      txHash: txId,
      confirmations: 20,
      requiredConfirmations: 20,
    });
    const [stored] = await queryRows<{ from_address: string; to_address: string; status: string }>(
      ctx.database.db,
      sql`select from_address, to_address, status from chain_transfers where deposit_id = ${deposit.transactionId}`,
    );
    expect(stored).toEqual({
      from_address: tron.payer,
      to_address: deposit.address,
      status: 'CREDITED',
    });

    // Every request carried the key, on every endpoint the watcher uses.
    expect(tron.apiKeys.length).toBeGreaterThan(0);
    expect(new Set(tron.apiKeys)).toEqual(new Set(['test-key']));
    expect(Object.keys(tron.calls).sort()).toEqual([
      'POST /wallet/getblock',
      'POST /wallet/gettransactioninfobyblocknum',
      'POST /wallet/gettransactioninfobyid',
    ]);
  });

  it('credits exactly once with two watchers at once and across a watcher restart', async () => {
    const { headers } = await signIn();
    const deposit = await openDeposit(headers, '30');
    tron.pay({ to: deposit.address, value: 30n * USDT });
    tron.mine(19);
    const passes = await Promise.all([tronWatcher().pass(), tronWatcher().pass()]);
    expect(passes.reduce((n, p) => n + p.credited, 0)).toBe(1);
    // A fresh watcher (a restarted process) that rescans the same blocks credits nothing more.
    await ctx.database.db.execute(sql`delete from chain_cursors where network = 'TRC20'`);
    expect((await tronWatcher().pass()).credited).toBe(0);
    expect((await tronWatcher().pass()).credited).toBe(0);
    expect(await balance(headers)).toBe('29.850000');
    expect(await creditsOf(deposit.transactionId)).toBe(1);
  });

  it('does not credit a transfer that a reorg removed, and credits the re-added one once', async () => {
    const { headers } = await signIn();
    const deposit = await openDeposit(headers, '15');
    const watcher = tronWatcher();
    await watcher.pass();
    const { txId } = tron.pay({ to: deposit.address, value: 15n * USDT });
    tron.mine(5);
    await watcher.pass();
    expect((await status(headers, deposit.transactionId)).confirmations).toBe(6);

    tron.remove(txId);
    tron.mine(20);
    await watcher.pass();
    let seen = await status(headers, deposit.transactionId);
    expect(seen.confirmations).toBe(0);
    expect(seen.depositStatus).not.toBe('CONFIRMED');
    expect(await balance(headers)).toBe('0.000000');

    tron.readd(txId);
    tron.mine(19);
    await watcher.pass();
    seen = await status(headers, deposit.transactionId);
    expect(seen).toMatchObject({ depositStatus: 'CONFIRMED', txHash: txId });
    await watcher.pass();
    await tronWatcher().pass();
    expect(await balance(headers)).toBe('14.925000');
    expect(await creditsOf(deposit.transactionId)).toBe(1);
  });

  it('fails a deposit whose payment vanished and did not come back', async () => {
    const { headers } = await signIn();
    const deposit = await openDeposit(headers, '15');
    const watcher = tronWatcher({ missingGraceMs: 0 });
    const { txId } = tron.pay({ to: deposit.address, value: 15n * USDT });
    await watcher.pass();
    tron.remove(txId);
    tron.mine(1);
    await watcher.pass();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await watcher.pass();
    expect(await status(headers, deposit.transactionId)).toMatchObject({
      depositStatus: 'FAILED',
      status: 'failed',
      errorMessage: 'The payment disappeared from the chain and did not come back',
    });
    expect(await balance(headers)).toBe('0.000000');
  });

  it('does not credit a failed transaction and says why', async () => {
    const { headers } = await signIn();
    const deposit = await openDeposit(headers, '20');
    const watcher = tronWatcher();
    const { txId } = tron.pay({ to: deposit.address, value: 20n * USDT });
    await watcher.pass();
    expectConfirming(await status(headers, deposit.transactionId));

    tron.fail(txId);
    tron.mine(20);
    await watcher.pass();
    await watcher.pass();
    expect(await status(headers, deposit.transactionId)).toMatchObject({
      depositStatus: 'FAILED',
      status: 'failed',
      errorMessage: 'The transfer transaction failed on the chain (REVERT)',
    });
    expect(await balance(headers)).toBe('0.000000');
    expect(await creditsOf(deposit.transactionId)).toBe(0);
  });

  it('ignores a transfer of another token to a deposit address', async () => {
    const { headers } = await signIn();
    const deposit = await openDeposit(headers, '10');
    tron.pay({ to: deposit.address, value: 10n * USDT, token: tron.otherToken });
    tron.mine(20);
    await tronWatcher().pass();
    expect(await status(headers, deposit.transactionId)).toMatchObject({
      depositStatus: 'WAITING',
      receivedAmount: '0.000000',
    });
    const rows = await queryRows(
      ctx.database.db,
      sql`select id from chain_transfers where deposit_id = ${deposit.transactionId}`,
    );
    expect(rows).toEqual([]);
  });

  it('credits each transfer of one batch transaction once, by its event index', async () => {
    const { headers } = await signIn();
    const a = await openDeposit(headers, '10');
    const b = await openDeposit(headers, '12');
    const { txId } = tron.payInOneTransaction([
      { to: randomTronAddress(), value: 5n * USDT },
      { to: a.address, value: 10n * USDT },
      { to: b.address, value: 12n * USDT },
    ]);
    tron.mine(19);
    const watcher = tronWatcher();
    await watcher.pass();
    await watcher.pass();
    expect((await status(headers, a.transactionId)).depositStatus).toBe('CONFIRMED');
    expect((await status(headers, b.transactionId)).depositStatus).toBe('CONFIRMED');
    expect(await balance(headers)).toBe('21.890000');
    const rows = await queryRows<{ tx_hash: string; log_index: number }>(
      ctx.database.db,
      sql`select tx_hash, log_index from chain_transfers where deposit_id in (${a.transactionId}, ${b.transactionId}) order by log_index`,
    );
    expect(rows).toEqual([
      { tx_hash: txId, log_index: 1 },
      { tx_hash: txId, log_index: 2 },
    ]);
  });

  it('reads a block of 451 transfers in one call and finds the payment at its end', async () => {
    const { headers } = await signIn();
    const deposit = await openDeposit(headers, '50');
    const watcher = tronWatcher();
    await watcher.pass();
    const others = Array.from({ length: 450 }, () => ({
      to: randomTronAddress(),
      value: 1n * USDT,
    }));
    tron.payMany([...others, { to: deposit.address, value: 50n * USDT }]);
    tron.resetCalls();
    const pass = await watcher.pass();
    // One call per block of the range, however many transfers a block holds.
    expect(tron.calls['POST /wallet/gettransactioninfobyblocknum']).toBe(
      Number(pass.scanned!.to - pass.scanned!.from + 1n),
    );
    expect(tron.calls['GET /v1/contracts/:address/events']).toBeUndefined();
    expectConfirming(await status(headers, deposit.transactionId));
    expect((await status(headers, deposit.transactionId)).receivedAmount).toBe('50.000000');
  });

  it('backs off when TronGrid rate limits, honouring Retry-After, and the next pass succeeds', async () => {
    const { headers } = await signIn();
    const deposit = await openDeposit(headers, '10');
    tron.pay({ to: deposit.address, value: 10n * USDT });
    const watcher = tronWatcher();
    const signal = new AbortController().signal;

    tron.rateLimitNext(1, { status: 429, retryAfterSeconds: 7 });
    expect(await watcher.job().run(signal)).toEqual({ retryAfterMs: 7000 });
    expect(tron.calls['POST /wallet/getblock']).toBe(1);
    expect(await status(headers, deposit.transactionId)).toMatchObject({
      depositStatus: 'WAITING',
      paid: 'none',
    });

    // TronGrid's own documented limits: 503 (with a key) and 403, "suspended for 30s".
    tron.rateLimitNext(1, { status: 503 });
    expect(await watcher.job().run(signal)).toEqual({ retryAfterMs: 30_000 });
    tron.rateLimitNext(1, { status: 403 });
    expect(await watcher.job().run(signal)).toEqual({ retryAfterMs: 30_000 });

    expect(await watcher.job().run(signal)).toBeUndefined();
    expectConfirming(await status(headers, deposit.transactionId));
  });

  it('credits every payment of a block of 250 transfers while TronGrid pages events without fingerprints', async () => {
    tron.behave({ eventsWithoutFingerprint: true });
    try {
      const opened = await openDeposits(12, '12');
      const watcher = tronWatcher();
      await watcher.pass();
      // 250 transfers to many addresses in one block; ours are spread through it, most of them
      // after the 200th, where TronGrid's first (and, today, only) page of events ends.
      const ours = new Map(opened.map((o, i) => [190 + i * 5, o.deposit.address]));
      const payments = Array.from({ length: 250 }, (_, i) => ({
        to: ours.get(i) ?? randomTronAddress(),
        value: ours.has(i) ? 12n * USDT : BigInt(1 + i) * USDT,
      }));
      const { blockNumber } = tron.payMany(payments, { plainTransactions: 40 });
      tron.mine(19);
      await watcher.pass();
      await watcher.pass();
      for (const { headers, deposit } of opened) {
        expect(await status(headers, deposit.transactionId)).toMatchObject({
          depositStatus: 'CONFIRMED',
          receivedAmount: '12.000000',
        });
        expect(await creditsOf(deposit.transactionId)).toBe(1);
      }
      expect(BigInt((await cursor())!)).toBeGreaterThanOrEqual(BigInt(blockNumber));
    } finally {
      tron.behave({ eventsWithoutFingerprint: false });
    }
  });

  it('backs off on a 429 in the middle of a range and reads the whole range again', async () => {
    const opened = await openDeposits(3, '15');
    const watcher = tronWatcher();
    await watcher.pass();
    const before = (await cursor())!;
    const blocks: number[] = [];
    for (const { deposit } of opened) {
      tron.mine(3);
      blocks.push(tron.pay({ to: deposit.address, value: 15n * USDT }).blockNumber);
    }
    tron.mine(2);
    const signal = new AbortController().signal;
    // The head and the first blocks are answered, then TronGrid is under load.
    tron.rateLimitAfter(4, 1, { status: 429, retryAfterSeconds: 3 });
    tron.resetCalls();
    expect(await watcher.job().run(signal)).toEqual({ retryAfterMs: 3000 });
    // Four answered calls (the head, then blocks of the range), and the fifth refused.
    expect(tron.callCount()).toBe(5);
    expect(tron.calls['POST /wallet/gettransactioninfobyblocknum']).toBeGreaterThanOrEqual(1);
    // Nothing of the range was kept: the cursor did not move past a block nobody read.
    expect(await cursor()).toBe(before);
    // The next passes read in smaller parts, so a limit part-way through loses less.
    const [range] = await queryRows<{ block_range: number }>(
      ctx.database.db,
      sql`select block_range from chain_cursors where network = 'TRC20'`,
    );
    expect(range!.block_range).toBeLessThan(100);

    expect(await watcher.job().run(signal)).toBeUndefined();
    expect(await cursor()).toBe(String(tron.head()));
    for (const { headers, deposit } of opened) {
      expectConfirming(await status(headers, deposit.transactionId));
    }
    tron.mine(19);
    await watcher.pass();
    for (const { headers, deposit } of opened) {
      expect((await status(headers, deposit.transactionId)).depositStatus).toBe('CONFIRMED');
    }
  });

  it('never moves the cursor past a block the node did not return', async () => {
    const { headers, deposit } = (await openDeposits(1, '13'))[0]!;
    const watcher = tronWatcher();
    await watcher.pass();
    const before = (await cursor())!;
    const { blockNumber } = tron.pay({ to: deposit.address, value: 13n * USDT });
    tron.mine(3);
    // A node behind the one that answered the head: it has not got the block yet.
    tron.behave({ withheldBlocks: [blockNumber] });
    try {
      const client = new TronGridClient({
        baseUrl: tron.url,
        contract: tron.usdt,
        apiKey: 'test-key',
      });
      const refused = await client
        .transfersInRange(BigInt(blockNumber - 1), BigInt(blockNumber + 1))
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(IncompleteReadError);
      expect(refused).toMatchObject({ from: BigInt(blockNumber), to: BigInt(blockNumber) });
      expect((refused as Error).message).toContain(`block ${blockNumber}`);

      // The watcher keeps its cursor below the block and says why in the health details.
      await watcher.pass();
      expect(await cursor()).toBe(before);
      const [fault] = await queryRows<{ last_fault: string | null }>(
        ctx.database.db,
        sql`select last_fault from chain_cursors where network = 'TRC20'`,
      );
      expect(fault?.last_fault).toContain(`block ${blockNumber}`);
      expect(await status(headers, deposit.transactionId)).toMatchObject({
        depositStatus: 'WAITING',
        paid: 'none',
      });
    } finally {
      tron.behave({ withheldBlocks: [] });
    }
    await watcher.pass();
    expectConfirming(await status(headers, deposit.transactionId));
    expect(await cursor()).toBe(String(tron.head()));
  });

  it('reads the blocks before one the node did not return, and stops the cursor there', async () => {
    const { headers, deposit } = (await openDeposits(1, '14'))[0]!;
    const watcher = tronWatcher();
    await watcher.pass();
    const { blockNumber } = tron.pay({ to: deposit.address, value: 14n * USDT });
    tron.mine(1);
    // A block with transactions in it (an empty one is provably empty from its header).
    const busy = tron.pay({ to: randomTronAddress(), value: USDT }).blockNumber;
    expect(busy).toBe(blockNumber + 2);
    tron.mine(2);
    tron.behave({ withheldBlocks: [busy] });
    try {
      await watcher.pass();
      // The payment's block and the one after it were read whole; the withheld one was not.
      expect(await cursor()).toBe(String(blockNumber + 1));
      expectConfirming(await status(headers, deposit.transactionId));
    } finally {
      tron.behave({ withheldBlocks: [] });
    }
    await watcher.pass();
    expect(await cursor()).toBe(String(tron.head()));
  });

  it('reads an empty block as empty only when its header says it has no transactions', async () => {
    const client = new TronGridClient({
      baseUrl: tron.url,
      contract: tron.usdt,
      apiKey: 'test-key',
    });
    const empty = tron.mine(1);
    tron.resetCalls();
    expect(await client.transfersInRange(BigInt(empty), BigInt(empty))).toEqual([]);
    // `[]` is also what a node answers for a block it does not have: the header decides.
    expect(tron.calls['POST /wallet/getblock']).toBe(1);
    const beyond = BigInt(tron.head() + 5);
    await expect(client.transfersInRange(beyond, beyond)).rejects.toBeInstanceOf(
      IncompleteReadError,
    );
  });
});
