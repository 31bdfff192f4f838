import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import type { ChainSettings } from '../../src/modules/chains/chain-settings';
import { createTestApp, type TestContext } from '../app';
import { createUser } from '../factories';
import { TEST_XPUBS } from './chain-fixture';

/** ERC20 and BEP20 on the same account key, as the operator guide says to set them up. */
const chains: ChainSettings = {
  ERC20: {
    network: 'ERC20',
    xpub: TEST_XPUBS.EVM,
    contract: `0x${'11'.repeat(20)}`,
    decimals: 6,
    nodeUrl: 'http://127.0.0.1:9',
    demo: true,
  },
  BEP20: {
    network: 'BEP20',
    xpub: TEST_XPUBS.EVM,
    contract: `0x${'22'.repeat(20)}`,
    decimals: 18,
    nodeUrl: 'http://127.0.0.1:9',
    demo: true,
  },
  TRC20: {
    network: 'TRC20',
    xpub: TEST_XPUBS.TRC20,
    contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    decimals: 6,
    nodeUrl: 'http://127.0.0.1:9',
    demo: true,
  },
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { chains });
});
afterAll(async () => {
  await ctx?.close();
});

let ip = 0;
async function signIn() {
  const user = await createUser(ctx.database.db);
  const login = await ctx.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
    remoteAddress: `10.7.0.${++ip % 250}`,
  });
  return { authorization: `Bearer ${login.json().data.tokens.access_token}` };
}

async function open(headers: Record<string, string>, network: string) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/wallet/deposits',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: { amount: '25', network },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ data: { address: string } }>().data.address;
}

describe('deposit addresses', () => {
  it('are never handed to two users, whichever network each asks for', async () => {
    const alice = await signIn();
    const bob = await signIn();
    const carol = await signIn();
    const given = [
      await open(alice, 'ERC20'),
      await open(bob, 'BEP20'),
      await open(carol, 'TRC20'),
      await open(bob, 'ERC20'),
      await open(alice, 'BEP20'),
    ];
    const keys = given.map((address) =>
      address.startsWith('0x') ? address.toLowerCase() : address,
    );
    expect(new Set(keys).size).toBe(given.length);
  });

  it('are refused by the database when one would repeat on another network', async () => {
    const user = await signIn();
    const address = await open(user, 'ERC20');
    const [row] = await queryRows<{ transaction_id: string }>(
      ctx.database.db,
      sql`select transaction_id from deposits where address = ${address}`,
    );
    // The same address again, spelled in lower case, as a BEP20 deposit of another index.
    const id = randomUUID();
    await ctx.database.db.execute(
      sql`insert into wallet_transactions (id, user_id, type, status, amount, currency, description)
        select ${id}::uuid, user_id, 'DEPOSIT', 'PENDING', 1, 'USDT', 'copy' from deposits
        where transaction_id = ${row!.transaction_id}`,
    );
    const copy = ctx.database.db.execute(
      sql`insert into deposits (transaction_id, user_id, network, address, derivation_index,
          requested_amount, expires_at, watch_until)
        select ${id}::uuid, user_id, 'BEP20', lower(address), 999999, requested_amount,
          expires_at, watch_until from deposits where transaction_id = ${row!.transaction_id}`,
    );
    await expect(copy).rejects.toMatchObject({ cause: { code: '23505' } });
  });
});
