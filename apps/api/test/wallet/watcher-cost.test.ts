import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import type { NetworkSettings } from '../../src/modules/chains/chain-settings';
import { DepositWatcher } from '../../src/modules/wallet/deposits/deposit-watcher';
import { TronGridClient } from '../../src/modules/chains/tron-client';
import { createTestApp, type TestContext } from '../app';
import { createUser } from '../factories';
import { startChainFixture, TEST_XPUBS, watcherFor, type ChainFixture } from './chain-fixture';
import { startLocalTron, type LocalTron } from '@crimsonhost/devnet/local-tron';

/**
 * The watcher scans blocks, not addresses: what it asks the node per pass must not grow with the
 * number of open deposits. Each scenario measures one pass over the same number of new blocks
 * that stores and re-checks one new payment, first with 10 open deposits, then with 10,000.
 */

let ctx: TestContext;
let fixture: ChainFixture;
let tron: LocalTron;
let trc20: NetworkSettings;
let userId: string;
/** Owns the filler deposits, so the measured user stays under the cap of unpaid addresses. */
let fillerId: string;

beforeAll(async () => {
  fixture = await startChainFixture();
  tron = await startLocalTron();
  trc20 = {
    network: 'TRC20',
    xpub: TEST_XPUBS.TRC20,
    contract: tron.usdt,
    decimals: 6,
    nodeUrl: tron.url,
    demo: true,
  };
  ctx = await createTestApp({}, undefined, { chains: { ...fixture.settings, TRC20: trc20 } });
  userId = (await createUser(ctx.database.db)).id;
  fillerId = (await createUser(ctx.database.db)).id;
});
afterAll(async () => {
  await ctx?.close();
  await tron?.close();
  await fixture?.stop();
});

const openCount = async (network: string) =>
  (
    await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from deposits where network = ${network} and watch_until > now()`,
    )
  )[0]!.n;

/**
 * Tops the network's open (watched) deposits up to `total` in two statements. The filler addresses
 * are unique placeholders that no transfer pays; their derivation indexes start at 1,000,000, far
 * from the ones the service hands out.
 */
async function fillOpenDeposits(network: 'ERC20' | 'TRC20', total: number) {
  const start = (await openCount(network)) + 1;
  if (start > total) return;
  const address =
    network === 'ERC20'
      ? sql`'0x' || lpad(to_hex(g.i), 40, '0')`
      : sql`'Tfiller' || lpad(g.i::text, 27, '0')`;
  const id = sql`md5(${network}::text || ':filler:' || g.i)::uuid`;
  await ctx.database.db.execute(sql`
    insert into wallet_transactions
      (id, user_id, type, status, amount, currency, description, network, address,
       confirmations, required_confirmations)
    select ${id}, ${fillerId}::uuid, 'DEPOSIT', 'PENDING', 10000000, 'USDT', 'Deposit (measurement filler)',
           ${network}::text, ${address}, 0, 20
      from generate_series(${start}::int, ${total}::int) as g(i)`);
  await ctx.database.db.execute(sql`
    insert into deposits
      (transaction_id, user_id, network, address, derivation_index, requested_amount, status,
       expires_at, watch_until)
    select ${id}, ${fillerId}::uuid, ${network}::text, ${address}, 1000000 + g.i, 10000000, 'WAITING',
           now() + interval '30 minutes', now() + interval '1 day'
      from generate_series(${start}::int, ${total}::int) as g(i)`);
  expect(await openCount(network)).toBe(total);
}

/** A real deposit from the service, at an address derived from the xpub. */
const openDeposit = (network: 'ERC20' | 'TRC20') =>
  ctx.app.services.wallet.createDeposit(
    ctx.database.db,
    userId,
    { amount: '10', network },
    randomUUID(),
  );

function tally(endpoints: string[]) {
  const counts: Record<string, number> = {};
  for (const endpoint of endpoints) counts[endpoint] = (counts[endpoint] ?? 0) + 1;
  return counts;
}

describe('node calls per watcher pass', () => {
  it('are the same with 10 and with 10,000 open ERC20 deposits (anvil)', async () => {
    const { watcher, calls } = watcherFor(
      ctx.database.db,
      ctx.app.services.wallet,
      fixture,
      'ERC20',
    );
    await watcher.pass();

    const measure = async (open: number) => {
      const paid = await openDeposit('ERC20');
      await fillOpenDeposits('ERC20', open);
      await fixture.chain.pay(fixture.usdt6, paid.address, 10_000_000n);
      await fixture.chain.mine(2);
      calls.length = 0;
      const pass = await watcher.pass();
      const perPass = [...calls];
      expect(pass.stored).toBe(1);
      // Settle the payment, so the next scenario starts with nothing in flight.
      await fixture.chain.mine(12);
      expect((await watcher.pass()).credited).toBe(1);
      return perPass;
    };

    const few = await measure(10);
    const many = await measure(10_000);
    console.log(
      `ERC20 JSON-RPC calls per pass: 10 open deposits → ${few.length} ${JSON.stringify(tally(few))}; ` +
        `10,000 open deposits → ${many.length} ${JSON.stringify(tally(many))}`,
    );
    expect(tally(many)).toEqual(tally(few));
    expect(few.length).toBeLessThanOrEqual(3);
  });

  it('are the same with 10 and with 10,000 open TRC20 deposits (TronGrid)', async () => {
    const watcher = new DepositWatcher(
      ctx.database.db,
      pino({ level: 'silent' }),
      ctx.app.services.wallet,
      trc20,
      new TronGridClient({ baseUrl: trc20.nodeUrl, contract: trc20.contract }),
      {
        intervalMs: 3000,
        maxBlockRange: 500,
        reorgWindow: 20,
        missingGraceMs: 60_000,
        startBlock: 0n,
      },
    );
    // Every mainnet block carries transactions (hundreds); an empty block would cost one more
    // call (its header proves it empty), so the blocks here carry a few TRX transfers each.
    const mineBusy = (count: number) => {
      for (let i = 0; i < count; i += 1) tron.payMany([], { plainTransactions: 3 });
    };
    await watcher.pass();
    // A full reorg window below the cursor, so each measured pass reads as many blocks.
    mineBusy(25);
    await watcher.pass();

    const measure = async (open: number) => {
      const paid = await openDeposit('TRC20');
      await fillOpenDeposits('TRC20', open);
      tron.pay({ to: paid.address, value: 10_000_000n });
      mineBusy(2);
      tron.resetCalls();
      const pass = await watcher.pass();
      const perPass = { ...tron.calls };
      expect(pass.stored).toBe(1);
      // One receipts call per block of the range: 3 new blocks and the 20-block reorg window.
      expect(pass.scanned!.to - pass.scanned!.from + 1n).toBe(23n);
      // The head as a header only: getnowblock would carry the whole head block's transactions.
      expect(perPass).toEqual({
        'POST /wallet/getblock': 1,
        'POST /wallet/gettransactioninfobyblocknum': 23,
        'POST /wallet/gettransactioninfobyid': 1,
      });
      mineBusy(20);
      expect((await watcher.pass()).credited).toBe(1);
      return perPass;
    };

    const few = await measure(10);
    const many = await measure(10_000);
    const total = (calls: Record<string, number>) =>
      Object.values(calls).reduce((a, b) => a + b, 0);
    console.log(
      `TRC20 TronGrid calls per pass: 10 open deposits → ${total(few)} ${JSON.stringify(few)}; ` +
        `10,000 open deposits → ${total(many)} ${JSON.stringify(many)}`,
    );
    expect(many).toEqual(few);
    expect(total(few)).toBe(25);
  });
});
