import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIER_RULES, type MyBenefits } from '@crimsonhost/shared/benefits';
import { openDatabase, queryRows, type Executor } from '../../src/db/client';
import { loyaltyStates } from '../../src/db/schema/benefits';
import { PlatformSettings } from '../../src/modules/settings/platform-settings.service';
import { walletTransactions } from '../../src/db/schema/wallet';
import { checkTheBooks } from '../../src/modules/ledger-admin/ledger-check.service';
import { BenefitsService } from '../../src/modules/benefits/benefits.service';
import { createTestApp, type TestContext } from '../app';
import { createListing, createVendor } from '../catalog/catalog-factories';
import { createUser } from '../factories';
import { openTicket } from '../support/support-fixture';
import { renter, USDT, withKey } from '../rentals/rentals-fixture';

let ctx: TestContext;
let vendorId: string;
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createTestApp();
  vendorId = (await createVendor(ctx.database.db)).id;
});
afterAll(() => ctx.close());

const listing = (priceMicro: bigint) => createListing(ctx.database.db, { vendorId, priceMicro });
const rent = (headers: Record<string, string>, serverId: string, hours: number, extra = {}) =>
  ctx.request({
    method: 'POST',
    url: '/api/rentals',
    headers: withKey(headers),
    payload: { serverId, hours, ...extra },
  });
const me = async (headers: Record<string, string>) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/benefits/me', headers })).json<{
    data: MyBenefits;
  }>().data;

/** A benefits service on the app's database whose clock the test sets. */
function benefitsAt(at: () => Date) {
  return new BenefitsService({
    db: ctx.database.db,
    platform: ctx.app.services.platformSettings,
    publicUrl: 'http://shop.test',
    log: ctx.app.log,
    clock: { now: at },
  });
}

/** Spend as a rental payment would write it, at `at`. */
async function addSpend(db: Executor, userId: string, amount: bigint, at: Date) {
  await db.insert(walletTransactions).values({
    userId,
    type: 'RENTAL_PAYMENT',
    status: 'CONFIRMED',
    amount,
    currency: 'USDT',
    description: 'Rental of 1 hour',
    reference: `rental:${randomUUID()}:payment:1`,
    createdAt: at,
  });
}

const mailsTo = (email: string) =>
  queryRows<{ subject: string }>(
    ctx.database.db,
    sql`select subject from mail_outbox where recipient = ${email} and kind = 'benefits-tier' order by created_at`,
  );

/** "Check the books" (decision 034): every transaction balanced, escrow as the rentals say. */
async function ledgerBalanced() {
  const check = await checkTheBooks(ctx.database.db);
  // The test funds wallets with a bare deposit posting (`fundWallet`): no chain transfer stands
  // behind it, which the check rightly names. Everything else must hold.
  expect(check.violations.filter((v) => v.kind !== 'CREDIT_WITHOUT_TRANSFER')).toEqual([]);
}

describe('the programme', () => {
  it('is open to visitors, with the default thresholds, discounts and perks', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/benefits' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      tiers: [
        { tier: 'BRONZE', threshold: '0.000000', discountBp: 0, perks: [] },
        { tier: 'SILVER', threshold: '25.000000', discountBp: 200, perks: [] },
        {
          tier: 'GOLD',
          threshold: '100.000000',
          discountBp: 400,
          perks: ['Your support tickets start at High priority'],
        },
        {
          tier: 'PLATINUM',
          threshold: '300.000000',
          discountBp: 600,
          perks: [
            'Your support tickets start at High priority',
            'Your disputes are reviewed first',
          ],
        },
      ],
      windowDays: 90,
      graceDays: 30,
      keepPercent: 80,
    });
  });

  it('answers 401 for my tier without a session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/benefits/me' });
    expect(response.statusCode).toBe(401);
  });
});

describe('qualifying spend and promotion', () => {
  it('counts USDT paid for rentals less refunds, and promotes at the payment that reaches a tier', async () => {
    const server = await listing(5n * USDT);
    const { user, headers } = await renter(ctx, 100n * USDT);
    expect(await me(headers)).toMatchObject({
      tier: 'BRONZE',
      spend: '0.000000',
      discountBp: 0,
      next: { tier: 'SILVER', threshold: '25.000000', missing: '25.000000' },
      leavesWindow: null,
      demotion: null,
      history: [],
    });

    // 4 h at 5 USDT: 20 USDT, then cancelled with 3 whole hours unused: 15 back, 5 counts.
    const first = (await rent(headers, server.id, 4)).json().data;
    expect((await me(headers)).spend).toBe('20.000000');
    await ctx.request({
      method: 'POST',
      url: `/api/rentals/${first.id}/cancel`,
      headers: withKey(headers),
    });
    const afterRefund = await me(headers);
    expect(afterRefund).toMatchObject({ tier: 'BRONZE', spend: '5.000000' });
    expect(afterRefund.next!.missing).toBe('20.000000');
    expect(afterRefund.leavesWindow!.amount).toBe('20.000000');
    const leaves = new Date(afterRefund.leavesWindow!.on).getTime() - Date.now();
    expect(Math.abs(leaves - 90 * DAY)).toBeLessThan(60_000);

    // Rentals of one's own listing are refused, so they never count.
    const own = await createListing(ctx.database.db, { vendorId: user.id, priceMicro: USDT });
    expect((await rent(headers, own.id, 1)).json().error.code).toBe('OWN_SERVER');

    // 4 h more: 25 USDT of spend reaches SILVER at once.
    const second = await rent(headers, server.id, 4);
    expect(second.statusCode).toBe(201);
    expect(second.json().data.discount).toBe('0.000000');
    const silver = await me(headers);
    expect(silver).toMatchObject({
      tier: 'SILVER',
      spend: '25.000000',
      discountBp: 200,
      next: { tier: 'GOLD', missing: '75.000000' },
      demotion: null,
    });
    expect(silver.history).toEqual([
      {
        at: expect.any(String),
        from: 'BRONZE',
        to: 'SILVER',
        reason: 'PROMOTED',
        spend: '25.000000',
      },
    ]);
    expect(await mailsTo(user.email)).toEqual([{ subject: 'You reached Silver on CrimsonHost' }]);
    await ledgerBalanced();
  });

  it('does not count platform credit, compensation or deposits', async () => {
    const { user, headers } = await renter(ctx, 40n * USDT);
    await ctx.database.db.insert(walletTransactions).values([
      {
        userId: user.id,
        type: 'RENTAL_PAYMENT',
        status: 'PENDING',
        amount: 30n * USDT,
        currency: 'PLATFORM',
        description: 'Rental of 6 hours, paid with platform credit',
        reference: `rental:${randomUUID()}:payment:1:credit`,
      },
      {
        userId: user.id,
        type: 'COMPENSATION',
        status: 'CONFIRMED',
        amount: 30n * USDT,
        currency: 'PLATFORM',
        description: 'Compensation',
        reference: `compensation:${randomUUID()}`,
      },
    ]);
    expect(await me(headers)).toMatchObject({ tier: 'BRONZE', spend: '0.000000' });
  });
});

describe('the discount', () => {
  it('is paid by the platform out of its commission: exact to the micro-USDT, the vendor share unchanged', async () => {
    const server = await listing(3_333_333n);
    const { user, headers } = await renter(ctx, 200n * USDT);
    await addSpend(ctx.database.db, user.id, 30n * USDT, new Date());
    await ctx.database.db.transaction((tx) =>
      benefitsAt(() => new Date()).afterPayment(tx, user.id),
    );
    expect((await me(headers)).tier).toBe('SILVER');

    // 3 h: list 9.999999; 2 % of it rounded down is 0.199999; the renter pays 9.800000.
    const response = await rent(headers, server.id, 3, { expectedTotal: '9.800000' });
    expect(response.statusCode).toBe(201);
    const rental = response.json().data;
    expect(rental).toMatchObject({ paid: '9.800000', discount: '0.199999' });
    const payment = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/wallet/transactions?type=RENTAL_PAYMENT',
        headers,
      })
    ).json().data[0];
    expect(payment).toMatchObject({
      amount: '9.800000',
      description: 'Rental of 3 hours (Silver discount 0.199999 USDT)',
    });
    const postings = await queryRows<{ kind: string; amount: string }>(
      ctx.database.db,
      sql`select a.kind, e.amount::text from ledger_entries e
            join ledger_accounts a on a.id = e.account_id
            join ledger_transactions t on t.id = e.ledger_transaction_id
           where t.reference = ${`rental:${rental.id}:payment:1`} order by a.kind`,
    );
    expect(postings).toEqual([
      { kind: 'ESCROW', amount: '9999999' },
      { kind: 'PLATFORM_REVENUE', amount: '-199999' },
      { kind: 'USER_WALLET', amount: '-9800000' },
    ]);

    // At its end the vendor gets what a full-price rental gives: 9.999999 less 10 % (0.999999).
    await ctx.database.db.execute(
      sql`update rentals set ends_at = now() - interval '1 second' where id = ${rental.id}`,
    );
    await ctx.app.services.rentals.expireDue(new Date());
    const [row] = await queryRows<{ released: string; commission: string }>(
      ctx.database.db,
      sql`select released::text, commission::text from rentals where id = ${rental.id}`,
    );
    expect(row).toEqual({ released: '9000000', commission: '999999' });
    await ledgerBalanced();
  });

  it("gives the discount's share of a refund back to the platform, never to the renter", async () => {
    const server = await listing(5n * USDT);
    const { user, headers } = await renter(ctx, 200n * USDT);
    await addSpend(ctx.database.db, user.id, 120n * USDT, new Date());
    await ctx.database.db.transaction((tx) =>
      benefitsAt(() => new Date()).afterPayment(tx, user.id),
    );
    expect((await me(headers)).tier).toBe('GOLD');
    // 5 h at 5: list 25, 4 % = 1, paid 24. Cancelled at once: 4 whole hours (20) come back, of
    // which 0.8 is the discount's share (20 x 1/25) and 19.2 the renter's.
    const rental = (await rent(headers, server.id, 5, { expectedTotal: '24' })).json().data;
    expect(rental.refundIfCancelled).toBe('19.200000');
    const cancelled = await ctx.request({
      method: 'POST',
      url: `/api/rentals/${rental.id}/cancel`,
      headers: withKey(headers),
    });
    expect(cancelled.json().data).toMatchObject({
      refunded: '19.200000',
      paid: '24.000000',
      discount: '0.200000',
    });
    const [row] = await queryRows<{ released: string; commission: string; back: string }>(
      ctx.database.db,
      sql`select released::text, commission::text, refunded_discount::text as back from rentals where id = ${rental.id}`,
    );
    // The used hour: 5 to escrow's release; the vendor 4.5 as without a discount.
    expect(row).toEqual({ released: '4500000', commission: '500000', back: '800000' });
    await ledgerBalanced();
  });

  it('refuses a stale price with 409 and the new one, moving nothing; a lower price is charged as is', async () => {
    const server = await listing(10n * USDT);
    const { user, headers } = await renter(ctx, 100n * USDT);
    // The renter saw the BRONZE price 10 for 1 h... then was promoted to SILVER: 9.8 is less.
    await addSpend(ctx.database.db, user.id, 26n * USDT, new Date());
    await ctx.database.db.transaction((tx) =>
      benefitsAt(() => new Date()).afterPayment(tx, user.id),
    );
    // A price lower than shown is fine.
    const lower = await rent(headers, server.id, 1, { expectedTotal: '10' });
    expect(lower.statusCode).toBe(201);
    expect(lower.json().data.paid).toBe('9.800000');
    await ctx.request({
      method: 'POST',
      url: `/api/rentals/${lower.json().data.id}/cancel`,
      headers: withKey(headers),
    });
    // Seen at 9.70 (say, a cheaper listing price since raised): 9.80 now is more, refused.
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/wallet', headers })).json();
    const stale = await rent(headers, server.id, 1, { expectedTotal: '9.7' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({
      code: 'PRICE_CHANGED',
      message:
        'The price changed since you saw it: it is now 9.800000 USDT. Check it and confirm again.',
      details: { listTotal: '10.000000', discount: '0.200000', total: '9.800000', tier: 'SILVER' },
    });
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/wallet', headers })).json();
    expect(after).toEqual(before);
    await ledgerBalanced();
  });

  it('extends at the discounted price, and refuses a stale extension price', async () => {
    const server = await listing(4n * USDT);
    const { user, headers } = await renter(ctx, 100n * USDT);
    await addSpend(ctx.database.db, user.id, 26n * USDT, new Date());
    await ctx.database.db.transaction((tx) =>
      benefitsAt(() => new Date()).afterPayment(tx, user.id),
    );
    const rental = (await rent(headers, server.id, 1)).json().data;
    const extend = (expectedTotal: string) =>
      ctx.request({
        method: 'POST',
        url: `/api/rentals/${rental.id}/extend`,
        headers: withKey(headers),
        payload: { hours: 2, expectedTotal },
      });
    const stale = await extend('7.5');
    expect(stale.json().error).toMatchObject({
      code: 'PRICE_CHANGED',
      details: { listTotal: '8.000000', discount: '0.160000', total: '7.840000' },
    });
    const extended = await extend('7.84');
    expect(extended.statusCode).toBe(200);
    expect(extended.json().data).toMatchObject({
      hours: 3,
      paid: '11.760000',
      discount: '0.240000',
    });
    await ledgerBalanced();
  });
});

describe('perks', () => {
  it('starts a GOLD renter’s ticket at HIGH', async () => {
    const { user, headers } = await renter(ctx);
    await ctx.database.db.execute(
      sql`update users set email_verified_at = now() where id = ${user.id}`,
    );
    await addSpend(ctx.database.db, user.id, 150n * USDT, new Date());
    await ctx.database.db.transaction((tx) =>
      benefitsAt(() => new Date()).afterPayment(tx, user.id),
    );
    const ticket = await openTicket(ctx, headers, { priority: 'LOW' });
    const [row] = await queryRows<{ priority: string }>(
      ctx.database.db,
      sql`select priority from support_tickets where id = ${ticket.id}`,
    );
    expect(row!.priority).toBe('HIGH');
  });
});

describe('the daily recomputation', () => {
  it('lowers a tier one step only after 30 days below 80 % of its threshold, with a mail beforehand', async () => {
    const { user, headers } = await renter(ctx);
    const start = Date.now();
    let now = new Date(start);
    const service = benefitsAt(() => now);
    // 120 USDT: GOLD. Keeping GOLD needs 80; SILVER 20.
    await addSpend(ctx.database.db, user.id, 120n * USDT, new Date(start - 10 * DAY));
    await ctx.database.db.transaction((tx) => service.afterPayment(tx, user.id));
    expect((await me(headers)).tier).toBe('GOLD');

    // Day 81: the spend left the window (0 < 80): grace starts, one mail tells the date.
    now = new Date(start + 81 * DAY);
    await service.recompute();
    await service.recompute(); // the same day again: nothing more
    const mails = await mailsTo(user.email);
    const dropsOn = new Date(start + 111 * DAY).toISOString().slice(0, 10);
    expect(mails.map((m) => m.subject)).toEqual([
      'You reached Gold on CrimsonHost',
      `Your Gold tier ends on ${dropsOn} unless you rent again`,
    ]);
    // Day 110: still GOLD.
    now = new Date(start + 110 * DAY);
    await service.recompute();
    let [state] = await queryRows<{ tier: string }>(
      ctx.database.db,
      sql`select tier from loyalty_states where user_id = ${user.id}`,
    );
    expect(state!.tier).toBe('GOLD');
    // Day 111: one step down, to SILVER, not to BRONZE.
    now = new Date(start + 111 * DAY);
    await service.recompute();
    [state] = await queryRows<{ tier: string }>(
      ctx.database.db,
      sql`select tier from loyalty_states where user_id = ${user.id}`,
    );
    expect(state!.tier).toBe('SILVER');
    expect((await mailsTo(user.email)).at(-1)!.subject).toBe('Your CrimsonHost tier is now Silver');
    const changes = await queryRows<{ from_tier: string; to_tier: string; reason: string }>(
      ctx.database.db,
      sql`select from_tier, to_tier, reason from loyalty_tier_changes where user_id = ${user.id} order by id`,
    );
    expect(changes).toEqual([
      { from_tier: 'BRONZE', to_tier: 'GOLD', reason: 'PROMOTED' },
      { from_tier: 'GOLD', to_tier: 'SILVER', reason: 'DEMOTED' },
    ]);
  });

  it('ends the grace period when the spend comes back above what keeps the tier', async () => {
    const { user } = await renter(ctx);
    const start = Date.now();
    let now = new Date(start);
    const service = benefitsAt(() => now);
    await addSpend(ctx.database.db, user.id, 30n * USDT, new Date(start - 85 * DAY));
    await ctx.database.db.transaction((tx) => service.afterPayment(tx, user.id));
    now = new Date(start + 6 * DAY); // 30 left the window
    await service.recompute();
    const [grace] = await queryRows<{ below_since: Date | null }>(
      ctx.database.db,
      sql`select below_since from loyalty_states where user_id = ${user.id}`,
    );
    expect(grace!.below_since).not.toBeNull();
    // 21 USDT paid: above 80 % of 25.
    await addSpend(ctx.database.db, user.id, 21n * USDT, new Date(start + 6 * DAY));
    await ctx.database.db.transaction((tx) => service.afterPayment(tx, user.id));
    now = new Date(start + 40 * DAY);
    await service.recompute();
    const [kept] = await queryRows<{ tier: string; below_since: Date | null }>(
      ctx.database.db,
      sql`select tier, below_since from loyalty_states where user_id = ${user.id}`,
    );
    expect(kept).toEqual({ tier: 'SILVER', below_since: null });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the daily recomputation on PostgreSQL', () => {
  it('takes each renter once when two instances with their own pools run it at the same moment', async () => {
    const pools = await Promise.all(
      [1, 2].map(() => openDatabase({ driver: 'postgres', url: ctx.database.url! })),
    );
    try {
      const start = Date.now();
      const users = await Promise.all(
        Array.from({ length: 60 }, () => createUser(ctx.database.db)),
      );
      // Each GOLD, its spend gone, below GOLD's keep for 31 days: due to drop to SILVER.
      await ctx.database.db.insert(loyaltyStates).values(
        users.map((user) => ({
          userId: user.id,
          tier: 'GOLD',
          since: new Date(start - 200 * DAY),
          belowSince: new Date(start - 31 * DAY),
          warnedAt: new Date(start - 31 * DAY),
        })),
      );
      const instances = pools.map(
        (pool) =>
          new BenefitsService({
            db: pool.db,
            platform: new PlatformSettings(pool.db, {
              commission: { basisPoints: 1000 },
              sla: { URGENT: 1, HIGH: 4, NORMAL: 24, LOW: 72 },
              tiers: DEFAULT_TIER_RULES,
            }),
            publicUrl: 'http://shop.test',
            log: ctx.app.log,
            clock: { now: () => new Date(start) },
          }),
      );
      const seen = await Promise.all(instances.map((instance) => instance.recompute(10_000)));
      expect(seen[0]! + seen[1]!).toBeGreaterThanOrEqual(60);
      const ids = users.map((user) => user.id);
      const changes = await queryRows<{ user_id: string; n: string }>(
        ctx.database.db,
        sql`select user_id, count(*)::text as n from loyalty_tier_changes
             where user_id in ${sql.raw(`('${ids.join("','")}')`)} group by 1`,
      );
      expect(changes).toHaveLength(60);
      expect(changes.every((row) => row.n === '1')).toBe(true);
      const mails = await queryRows<{ n: string }>(
        ctx.database.db,
        sql`select count(*)::text as n from mail_outbox
             where subject = 'Your CrimsonHost tier is now Silver'
               and recipient in ${sql.raw(`('${users.map((u) => u.email).join("','")}')`)}`,
      );
      expect(mails[0]!.n).toBe('60');
    } finally {
      await Promise.all(pools.map((pool) => pool.close()));
    }
  });
});
