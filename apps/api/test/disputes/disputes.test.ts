// Disputes of the buyer protection policy (issue 17 points 1 to 3 and 7, first slice): opened by
// the renter while the rental runs or up to 7 days after its end, one open per rental (under
// concurrency too), argued in a HIGH ticket of category RENTAL, the vendor mailed; the rental's
// money held where it is (escrow at the end, the pending share past the window) until support
// declines, then it goes on; the books check green throughout. Time moves with the test clock.
import { sql } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPUTE_WINDOW_DAYS, VENDOR_ANSWER_HOURS } from '@crimsonhost/shared/disputes';
import type { Rental } from '@crimsonhost/shared/rentals';
import { queryRows } from '../../src/db/client';
import type { TestClock } from '../../src/lib/clock';
import { clearDueEarnings, vendorBalances } from '../../src/modules/vendors/vendor-money';
import { savePayoutAddresses } from '../../src/modules/vendors/vendors.repository';
import { createTestApp, type TestContext } from '../app';
import { createListing, createVendor } from '../catalog/catalog-factories';
import { checkBooks, rentServer } from '../ledger-admin/ledger-fixture';
import { renter, USDT } from '../rentals/rentals-fixture';
import { pngWithText } from '../support/files';
import { openTicket, signedIn } from '../support/support-fixture';
import { activeVendor } from '../vendors/vendor-fixture';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let ctx: TestContext;
let clock: TestClock;
let support: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  ctx = await createTestApp({ TEST_CLOCK: 'true' });
  clock = ctx.app.clock as TestClock;
  support = await signedIn(ctx, 'support', 'Sam Support');
  admin = await signedIn(ctx, 'admin', 'Ada Admin');
});
afterAll(() => ctx.close());

const DESCRIPTION = 'The server never started: the console shows nothing and nobody can connect.';

async function rented(hours = 2, price = USDT) {
  const vendor = await createVendor(ctx.database.db, 'Disputed Vendor');
  const listing = await createListing(ctx.database.db, {
    vendorId: vendor.id,
    priceMicro: price,
    name: 'Frag Yard',
  });
  const buyer = await renter(ctx, 20n * USDT);
  const rental = await rentServer(ctx, buyer.headers, listing.id, hours);
  return { vendor, listing, buyer, rental: rental as { id: string } };
}

const dispute = (rentalId: string, headers: Record<string, string>, body: object = {}) =>
  ctx.request({
    method: 'POST',
    url: `/api/rentals/${rentalId}/dispute`,
    headers,
    payload: { reason: 'NOT_DELIVERED', description: DESCRIPTION, ...body },
  });

const decline = (id: string, headers = support.headers) =>
  ctx.request({
    method: 'POST',
    url: `/api/admin/disputes/${id}/decline`,
    headers,
    payload: { reason: 'The panel shows the server running and players connected all along.' },
  });

const rentalView = async (id: string, headers: Record<string, string>) =>
  (await ctx.request({ method: 'GET', url: `/api/rentals/${id}`, headers })).json<{
    data: Rental;
  }>().data;

/** The books check's problems, less the test funding's credits (no chain transfer behind them). */
async function booksProblems() {
  const check = await checkBooks(ctx, admin.headers);
  return check.violations.filter(
    (v) => !(v.kind === 'CREDIT_WITHOUT_TRANSFER' && v.message.includes('test-deposit:')),
  );
}

describe('opening a dispute', () => {
  it('opens a HIGH ticket of category RENTAL on the rental, and tells the vendor', async () => {
    const { vendor, buyer, rental } = await rented();
    const before = ctx.mailer.sent.length;
    const response = await dispute(rental.id, buyer.headers, { reason: 'UNREACHABLE' });
    expect(response.statusCode, response.body).toBe(201);
    const opened = response.json().data;
    expect(opened).toMatchObject({ rentalId: rental.id, reason: 'UNREACHABLE', status: 'OPEN' });
    expect(Date.parse(opened.vendorAnswerDueAt) - Date.parse(opened.openedAt)).toBe(
      VENDOR_ANSWER_HOURS * HOUR,
    );

    const ticket = await ctx.request({
      method: 'GET',
      url: `/api/support/tickets/${opened.ticketId}`,
      headers: buyer.headers,
    });
    expect(ticket.statusCode).toBe(200);
    expect(ticket.json().data).toMatchObject({ category: 'RENTAL', priority: 'HIGH' });
    expect(ticket.json().data.subject).toBe('Dispute: Frag Yard (unreachable or down)');

    const desk = await ctx.request({
      method: 'GET',
      url: `/api/admin/support/tickets/${opened.ticketId}`,
      headers: support.headers,
    });
    expect(desk.json().data.dispute).toMatchObject({ id: opened.id, status: 'OPEN' });

    const view = await rentalView(rental.id, buyer.headers);
    expect(view.dispute).toMatchObject({ id: opened.id, status: 'OPEN' });
    expect(view.disputeUntil).toBeNull();

    await expect
      .poll(() => ctx.mailer.sent.slice(before).map((mail) => mail.subject))
      .toContain('A renter disputed a rental of Frag Yard');
    const mail = ctx.mailer.sent.slice(before).find((m) => m.to === vendor.email)!;
    expect(mail.text).toMatch(/answer in the dispute by/);
  });

  it('takes one open dispute per rental, even when two arrive at once', async () => {
    const { buyer, rental } = await rented();
    const answers = await Promise.all([
      dispute(rental.id, buyer.headers),
      dispute(rental.id, buyer.headers),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json().error.code).toBe('DISPUTE_OPEN');
    const [row] = await queryRows<{ n: string }>(
      ctx.database.db,
      sql`select count(*)::text as n from rental_disputes where rental_id = ${rental.id}`,
    );
    expect(row!.n).toBe('1');
  });

  it('answers 404 for another renter’s rental, and says what is wrong with bad input', async () => {
    const { rental } = await rented();
    const other = await renter(ctx);
    expect((await dispute(rental.id, other.headers)).statusCode).toBe(404);
    expect((await dispute('not-a-rental', other.headers)).statusCode).toBe(404);
    const { buyer, rental: mine } = await rented();
    const short = await dispute(mine.id, buyer.headers, { description: 'broken' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toMatch(/at least 20 characters/);
    const reason = await dispute(mine.id, buyer.headers, { reason: 'BORED' });
    expect(reason.statusCode).toBe(400);
  });
});

describe('the money of a disputed rental', () => {
  it('stays in escrow at the end, goes on when support declines, and clears after the window', async () => {
    const { vendor, buyer, rental } = await rented(2, 5n * USDT);
    const opened = (await dispute(rental.id, buyer.headers)).json().data;

    // The rental runs out: it ends, but its 10 USDT stay in escrow.
    await clock.advance(3 * HOUR);
    expect(await ctx.app.services.rentals.expireDue()).toBeGreaterThanOrEqual(1);
    expect((await rentalView(rental.id, buyer.headers)).status).toBe('EXPIRED');
    expect(await vendorBalances(ctx.database.db, vendor.id)).toMatchObject({
      escrow: '10.000000',
      pending: '0.000000',
    });
    // Past the window nothing clears while the dispute is open.
    await clock.advance((DISPUTE_WINDOW_DAYS + 1) * DAY);
    await clearDueEarnings(ctx.database.db, clock.now());
    expect(await vendorBalances(ctx.database.db, vendor.id)).toMatchObject({
      escrow: '10.000000',
      available: '0.000000',
    });
    expect(await booksProblems()).toEqual([]);

    // Support declines: the ticket says why and is resolved, the payment goes on.
    const declined = await decline(opened.id);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().data).toMatchObject({ status: 'RESOLVED', outcome: 'DECLINED' });
    expect(await vendorBalances(ctx.database.db, vendor.id)).toMatchObject({
      escrow: '0.000000',
      pending: '9.000000',
    });
    const ticket = (
      await ctx.request({
        method: 'GET',
        url: `/api/support/tickets/${opened.ticketId}`,
        headers: buyer.headers,
      })
    ).json().data;
    expect(ticket.status).toBe('RESOLVED');
    expect(JSON.stringify(ticket.messages)).toMatch(/Support declined this dispute/);
    expect((await decline(opened.id)).json().error.code).toBe('DISPUTE_CLOSED');

    // The window has long passed: the share clears at the job's next turn.
    await clearDueEarnings(ctx.database.db, clock.now());
    expect(await vendorBalances(ctx.database.db, vendor.id)).toMatchObject({
      pending: '0.000000',
      available: '9.000000',
    });
    expect(await booksProblems()).toEqual([]);
    await clock.reset();
  });

  it('holds the pending share of a rental disputed after its end, out of any payout', async () => {
    const vendor = await activeVendor(ctx, 'Held Vendor');
    await savePayoutAddresses(ctx.database.db, vendor.user.id, {
      ERC20: privateKeyToAccount(generatePrivateKey()).address,
    });
    const listing = await createListing(ctx.database.db, {
      vendorId: vendor.user.id,
      priceMicro: 12n * USDT,
    });
    const buyer = await renter(ctx, 20n * USDT);
    const rental = (await rentServer(ctx, buyer.headers, listing.id, 1)) as { id: string };
    await clock.advance(2 * HOUR);
    await ctx.app.services.rentals.expireDue();
    expect((await vendorBalances(ctx.database.db, vendor.user.id)).pending).toBe('10.800000');

    // Six days after the end the renter disputes: the share does not clear on day 7.
    await clock.advance(6 * DAY);
    const opened = await dispute(rental.id, buyer.headers);
    expect(opened.statusCode, opened.body).toBe(201);
    await clock.advance(2 * DAY);
    await clearDueEarnings(ctx.database.db, clock.now());
    expect(await vendorBalances(ctx.database.db, vendor.user.id)).toMatchObject({
      pending: '10.800000',
      available: '0.000000',
    });
    // The vendor area counts it.
    const overview = await ctx.request({
      method: 'GET',
      url: '/api/vendor/overview',
      headers: vendor.headers,
    });
    expect(overview.json().data.openDisputes).toBe(1);
    // A payout asked for during the dispute cannot take the held share.
    const ask = () =>
      ctx.request({
        method: 'POST',
        url: '/api/vendor/payouts',
        headers: vendor.headers,
        payload: { network: 'ERC20', amount: '10.8' },
      });
    const refused = await ask();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/Only 0\.000000 USDT is available to pay out/);

    // Declined: the share clears at once (the window has passed) and can be paid out.
    await decline(opened.json().data.id, admin.headers);
    await clearDueEarnings(ctx.database.db, clock.now());
    expect((await vendorBalances(ctx.database.db, vendor.user.id)).available).toBe('10.800000');
    expect((await ask()).statusCode).toBe(201);
    expect(await booksProblems()).toEqual([]);
    await clock.reset();
  });

  it('cannot be disputed 7 days after the end', async () => {
    const { buyer, rental } = await rented(1);
    await clock.advance(HOUR + 1000);
    await ctx.app.services.rentals.expireDue();
    const view = await rentalView(rental.id, buyer.headers);
    expect(Date.parse(view.disputeUntil!) - Date.parse(view.endedAt!)).toBe(
      DISPUTE_WINDOW_DAYS * DAY,
    );
    await clock.advance(DISPUTE_WINDOW_DAYS * DAY);
    const late = await dispute(rental.id, buyer.headers);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('DISPUTE_WINDOW_CLOSED');
    expect(late.json().error.message).toMatch(/until 7 days after the rental ends/);
    expect((await rentalView(rental.id, buyer.headers)).disputeUntil).toBeNull();
    await clock.reset();
  });
});

describe("the vendor's side of a dispute", () => {
  it("lets the vendor download the renter's evidence, never another ticket's file", async () => {
    const vendor = await activeVendor(ctx, 'Evidence Vendor');
    const listing = await createListing(ctx.database.db, {
      vendorId: vendor.user.id,
      priceMicro: USDT,
      name: 'Proof Box',
    });
    const buyer = await renter(ctx, 10n * USDT);
    const rental = (await rentServer(ctx, buyer.headers, listing.id, 2)) as { id: string };
    const upload = async (name: string) => {
      const response = await ctx.request({
        method: 'POST',
        url: `/api/support/attachments?name=${name}`,
        headers: { ...buyer.headers, 'content-type': 'application/octet-stream' },
        payload: pngWithText(),
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ data: { id: string } }>().data.id;
    };
    const evidence = await upload('down.png');
    const opened = await dispute(rental.id, buyer.headers, { attachmentIds: [evidence] });
    expect(opened.statusCode, opened.body).toBe(201);
    const elsewhere = await upload('other.png');
    await openTicket(ctx, buyer.headers, { attachmentIds: [elsewhere] });
    const read = (id: string) =>
      ctx.request({
        method: 'GET',
        url: `/api/support/attachments/${id}`,
        headers: vendor.headers,
      });
    expect((await read(evidence)).statusCode).toBe(200);
    expect((await read(elsewhere)).statusCode).toBe(404);
  });

  it('lists it, shows the conversation without notes, and takes one answer after another', async () => {
    const vendor = await activeVendor(ctx, 'Answering Vendor');
    const listing = await createListing(ctx.database.db, {
      vendorId: vendor.user.id,
      priceMicro: USDT,
      name: 'Night Shift',
    });
    const buyer = await renter(ctx, 10n * USDT);
    const rental = (await rentServer(ctx, buyer.headers, listing.id, 2)) as { id: string };
    const opened = (await dispute(rental.id, buyer.headers)).json().data;
    // Support leaves an internal note the vendor must not see.
    await ctx.request({
      method: 'POST',
      url: `/api/admin/support/tickets/${opened.ticketId}/messages`,
      headers: support.headers,
      payload: { message: 'Internal: check the panel history first.', internal: true },
    });

    const list = await ctx.request({
      method: 'GET',
      url: '/api/vendor/disputes',
      headers: vendor.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).toMatchObject({
      id: opened.id,
      server: { id: listing.id, name: 'Night Shift' },
      vendorAnsweredAt: null,
    });

    const one = await ctx.request({
      method: 'GET',
      url: `/api/vendor/disputes/${opened.id}`,
      headers: vendor.headers,
    });
    const bodies = one
      .json()
      .data.messages.map((m: { body: string }) => m.body)
      .join('\n');
    expect(bodies).toContain(DESCRIPTION);
    expect(bodies).not.toContain('Internal: check the panel history first.');

    const before = ctx.mailer.sent.length;
    const answered = await ctx.request({
      method: 'POST',
      url: `/api/vendor/disputes/${opened.id}/messages`,
      headers: vendor.headers,
      payload: { message: 'The server ran all evening; our panel shows 4 players connected.' },
    });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json().data.vendorAnsweredAt).not.toBeNull();
    const last = answered.json().data.messages.at(-1);
    expect(last.author).toEqual({ name: 'Answering Vendor (the vendor)', role: 'vendor' });

    // The renter sees it in the ticket and hears of it; the ticket still waits for support.
    const ticket = (
      await ctx.request({
        method: 'GET',
        url: `/api/support/tickets/${opened.ticketId}`,
        headers: buyer.headers,
      })
    ).json().data;
    expect(ticket.status).toBe('OPEN');
    expect(ticket.messages.at(-1).author.role).toBe('vendor');
    await expect
      .poll(() =>
        ctx.mailer.sent
          .slice(before)
          .map((mail) => mail.text)
          .join('\n'),
      )
      .toContain('Answering Vendor (the vendor) replied:');

    // Another vendor does not find it; once decided, it takes no more answers.
    const other = await activeVendor(ctx, 'Other Vendor');
    expect(
      (
        await ctx.request({
          method: 'GET',
          url: `/api/vendor/disputes/${opened.id}`,
          headers: other.headers,
        })
      ).statusCode,
    ).toBe(404);
    await decline(opened.id);
    const late = await ctx.request({
      method: 'POST',
      url: `/api/vendor/disputes/${opened.id}/messages`,
      headers: vendor.headers,
      payload: { message: 'One more thing about the evening in question.' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('DISPUTE_CLOSED');
    const open = await ctx.request({
      method: 'GET',
      url: '/api/vendor/disputes',
      headers: vendor.headers,
    });
    expect(open.json().data).toEqual([]);
    const all = await ctx.request({
      method: 'GET',
      url: '/api/vendor/disputes?status=all',
      headers: vendor.headers,
    });
    expect(all.json().data[0]).toMatchObject({
      id: opened.id,
      status: 'RESOLVED',
      outcome: 'DECLINED',
    });
  });
});

describe('contact details in a dispute’s conversation', () => {
  it('are not delivered: the sender is told why, and the rental’s own address passes', async () => {
    const vendor = await activeVendor(ctx, 'Chatty Vendor');
    const listing = await createListing(ctx.database.db, {
      vendorId: vendor.user.id,
      priceMicro: USDT,
      host: '203.0.113.40',
    });
    const buyer = await renter(ctx, 10n * USDT);
    const rental = (await rentServer(ctx, buyer.headers, listing.id, 2)) as { id: string };

    // The renter's first message is read by the vendor too.
    const leaked = await dispute(rental.id, buyer.headers, {
      description: 'It never started. Mail me at mira.l@example.com so we can sort it out.',
    });
    expect(leaked.statusCode).toBe(422);
    expect(leaked.json().error).toMatchObject({
      code: 'MESSAGE_HELD',
      details: { kinds: ['email'] },
    });
    expect(leaked.json().error.message).toMatch(/shares an e-mail address.*was not sent/);
    const opened = (await dispute(rental.id, buyer.headers)).json().data;

    const answer = (message: string) =>
      ctx.request({
        method: 'POST',
        url: `/api/vendor/disputes/${opened.id}/messages`,
        headers: vendor.headers,
        payload: { message },
      });
    const held = await answer('add me on disc0rd: name#1234 and we fix it there');
    expect(held.statusCode).toBe(422);
    expect(held.json().error).toMatchObject({
      code: 'MESSAGE_HELD',
      details: { kinds: ['social_media'] },
    });
    const ticket = await ctx.request({
      method: 'GET',
      url: `/api/support/tickets/${opened.ticketId}`,
      headers: buyer.headers,
    });
    expect(
      JSON.stringify(ticket.json<{ data: { messages: unknown[] } }>().data.messages),
    ).not.toContain('disc0rd');

    const { host, port } = (await rentalView(rental.id, buyer.headers)).connection!;
    expect(host).toBe('203.0.113.40');
    const fine = await answer(`The server is up: connect ${host}:${port} from the console.`);
    expect(fine.statusCode, fine.body).toBe(201);

    // The renter's replies in the dispute's ticket are checked the same way.
    const reply = (message: string) =>
      ctx.request({
        method: 'POST',
        url: `/api/support/tickets/${opened.ticketId}/messages`,
        headers: buyer.headers,
        payload: { message },
      });
    const phone = await reply('Call me on +44 7700 900123 tonight please.');
    expect(phone.statusCode).toBe(422);
    expect(phone.json().error.details.kinds).toEqual(['phone']);
    expect((await reply('Still refused to connect at 21:40, version 1.20.4.')).statusCode).toBe(
      201,
    );
  });
});

describe('a PLATINUM renter’s dispute', () => {
  it('is first in the desk’s queue while it is open, whatever the sort', async () => {
    const platinum = await rented();
    await ctx.database.db.execute(
      sql`insert into loyalty_states (user_id, tier, since) values (${platinum.buyer.user.id}, 'PLATINUM', now())`,
    );
    const first = await dispute(platinum.rental.id, platinum.buyer.headers);
    expect(first.statusCode).toBe(201);
    // A newer dispute of an ordinary renter: later activity, the same HIGH priority.
    const ordinary = await rented();
    const second = await dispute(ordinary.rental.id, ordinary.buyer.headers);
    expect(second.statusCode).toBe(201);
    const ticketOf = (response: typeof first) =>
      response.json<{ data: { ticketId: string } }>().data.ticketId;
    for (const sort of ['', '?sort=sla', '?sort=created']) {
      const queue = (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/admin/support/tickets${sort}`,
          headers: support.headers,
        })
      ).json<{ data: Array<{ id: string }> }>().data;
      const ids = queue.map((ticket) => ticket.id);
      expect(ids.indexOf(ticketOf(first)), sort).toBe(0);
      expect(ids).toContain(ticketOf(second));
    }
  });
});
