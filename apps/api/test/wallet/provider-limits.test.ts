import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  http,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { ANVIL_FUNDER_KEY, TEST_USDT_ABI } from '@crimsonhost/devnet/local-chain';
import {
  startEvmProvider,
  type EvmProvider,
  type LogsLimit,
} from '@crimsonhost/devnet/evm-provider';
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

const account = privateKeyToAccount(ANVIL_FUNDER_KEY);
function clients() {
  const chain = { ...foundry, rpcUrls: { default: { http: [fixture.chain.rpcUrl] } } };
  const transport = http(fixture.chain.rpcUrl, { retryCount: 0 });
  return {
    public: createPublicClient({ chain, transport }),
    wallet: createWalletClient({ chain, transport, account }),
    test: createTestClient({ chain, transport, mode: 'anvil' }),
  };
}

/**
 * `blocks` blocks, each with `perBlock` USDT transfers to strangers (mainnet's traffic, scaled
 * down with the provider's cap), and the given payments spread over them.
 */
async function busyBlocks(blocks: number, perBlock: number, payments: Array<{ to: string }>) {
  const c = clients();
  await c.test.setAutomine(false);
  let nonce = await c.public.getTransactionCount({ address: account.address, blockTag: 'pending' });
  const send = async (to: string, raw: bigint) => {
    await c.wallet.sendTransaction({
      to: fixture.usdt6,
      data: encodeFunctionData({ abi: TEST_USDT_ABI, functionName: 'mint', args: [to, raw] }),
      nonce: nonce++,
      gas: 100_000n,
      maxFeePerGas: 10_000_000_000n,
      maxPriorityFeePerGas: 1n,
    });
  };
  const paid: number[] = [];
  try {
    for (let block = 0; block < blocks; block += 1) {
      for (let i = 0; i < perBlock; i += 1)
        await send(getAddress(`0x${randomBytes(20).toString('hex')}`), 1_000_000n);
      const payment = payments[Math.floor((block * payments.length) / blocks)];
      if (payment && !paid.includes(payments.indexOf(payment))) {
        paid.push(payments.indexOf(payment));
        await send(payment.to, 25_000_000n);
      }
      await c.test.mine({ blocks: 1 });
    }
  } finally {
    await c.test.setAutomine(true);
  }
}

async function openDeposits(count: number) {
  const user = await createUser(ctx.database.db);
  const login = await ctx.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
    remoteAddress: `10.9.${count}.${Math.floor(Math.random() * 250)}`,
  });
  const headers = { authorization: `Bearer ${login.json().data.tokens.access_token}` };
  const opened: Array<{ to: string; id: string }> = [];
  for (let i = 0; i < count; i += 1) {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/wallet/deposits',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: { amount: '25', network: 'ERC20' },
    });
    expect(response.statusCode).toBe(201);
    const data = response.json<{ data: { address: string; transactionId: string } }>().data;
    opened.push({ to: data.address, id: data.transactionId });
  }
  return opened;
}

async function cursor(): Promise<bigint> {
  const [row] = await queryRows<{ last_block: string }>(
    ctx.database.db,
    sql`select last_block from chain_cursors where network = 'ERC20'`,
  );
  return BigInt(row!.last_block);
}

/** The highest block up to which the provider answered every block whole, from `start`. */
function readWholeUpTo(provider: EvmProvider, start: bigint): bigint {
  let upTo = start - 1n;
  for (;;) {
    const next = provider.answered.find((r) => r.from <= upTo + 1n && r.to > upTo);
    if (!next) return upTo;
    upTo = next.to;
  }
}

async function deposited(ids: string[]) {
  const rows = await queryRows<{ id: string; status: string }>(
    ctx.database.db,
    sql`select id, status from wallet_transactions where id in ${sql`(${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`}`,
  );
  return rows.filter((row) => row.status === 'CONFIRMED').length;
}

/**
 * A watcher that was down while `blocks` busy blocks went by, behind the given provider: it
 * must catch up, credit every payment, and never move its cursor past a block nobody read.
 */
async function catchUp(limit: LogsLimit, cap: number, options: { resultCap?: number } = {}) {
  await ctx.database.db.execute(sql`delete from chain_cursors`);
  const provider = await startEvmProvider({ upstream: fixture.chain.rpcUrl, limit, cap });
  try {
    const { watcher } = watcherFor(ctx.database.db, ctx.app.services.wallet, fixture, 'ERC20', {
      nodeUrl: provider.url,
      resultCap: options.resultCap,
    });
    // The watcher was up to date, then down while the busy blocks went by.
    await watcher.pass();
    const start = provider.answered[0]?.from ?? 0n;
    const payments = await openDeposits(4);
    await busyBlocks(40, 6, payments);
    await fixture.chain.mine(12);
    const errors: string[] = [];
    for (let pass = 0; pass < 30 && (await deposited(payments.map((p) => p.id))) < 4; pass += 1) {
      await watcher.pass().catch((error: Error) => errors.push(error.message));
      // Every block at or below the cursor (from where this watcher began) was answered whole.
      expect(await cursor()).toBeLessThanOrEqual(readWholeUpTo(provider, start));
    }
    expect({
      credited: await deposited(payments.map((p) => p.id)),
      errors: errors.slice(0, 1),
    }).toEqual({
      credited: 4,
      errors: [],
    });
    expect(await cursor()).toBe(await fixture.chain.blockNumber());
    return provider;
  } finally {
    await provider.close();
  }
}

describe('an ERC20 watcher behind a provider with eth_getLogs limits, after 40 busy blocks of downtime', () => {
  it('splits the range on Infura\'s -32005 "more than N results" and credits every payment', async () => {
    const provider = await catchUp('results', 50);
    expect(provider.refused).toBeGreaterThan(0);
  });

  it('splits on Infura\'s -32602 "range N exceeds limit" and credits every payment', async () => {
    const provider = await catchUp('infura-range', 16);
    expect(provider.refused).toBeGreaterThan(0);
  });

  it('takes Alchemy\'s -32600 "this block range should work" and credits every payment', async () => {
    const provider = await catchUp('alchemy-range', 16);
    expect(provider.refused).toBeGreaterThan(0);
  });

  it('splits on a block-range cap ("exceed maximum block range") and credits every payment', async () => {
    const provider = await catchUp('range', 16);
    expect(provider.refused).toBeGreaterThan(0);
  });

  it('never takes a list cut at the configured cap as complete', async () => {
    await catchUp('truncate', 50, { resultCap: 50 });
  });
});

describe('an ERC20 watcher behind a provider that rate limits', () => {
  it("waits the provider's Retry-After, moves no cursor, and credits the payment once after", async () => {
    await ctx.database.db.execute(sql`delete from chain_cursors`);
    const provider = await startEvmProvider({ upstream: fixture.chain.rpcUrl });
    try {
      const { watcher } = watcherFor(ctx.database.db, ctx.app.services.wallet, fixture, 'ERC20', {
        nodeUrl: provider.url,
      });
      await watcher.pass();
      const [payment] = await openDeposits(1);
      await busyBlocks(1, 0, [payment!]);
      await fixture.chain.mine(12);
      const before = await cursor();
      const signal = new AbortController().signal;
      // Infura's 429 with a JSON-RPC body, then a proxy's bare 429 naming a date.
      provider.rateLimit({ times: 1, retryAfter: '2' });
      expect(await watcher.job().run(signal)).toEqual({ retryAfterMs: 2_000 });
      provider.rateLimit({ times: 1, proxy: true });
      expect(await watcher.job().run(signal)).toEqual({ retryAfterMs: 5_000 });
      expect(provider.rateLimited).toBe(2);
      expect(await cursor()).toBe(before);
      expect(await deposited([payment!.id])).toBe(0);
      expect(await watcher.job().run(signal)).toBeUndefined();
      expect(await deposited([payment!.id])).toBe(1);
      await watcher.job().run(signal);
      // Credited once in the ledger, however many passes saw it.
      const [credits] = await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from ledger_transactions where kind = 'DEPOSIT_CREDIT' and id in (select ledger_transaction_id from chain_transfers where deposit_id = ${payment!.id})`,
      );
      expect(credits!.n).toBe(1);
    } finally {
      await provider.close();
    }
  });
});

describe('a block the provider cannot answer whole', () => {
  it('keeps the cursor below it and shows the fault in the health details', async () => {
    await ctx.database.db.execute(sql`delete from chain_cursors`);
    const provider = await startEvmProvider({
      upstream: fixture.chain.rpcUrl,
      limit: 'results',
      cap: 5,
    });
    try {
      const { watcher } = watcherFor(ctx.database.db, ctx.app.services.wallet, fixture, 'ERC20', {
        nodeUrl: provider.url,
      });
      await fixture.chain.mine(1);
      const before = await fixture.chain.blockNumber();
      // Start just below the crowded block: one pass to set the cursor there.
      await ctx.database.db.execute(
        sql`insert into chain_cursors (network, last_block) values ('ERC20', ${before})`,
      );
      await busyBlocks(1, 8, []);
      const crowded = before + 1n;
      await fixture.chain.mine(3);
      await watcher.pass();
      await watcher.pass();
      expect(await cursor()).toBe(crowded - 1n);
      const health = (await ctx.app.inject({ method: 'GET', url: '/api/health' })).json<{
        data: {
          chains: Array<{
            network: string;
            cursor: number;
            head: number;
            behind: number;
            lastFault: { message: string; at: string } | null;
          }>;
        };
      }>().data;
      const erc20 = health.chains.find((chain) => chain.network === 'ERC20')!;
      expect(erc20).toMatchObject({
        cursor: Number(crowded - 1n),
        head: Number(await fixture.chain.blockNumber()),
        behind: Number((await fixture.chain.blockNumber()) - crowded + 1n),
      });
      expect(erc20.lastFault?.message).toMatch(
        new RegExp(`blocks ${crowded}-${crowded}.*more than 10000 results`),
      );
      expect(Date.now() - Date.parse(erc20.lastFault!.at)).toBeLessThan(60_000);
    } finally {
      await provider.close();
    }
  });
});

describe('what an eth_getLogs answer weighs', () => {
  it('measures the bytes of an answer with 40 and with 0 USDT transfers (docs/benchmarks.md)', async () => {
    await busyBlocks(1, 40, []);
    const block = await fixture.chain.blockNumber();
    const ask = async (from: bigint, to: bigint) => {
      const response = await fetch(fixture.chain.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'eth_getLogs',
          params: [
            {
              address: fixture.usdt6,
              topics: ['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'],
              fromBlock: `0x${from.toString(16)}`,
              toBlock: `0x${to.toString(16)}`,
            },
          ],
        }),
      });
      const text = await response.text();
      return {
        bytes: Buffer.byteLength(text),
        logs: (JSON.parse(text) as { result: [] }).result.length,
      };
    };
    const busy = await ask(block, block);
    await fixture.chain.mine(1);
    const empty = await ask(block + 1n, block + 1n);
    expect(busy.logs).toBe(40);
    expect(empty.logs).toBe(0);
    const perLog = (busy.bytes - empty.bytes) / 40;
    console.log(
      `eth_getLogs: 40 transfers ${busy.bytes} B, none ${empty.bytes} B, ${perLog} B a transfer`,
    );
    // A Transfer log is three 32-byte topics, 32 bytes of data and the hashes around them.
    expect(perLog).toBeGreaterThan(500);
    expect(perLog).toBeLessThan(1000);
  });
});
