// The Deposits section of the staff area (issue 15 point 5, decision 036): deposits by view with
// their transfers on a real local chain, a payment on the wrong EVM network held for staff, and the
// credit by hand: admin only, once, audited, mailed, and the books still balance.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDeposit, AdminDepositDetail } from '@crimsonhost/shared/admin-deposits';
import { queryRows } from '../../src/db/client';
import { explorersFromConfig } from '../../src/modules/chains/explorers';
import { expireUnpaidDeposits } from '../../src/modules/wallet/wallet.repository';
import { createTestApp, type TestContext } from '../app';
import { checkBooks } from '../ledger-admin/ledger-fixture';
import { signedIn } from '../support/support-fixture';
import { startChainFixture, watcherFor, type ChainFixture } from '../wallet/chain-fixture';

let ctx: TestContext;
let fixture: ChainFixture;
let admin: Awaited<ReturnType<typeof signedIn>>;
let support: Awaited<ReturnType<typeof signedIn>>;
let renter: Awaited<ReturnType<typeof signedIn>>;
let erc20: ReturnType<typeof watcherFor>['watcher'];
let bep20: ReturnType<typeof watcherFor>['watcher'];

beforeAll(async () => {
  fixture = await startChainFixture();
  ctx = await createTestApp({}, undefined, { chains: fixture.settings });
  admin = await signedIn(ctx, 'admin', 'Ada Admin');
  support = await signedIn(ctx, 'support', 'Sam Support');
  renter = await signedIn(ctx, 'user', 'Rita Renter');
  erc20 = watcherFor(ctx.database.db, ctx.app.services.wallet, fixture, 'ERC20').watcher;
  bep20 = watcherFor(ctx.database.db, ctx.app.services.wallet, fixture, 'BEP20').watcher;
});
afterAll(async () => {
  await ctx?.close();
  await fixture?.stop();
});

const get = (url: string, headers = admin.headers) => ctx.request({ method: 'GET', url, headers });
const USDT = 1_000_000n;

async function openDeposit(network: 'ERC20' | 'BEP20', amount: string, headers = renter.headers) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/wallet/deposits',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: { amount, network },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { address: `0x${string}`; transactionId: string };
}

/** Moves a deposit's 30 minutes into the past, as if it were opened an hour ago. */
async function backdate(id: string) {
  await ctx.database.db.execute(
    sql`update deposits set expires_at = now() - interval '30 minutes' where transaction_id = ${id}`,
  );
  await expireUnpaidDeposits(ctx.database.db);
}

const ids = async (query: string) =>
  (await get(`/api/admin/deposits?${query}`))
    .json<{ data: AdminDeposit[] }>()
    .data.map((d) => d.id);
const detail = async (id: string, headers = admin.headers) =>
  (await get(`/api/admin/deposits/${id}`, headers)).json<{ data: AdminDepositDetail }>().data;
const credit = (
  id: string,
  transferId: string,
  headers = admin.headers,
  reason = 'Paid on BEP20 by mistake',
) =>
  ctx.request({
    method: 'POST',
    url: `/api/admin/deposits/${id}/transfers/${transferId}/credit`,
    headers,
    payload: { reason },
  });
const balance = async () =>
  (await get('/api/wallet', renter.headers)).json().data.usdt.available as string;

describe('deposits by what needs a look', () => {
  it('lists open, short, over, expired and late deposits with their figures, and finds them', async () => {
    const open = await openDeposit('ERC20', '11');
    const short = await openDeposit('ERC20', '20');
    const over = await openDeposit('ERC20', '10');
    const expired = await openDeposit('ERC20', '10');
    await backdate(expired.transactionId);
    await fixture.chain.pay(fixture.usdt6, short.address, 15n * USDT);
    await fixture.chain.pay(fixture.usdt6, over.address, 13n * USDT);
    await erc20.pass();
    const late = await openDeposit('ERC20', '12');
    await backdate(late.transactionId);
    await fixture.chain.pay(fixture.usdt6, late.address, 12n * USDT);
    await fixture.chain.mine(12);
    await erc20.pass();

    const viewOf = async (view: string) => ids(`view=${view}&pageSize=100`);
    expect(await viewOf('open')).toContain(open.transactionId);
    expect(await viewOf('open')).not.toContain(expired.transactionId);
    expect(await viewOf('short')).toEqual([short.transactionId]);
    expect(await viewOf('over')).toEqual([over.transactionId]);
    expect(await viewOf('expired')).toEqual([expired.transactionId]);
    expect(await viewOf('late')).toEqual([late.transactionId]);
    expect(await ids('view=all&network=BEP20')).toEqual([]);

    const page = (await get('/api/admin/deposits?view=short', support.headers)).json();
    expect(page.meta).toMatchObject({ page: 1, total: 1 });
    expect(page.data[0]).toMatchObject({
      user: { id: renter.user.id, email: renter.user.email },
      network: 'ERC20',
      status: 'CONFIRMED',
      requestedAmount: '20.000000',
      receivedAmount: '15.000000',
      creditedAmount: '15.000000',
      short: true,
      over: false,
      late: false,
      misdirected: false,
      transferCount: 1,
    });

    // By address (any case), by transaction hash, by deposit id, by the owner's e-mail.
    expect(await ids(`q=${over.address.toLowerCase()}`)).toEqual([over.transactionId]);
    const [transfer] = (await detail(late.transactionId)).transfers;
    expect(await ids(`q=${transfer!.txHash.toUpperCase().replace('0X', '0x')}`)).toEqual([
      late.transactionId,
    ]);
    expect(await ids(`q=${open.transactionId}`)).toEqual([open.transactionId]);
    expect(await ids(`q=${renter.user.email}&pageSize=100`)).toHaveLength(5);

    const bad = await get('/api/admin/deposits?view=stuck');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
  });

  it("reads a deposit whole: address, derivation index, the payments seen and what they're at", async () => {
    const deposit = await openDeposit('ERC20', '12');
    await fixture.chain.pay(fixture.usdt6, deposit.address, 12n * USDT);
    await erc20.pass();
    const seen = await detail(deposit.transactionId, support.headers);
    expect(seen).toMatchObject({
      id: deposit.transactionId,
      address: deposit.address,
      status: 'CONFIRMING',
      addressCollision: false,
      // The fixture's chains are local: nothing of them is on a public explorer.
      addressExplorerUrl: null,
    });
    expect(seen.derivationIndex).toBeGreaterThanOrEqual(0);
    expect(seen.transfers).toEqual([
      expect.objectContaining({
        network: 'ERC20',
        amount: '12.000000',
        status: 'CONFIRMING',
        confirmations: 1,
        requiredConfirmations: seen.requiredConfirmations,
        wrongNetwork: false,
        late: false,
        explorerUrl: null,
        creditable: false,
        ledgerTransactionId: null,
      }),
    ]);
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const missing = await get(`/api/admin/deposits/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('a payment on the wrong network', () => {
  /** An ERC20 deposit paid on BEP20 (the same address holds on both EVM chains). */
  async function paidOnBep20(amount: string) {
    const deposit = await openDeposit('ERC20', amount);
    await fixture.chain.pay(fixture.usdt18, deposit.address, parseUnits(amount, 18));
    await bep20.pass();
    const [transfer] = (await detail(deposit.transactionId)).transfers;
    return { deposit, transfer: transfer! };
  }

  it('is kept, not credited, and does not move the deposit the renter sees', async () => {
    const { deposit, transfer } = await paidOnBep20('16');
    expect(transfer).toMatchObject({
      network: 'BEP20',
      wrongNetwork: true,
      status: 'CONFIRMING',
      amount: '16.000000',
      creditable: false,
    });
    expect(await ids('view=misdirected')).toContain(deposit.transactionId);
    const renterView = await get(
      `/api/wallet/deposits/${deposit.transactionId}/status`,
      renter.headers,
    );
    expect(renterView.json().data).toMatchObject({ receivedAmount: '0.000000', paid: 'none' });

    // Not before its confirmations: the chain could still take it back.
    const early = await credit(deposit.transactionId, transfer.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('NOT_CREDITABLE');
  });

  it('is held once confirmed, and an admin credits it once, audited and mailed', async () => {
    const { deposit, transfer } = await paidOnBep20('14');
    await fixture.chain.mine(transfer.requiredConfirmations);
    await bep20.pass();
    const held = (await detail(deposit.transactionId)).transfers[0]!;
    expect(held).toMatchObject({ status: 'HELD', creditable: true });
    const before = BigInt((await balance()).replace('.', ''));

    const bySupport = await credit(deposit.transactionId, held.id, support.headers);
    expect(bySupport.statusCode).toBe(403);
    const noReason = await credit(deposit.transactionId, held.id, admin.headers, 'no');
    expect(noReason.statusCode).toBe(400);

    // Two admins (or one double click) at once: one credit, one refusal.
    const answers = await Promise.all([
      credit(deposit.transactionId, held.id),
      credit(deposit.transactionId, held.id),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json().error.code).toBe('ALREADY_CREDITED');
    const done = answers
      .find((a) => a.statusCode === 200)!
      .json<{ data: AdminDepositDetail }>().data;
    expect(done.transfers[0]).toMatchObject({ status: 'CREDITED', creditable: false });
    expect(done.transfers[0]!.ledgerTransactionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(done.misdirected).toBe(false);

    const config = (await get('/api/wallet/deposit-config', renter.headers)).json().data;
    const feePercent = Number(config.networks.find((n: { id: string }) => n.id === 'BEP20').fee);
    const fee = (14n * USDT * BigInt(Math.round(feePercent * 100))) / 10_000n;
    expect(BigInt((await balance()).replace('.', '')) - before).toBe(14n * USDT - fee);

    const [record] = (await get(`/api/admin/audit?target=${deposit.transactionId}`)).json().data;
    expect(record).toMatchObject({
      action: 'deposit.credited_by_hand',
      actor: { id: admin.user.id },
      clientKind: 'ADMIN',
      before: { status: 'HELD' },
      after: {
        status: 'CREDITED',
        paidOn: 'BEP20',
        amount: '14.000000',
        reason: 'Paid on BEP20 by mistake',
      },
    });
    const mails = await queryRows<{ subject: string }>(
      ctx.database.db,
      sql`select subject from mail_outbox where recipient = ${renter.user.email} and kind = 'deposit-hand-credit'`,
    );
    expect(mails).toHaveLength(1);

    const again = await credit(deposit.transactionId, held.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_CREDITED');
    const transactions = (await get('/api/wallet/transactions', renter.headers)).json().data;
    expect(
      transactions.filter((t: { description: string }) =>
        t.description.includes('credited by staff'),
      ),
    ).toHaveLength(1);
  });

  it('leaves the books clean after every kind of deposit above', async () => {
    const check = await checkBooks(ctx, admin.headers);
    expect(check.violations).toEqual([]);
  });
});

describe('block explorer links', () => {
  const config = {
    EXPLORER_URL_TRC20: 'https://tronscan.org',
    EXPLORER_URL_ERC20: 'https://sepolia.etherscan.io',
    EXPLORER_URL_BEP20: '',
  };
  it("follow each explorer's own paths, and none for a network without one or on a demo chain", () => {
    const live = { demo: false, xpub: '', contract: '', decimals: 6, nodeUrl: '' };
    const explorers = explorersFromConfig(config, {
      TRC20: { network: 'TRC20', ...live },
      ERC20: { network: 'ERC20', ...live },
    });
    expect(explorers.TRC20?.transaction('ab12')).toBe('https://tronscan.org/#/transaction/ab12');
    expect(explorers.TRC20?.address('TXyz')).toBe('https://tronscan.org/#/address/TXyz');
    expect(explorers.ERC20?.transaction('0xab')).toBe('https://sepolia.etherscan.io/tx/0xab');
    expect(explorers.ERC20?.address('0xcd')).toBe('https://sepolia.etherscan.io/address/0xcd');
    expect(explorers.BEP20).toBeUndefined();
    expect(explorersFromConfig(config, fixture.settings).ERC20).toBeUndefined();
  });
});
