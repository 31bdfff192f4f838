// Vendor payouts (issue 16 point 8, decision 041) on a real local chain: a vendor asks for
// available money within the rules (at least 10 USDT, one open, one a day, 48 hours after an
// address change), the money moves to payout pending at once, and an admin's hash makes it PAID
// only when the chain shows exactly that USDT transfer with the network's confirmations.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPayout, Payout, PayoutStanding } from '@crimsonhost/shared/vendor-payouts';
import { queryRows } from '../../src/db/client';
import { clearDueEarnings, vendorBalances } from '../../src/modules/vendors/vendor-money';
import { savePayoutAddresses } from '../../src/modules/vendors/vendors.repository';
import { createTestApp, type TestContext } from '../app';
import { createListing } from '../catalog/catalog-factories';
import { checkBooks, rentServer } from '../ledger-admin/ledger-fixture';
import { renter, USDT } from '../rentals/rentals-fixture';
import { signedIn } from '../support/support-fixture';
import { startChainFixture, type ChainFixture } from '../wallet/chain-fixture';
import { activeVendor, setVendorStatus } from './vendor-fixture';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let ctx: TestContext;
let fixture: ChainFixture;
let admin: Awaited<ReturnType<typeof signedIn>>;
let support: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  fixture = await startChainFixture();
  ctx = await createTestApp({}, undefined, { chains: fixture.settings });
  admin = await signedIn(ctx, 'admin', 'Ada Admin');
  support = await signedIn(ctx, 'support', 'Sam Support');
});
afterAll(async () => {
  await ctx?.close();
  await fixture?.stop();
});

type Vendor = Awaited<ReturnType<typeof activeVendor>> & { address: `0x${string}` };

/** An active vendor with an ERC20 payout address, who earned `hours` × 18 USDT now available. */
async function earningVendor(name: string, hours = 1): Promise<Vendor> {
  const vendor = await activeVendor(ctx, name);
  const address = privateKeyToAccount(generatePrivateKey()).address;
  await savePayoutAddresses(ctx.database.db, vendor.user.id, { ERC20: address });
  const listing = await createListing(ctx.database.db, {
    vendorId: vendor.user.id,
    priceMicro: 20n * USDT,
  });
  const { headers } = await renter(ctx, 200n * USDT);
  await rentServer(ctx, headers, listing.id, hours);
  // The fake clock runs the rental out (10 % commission) and then the 7-day dispute window.
  await ctx.app.services.rentals.expireDue(new Date(Date.now() + hours * HOUR + 1000));
  await clearDueEarnings(ctx.database.db, new Date(Date.now() + hours * HOUR + 8 * DAY));
  expect((await vendorBalances(ctx.database.db, vendor.user.id)).available).toBe(
    `${18 * hours}.000000`,
  );
  return { ...vendor, address };
}

const ask = (vendor: Vendor, payload: Record<string, unknown>) =>
  ctx.request({ method: 'POST', url: '/api/vendor/payouts', headers: vendor.headers, payload });
const standing = async (vendor: Vendor) =>
  (
    await ctx.request({
      method: 'GET',
      url: '/api/vendor/payouts/standing',
      headers: vendor.headers,
    })
  ).json<{ data: PayoutStanding }>().data;
const enterHash = (id: string, txHash: string, headers = admin.headers) =>
  ctx.request({
    method: 'POST',
    url: `/api/admin/payouts/${id}/transaction`,
    headers,
    payload: { txHash },
  });
const balances = (vendor: Vendor) => vendorBalances(ctx.database.db, vendor.user.id);

/** Everything the books check finds, less the test funding's deposit credits without a chain. */
async function booksProblems() {
  const check = await checkBooks(ctx, admin.headers);
  return check.violations.filter(
    (v) => !(v.kind === 'CREDIT_WITHOUT_TRANSFER' && v.message.includes('test-deposit:')),
  );
}

async function requested(vendor: Vendor, amount: string) {
  const response = await ask(vendor, { network: 'ERC20', amount });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: Payout }>().data;
}

/** Lets a day pass for the one-request-a-day rule, by moving the vendor's requests back. */
async function aDayLater(vendor: Vendor) {
  await ctx.database.db.execute(
    sql`update vendor_payouts set requested_at = requested_at - interval '25 hours'
         where vendor_id = ${vendor.user.id}`,
  );
}

describe('asking for a payout', () => {
  it('moves the amount from available to payout pending at once, within the rules', async () => {
    const vendor = await earningVendor('Rules Vendor', 2);
    const before = await standing(vendor);
    expect(before).toMatchObject({
      available: '36.000000',
      minimum: '10.000000',
      open: null,
      blockedReason: null,
      hasPassword: true,
    });

    const small = await ask(vendor, { network: 'ERC20', amount: '9.99' });
    expect(small.statusCode).toBe(400);
    expect(small.json().error.details.fields[0]).toMatchObject({ field: 'amount' });
    const tooMuch = await ask(vendor, { network: 'ERC20', amount: '36.000001' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.message).toContain('Only 36.000000 USDT is available');
    const noAddress = await ask(vendor, { network: 'TRC20', amount: '10' });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().error.details.fields[0]).toMatchObject({ field: 'network' });
    const garbage = await ask(vendor, { network: 'ERC20', amount: '1e3' });
    expect(garbage.statusCode).toBe(400);

    const payout = await requested(vendor, '12.5');
    expect(payout).toMatchObject({
      status: 'REQUESTED',
      amount: '12.500000',
      network: 'ERC20',
      address: vendor.address,
      txHash: null,
    });
    expect(await balances(vendor)).toMatchObject({
      available: '23.500000',
      payoutPending: '12.500000',
      paidOut: '0.000000',
    });

    // One open payout at a time; then one request a day.
    const second = await ask(vendor, { network: 'ERC20', amount: '10' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('PAYOUT_OPEN');
    const cancel = await ctx.request({
      method: 'POST',
      url: `/api/vendor/payouts/${payout.id}/cancel`,
      headers: vendor.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data.status).toBe('CANCELLED');
    expect(await balances(vendor)).toMatchObject({
      available: '36.000000',
      payoutPending: '0.000000',
    });
    const soon = await ask(vendor, { network: 'ERC20', amount: '10' });
    expect(soon.statusCode).toBe(409);
    expect(soon.json().error.code).toBe('PAYOUT_TOO_SOON');
    expect((await standing(vendor)).nextRequestAt).not.toBeNull();
    await aDayLater(vendor);
    await requested(vendor, '10');

    // A suspended vendor's payouts wait.
    await setVendorStatus(ctx, vendor.user.id, 'SUSPENDED');
    const other = await ctx.request({
      method: 'GET',
      url: '/api/vendor/payouts?pageSize=10',
      headers: vendor.headers,
    });
    expect(other.json().meta.total).toBe(2);
    await setVendorStatus(ctx, vendor.user.id, 'ACTIVE');
    expect(await booksProblems()).toEqual([]);
  });

  it('lets one of two requests at once through, and takes the money once', async () => {
    const vendor = await earningVendor('Racing Vendor');
    const answers = await Promise.all([
      ask(vendor, { network: 'ERC20', amount: '18' }),
      ask(vendor, { network: 'ERC20', amount: '18' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await balances(vendor)).toMatchObject({
      available: '0.000000',
      payoutPending: '18.000000',
    });
  });

  it('is not possible for 48 hours after the payout addresses changed, with the password', async () => {
    const vendor = await earningVendor('Moving Vendor');
    const next = privateKeyToAccount(generatePrivateKey()).address;
    const change = (password: string, address: string = next) =>
      ctx.request({
        method: 'PUT',
        url: '/api/vendor/payout-addresses',
        headers: vendor.headers,
        payload: { password, payoutAddresses: { ERC20: address } },
      });
    const wrong = await change('not the password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details.fields[0]).toMatchObject({ field: 'password' });
    const lower = await change(vendor.user.password!, next.toLowerCase());
    expect(lower.statusCode).toBe(400);
    expect(lower.json().error.message).toContain('capital letters');

    const changed = await change(vendor.user.password!);
    expect(changed.statusCode, changed.body).toBe(200);
    const now = changed.json<{ data: PayoutStanding }>().data;
    expect(now.payoutAddresses).toEqual([
      expect.objectContaining({ network: 'ERC20', address: next }),
    ]);
    const hours = (Date.parse(now.lockedUntil!) - Date.now()) / HOUR;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    expect(now.blockedReason).toContain('payouts wait until');
    const locked = await ask(vendor, { network: 'ERC20', amount: '10' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.code).toBe('PAYOUTS_LOCKED');
    const mails = await queryRows<{ subject: string }>(
      ctx.database.db,
      sql`select subject from mail_outbox where recipient = ${vendor.user.email}
            and kind = 'payout-addresses-changed'`,
    );
    expect(mails).toHaveLength(1);

    // After the lock, the payout goes to the new address.
    await ctx.database.db.execute(
      sql`update vendors set payouts_locked_until = now() - interval '1 minute'
           where user_id = ${vendor.user.id}`,
    );
    expect((await requested(vendor, '10')).address).toBe(next);
  });
});

describe('paying a payout', () => {
  it('is PAID only when the chain shows the exact transfer with its confirmations', async () => {
    const vendor = await earningVendor('Paid Vendor');
    const payout = await requested(vendor, '15.25');
    const raw = 15_250_000n;

    // Support reads the queue but cannot enter a hash.
    const queue = await ctx.request({
      method: 'GET',
      url: '/api/admin/payouts?view=REQUESTED&pageSize=100',
      headers: support.headers,
    });
    expect(queue.json<{ data: AdminPayout[] }>().data.map((p) => p.id)).toContain(payout.id);
    const wrongAmount = await fixture.chain.pay(fixture.usdt6, vendor.address, raw - 1n);
    expect((await enterHash(payout.id, wrongAmount, support.headers)).statusCode).toBe(403);

    // Each transaction that does not pay exactly this payout is refused with the reason.
    const short = await enterHash(payout.id, wrongAmount);
    expect(short.statusCode).toBe(422);
    expect(short.json().error.message).toContain('not the 15.250000 USDT of this payout');
    const elsewhere = await fixture.chain.pay(
      fixture.usdt6,
      privateKeyToAccount(generatePrivateKey()).address,
      raw,
    );
    expect((await enterHash(payout.id, elsewhere)).json().error.message).toContain(
      "not to the vendor's address",
    );
    const otherToken = await fixture.chain.deployToken(6, 'FAKE');
    const fake = await fixture.chain.pay(otherToken, vendor.address, raw);
    expect((await enterHash(payout.id, fake)).json().error.message).toContain('moved no USDT');
    const unknown = await enterHash(payout.id, `0x${'ab'.repeat(32)}`);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.message).toContain('wait until it is mined');

    // The right one: confirming, then PAID once the chain has 12 blocks on it.
    const right = await fixture.chain.pay(fixture.usdt6, vendor.address, raw);
    const entered = await enterHash(payout.id, right.toUpperCase().replace('0X', '0x'));
    expect(entered.statusCode, entered.body).toBe(200);
    expect(entered.json<{ data: AdminPayout }>().data).toMatchObject({
      status: 'SUBMITTED',
      txHash: right.toLowerCase(),
      confirmations: 1,
      explorerUrl: null,
    });
    expect(await ctx.app.services.vendorPayouts.verifySubmitted()).toBe(0);
    expect((await balances(vendor)).payoutPending).toBe('15.250000');
    await fixture.chain.mine(12);
    const paid = await Promise.all([
      ctx.app.services.vendorPayouts.verifySubmitted(),
      ctx.app.services.vendorPayouts.verifySubmitted(),
    ]);
    expect(paid.reduce((a, b) => a + b, 0)).toBe(1);
    const detail = await ctx.request({
      method: 'GET',
      url: `/api/admin/payouts/${payout.id}`,
      headers: admin.headers,
    });
    expect(detail.json<{ data: AdminPayout }>().data).toMatchObject({
      status: 'PAID',
      vendor: { id: vendor.user.id },
    });
    expect(await balances(vendor)).toMatchObject({
      available: '2.750000',
      payoutPending: '0.000000',
      paidOut: '15.250000',
    });
    const [sent] = await queryRows<{ n: string }>(
      ctx.database.db,
      sql`select count(*)::text as n from ledger_transactions where reference = ${`payout:${payout.id}:sent`}`,
    );
    expect(sent!.n).toBe('1');
    const audit = (
      await ctx.request({
        method: 'GET',
        url: `/api/admin/audit?target=${payout.id}`,
        headers: admin.headers,
      })
    ).json<{ data: Array<{ action: string }> }>().data;
    expect(audit.map((a) => a.action).sort()).toEqual([
      'payout.hash_entered',
      'payout.paid',
      'payout.requested',
    ]);
    const mails = await queryRows<{ subject: string }>(
      ctx.database.db,
      sql`select subject from mail_outbox where recipient = ${vendor.user.email} and kind = 'payout-paid'`,
    );
    expect(mails.map((m) => m.subject)).toEqual([
      'Your CrimsonHost payout of 15.250000 USDT was paid',
    ]);

    // The same transaction cannot pay a second payout.
    const other = await earningVendor('Second Vendor');
    await savePayoutAddresses(ctx.database.db, other.user.id, { ERC20: vendor.address });
    const second = await requested(other, '15.25');
    const reused = await enterHash(second.id, right);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('PAYOUT_HASH_USED');
    expect(await booksProblems()).toEqual([]);
  });

  it('goes back to be sent again when its transaction leaves the chain', async () => {
    const vendor = await earningVendor('Reorged Vendor');
    const payout = await requested(vendor, '18');
    const snapshot = await fixture.chain.snapshot();
    const hash = await fixture.chain.pay(fixture.usdt6, vendor.address, 18n * USDT);
    expect((await enterHash(payout.id, hash)).statusCode).toBe(200);
    // A reorg takes the block away; the node no longer knows the transaction.
    await fixture.chain.revert(snapshot);
    const payouts = ctx.app.services.vendorPayouts;
    // Within the grace a node that is behind is waited for; after it the hash is dropped.
    expect(await payouts.verifySubmitted()).toBe(0);
    expect((await payouts.detail(payout.id)).status).toBe('SUBMITTED');
    await payouts.verifySubmitted(new Date(Date.now() + 31 * 60_000));
    const back = await payouts.detail(payout.id);
    expect(back).toMatchObject({ status: 'REQUESTED', txHash: null });
    expect(back.reason).toContain('no longer pays this payout');
    expect((await balances(vendor)).payoutPending).toBe('18.000000');

    // Rejected with a reason, the money is available again; a rejected payout cannot be paid.
    const short = await ctx.request({
      method: 'POST',
      url: `/api/admin/payouts/${payout.id}/reject`,
      headers: admin.headers,
      payload: { reason: 'no' },
    });
    expect(short.statusCode).toBe(400);
    const reject = await ctx.request({
      method: 'POST',
      url: `/api/admin/payouts/${payout.id}/reject`,
      headers: admin.headers,
      payload: { reason: 'The address belongs to a sanctioned service' },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(await balances(vendor)).toMatchObject({
      available: '18.000000',
      payoutPending: '0.000000',
    });
    expect((await enterHash(payout.id, hash)).statusCode).toBe(409);
    expect(
      (
        await ctx.request({
          method: 'POST',
          url: `/api/vendor/payouts/${payout.id}/cancel`,
          headers: vendor.headers,
        })
      ).statusCode,
    ).toBe(409);
    expect(await booksProblems()).toEqual([]);
  });

  it('answers 404 for another vendor’s payout and an unknown id', async () => {
    const owner = await earningVendor('Owner Vendor');
    const payout = await requested(owner, '10');
    const stranger = await earningVendor('Stranger Vendor');
    const cancel = await ctx.request({
      method: 'POST',
      url: `/api/vendor/payouts/${payout.id}/cancel`,
      headers: stranger.headers,
    });
    expect(cancel.statusCode).toBe(404);
    const missing = await ctx.request({
      method: 'GET',
      url: `/api/admin/payouts/${randomUUID()}`,
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('holds its money while the clearing job releases more at the same moment', async () => {
    const vendor = await earningVendor('Busy Vendor');
    // A second rental ends now; its share clears while the vendor asks for what was available.
    const listing = await createListing(ctx.database.db, {
      vendorId: vendor.user.id,
      priceMicro: 20n * USDT,
    });
    const { headers } = await renter(ctx, 100n * USDT);
    await rentServer(ctx, headers, listing.id, 1);
    await ctx.app.services.rentals.expireDue(new Date(Date.now() + HOUR + 1000));
    const [answer, cleared] = await Promise.all([
      ask(vendor, { network: 'ERC20', amount: '18' }),
      clearDueEarnings(ctx.database.db, new Date(Date.now() + HOUR + 8 * DAY)),
    ]);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(cleared).toBe(1);
    expect(await balances(vendor)).toMatchObject({
      pending: '0.000000',
      available: '18.000000',
      payoutPending: '18.000000',
    });
    expect(await booksProblems()).toEqual([]);
  });

  it('is named by the books check when payout-pending money and open payouts disagree', async () => {
    const vendor = await earningVendor('Tampered Vendor');
    const payout = await requested(vendor, '10');
    // A payout closed behind the ledger's back: its money is still set aside.
    await ctx.database.db.execute(
      sql`update vendor_payouts set status = 'CANCELLED' where id = ${payout.id}`,
    );
    const problems = await booksProblems();
    expect(problems.map((p) => p.kind)).toEqual(['PAYOUT_PENDING_MISMATCH']);
    expect(problems[0]!.message).toContain('is 10.000000, but its open payouts hold 0.000000');
    await ctx.database.db.execute(
      sql`update vendor_payouts set status = 'REQUESTED' where id = ${payout.id}`,
    );
    expect(await booksProblems()).toEqual([]);
  });
});
