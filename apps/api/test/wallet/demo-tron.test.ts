// The offline demo's TRC20: the local TRON node mines by itself, keeps its chain across a restart,
// and `npm run demo:pay -- --network TRC20` pays a deposit that the watcher then credits.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkSettings } from '../../src/modules/chains/chain-settings';
import { DEMO_XPUBS } from '@crimsonhost/devnet/demo-chain';
import { DepositWatcher } from '../../src/modules/wallet/deposits/deposit-watcher';
import { DEMO_TRON_USDT_HEX, startLocalTron, type LocalTron } from '@crimsonhost/devnet/local-tron';
import { TronGridClient } from '../../src/modules/chains/tron-client';
import { apiRoot } from '../../src/lib/package-paths';
import { createTestApp, type TestContext } from '../app';
import { createUser } from '../factories';

const dataDir = mkdtempSync(path.join(tmpdir(), 'crimsonhost-demo-tron-'));
const statePath = path.join(dataDir, 'demo-tron.json');
const demoNode = () =>
  startLocalTron({
    blockIntervalMs: 50,
    statePath,
    payments: true,
    usdtHex: DEMO_TRON_USDT_HEX,
  });

let tron: LocalTron;
let ctx: TestContext;

beforeAll(async () => {
  tron = await demoNode();
});
afterAll(async () => {
  await ctx?.close();
  await tron?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const until = async (check: () => Promise<boolean> | boolean, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const getBlock = async (node: LocalTron, number: number) =>
  (await (
    await fetch(`${node.url}/wallet/getblock`, {
      method: 'POST',
      body: JSON.stringify({ id_or_num: String(number), detail: true }),
    })
  ).json()) as { blockID?: string; transactions?: Array<{ txID: string }> };

const demoPay = (body: unknown) =>
  fetch(`${tron.url}/demo/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the demo TRON node', () => {
  it('refuses a payment it cannot make, with a message', async () => {
    for (const body of [
      { to: 'not-an-address', amount: '25' },
      { to: tron.payer, amount: '-1' },
      { to: tron.payer, amount: '1.0000001' },
      'nonsense',
    ]) {
      const response = await demoPay(body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/amount|to must|JSON/);
    }
  });

  it('mines by itself and keeps its chain, payments included, across a restart', async () => {
    const start = tron.head();
    await until(() => tron.head() >= start + 3);
    const paid = (await (await demoPay({ to: tron.payer, amount: '12.5' })).json()) as {
      txId: string;
      blockNumber: number;
    };
    expect(paid.txId).toMatch(/^[0-9a-f]{64}$/);
    const before = await getBlock(tron, paid.blockNumber);
    expect(before.transactions?.map((tx) => tx.txID)).toEqual([paid.txId]);
    const emptyBefore = await getBlock(tron, paid.blockNumber - 1);
    const head = tron.head();
    await tron.close();

    tron = await demoNode();
    expect(tron.head()).toBeGreaterThanOrEqual(head);
    expect(await getBlock(tron, paid.blockNumber)).toEqual(before);
    expect((await getBlock(tron, paid.blockNumber - 1)).blockID).toBe(emptyBefore.blockID);
    const info = (await (
      await fetch(`${tron.url}/wallet/gettransactioninfobyid`, {
        method: 'POST',
        body: JSON.stringify({ value: paid.txId }),
      })
    ).json()) as { blockNumber?: number };
    expect(info.blockNumber).toBe(paid.blockNumber);
    await until(() => tron.head() > head + 2);
  });

  it('credits a deposit paid with npm run demo:pay -- --network TRC20', async () => {
    const settings: NetworkSettings = {
      network: 'TRC20',
      xpub: DEMO_XPUBS.TRON,
      contract: tron.usdt,
      decimals: 6,
      nodeUrl: tron.url,
      demo: true,
    };
    ctx = await createTestApp({}, undefined, { chains: { TRC20: settings } });
    const user = await createUser(ctx.database.db);
    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    const headers = { authorization: `Bearer ${login.json().data.tokens.access_token}` };
    const opened = await ctx.request({
      method: 'POST',
      url: '/api/wallet/deposits',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: { amount: '25', network: 'TRC20' },
    });
    expect(opened.statusCode).toBe(201);
    const deposit = opened.json().data as { address: string; transactionId: string };

    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/cli/demo-pay.ts',
        '--network',
        'TRC20',
        '--to',
        deposit.address,
        '--amount',
        '25',
      ],
      {
        cwd: apiRoot,
        env: { ...process.env, DEMO_TRON_PORT: new URL(tron.url).port, NODE_ENV: 'test' },
      },
    );
    expect(stdout).toContain(`Paid 25 test USDT on TRC20 to ${deposit.address}`);

    const watcher = new DepositWatcher(
      ctx.database.db,
      pino({ level: 'silent' }),
      ctx.app.services.wallet,
      settings,
      new TronGridClient({ baseUrl: settings.nodeUrl, contract: settings.contract }),
      {
        intervalMs: 1000,
        maxBlockRange: 500,
        reorgWindow: 20,
        missingGraceMs: 60_000,
        startBlock: 0n,
      },
    );
    const status = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/wallet/deposits/${deposit.transactionId}/status`,
          headers,
        })
      ).json().data as { depositStatus: string; creditedAmount: string };
    await until(async () => {
      await watcher.pass();
      return (await status()).depositStatus === 'CONFIRMED';
    }, 30_000);
    expect((await status()).creditedAmount).toBe('24.875000');
  });
});
