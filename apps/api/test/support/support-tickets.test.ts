// The customer's side of the support centre through the API: opening a ticket, the conversation
// with staff, the status machine as the customer meets it, notes never answered to a customer,
// rating, closing and reopening, and what another user may see (nothing).
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketDetail } from '@crimsonhost/shared/support';
import type { RunStateView } from '@crimsonhost/shared/rentals';
import { createTestApp, type TestContext } from '../app';
import { createListing, createVendor } from '../catalog/catalog-factories';
import { USDT, fundWallet, withKey } from '../rentals/rentals-fixture';
import { openTicket, signedIn, TICKET } from './support-fixture';

let ctx: TestContext;
/** The run state the panel reports for every server (the broken-server rule reads it). */
let panelState: RunStateView['state'] = 'running';

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, {
    panels: {
      power: async () => undefined,
      runState: async () => ({
        state: panelState,
        checkedAt: new Date().toISOString(),
        ageSeconds: 0,
        detail: null,
      }),
      runStates: async (ids) =>
        new Map(
          ids.map((id) => [
            id,
            { state: panelState, checkedAt: new Date().toISOString(), ageSeconds: 0, detail: null },
          ]),
        ),
    },
  });
});
afterAll(() => ctx.close());

const detailOf = (body: string) => (JSON.parse(body) as { data: TicketDetail }).data;

async function get(headers: Record<string, string>, id: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/support/tickets/${id}`, headers });
}

async function staffReply(
  headers: Record<string, string>,
  id: string,
  payload: { message: string; internal?: boolean; status?: string },
) {
  const response = await ctx.request({
    method: 'POST',
    url: `/api/admin/support/tickets/${id}/messages`,
    headers,
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response;
}

/** A renter with an ACTIVE rental of a fresh listing. */
async function renterWithRental() {
  const renter = await signedIn(ctx);
  await fundWallet(ctx.database.db, renter.user.id, 100n * USDT);
  const vendor = await createVendor(ctx.database.db);
  const listing = await createListing(ctx.database.db, {
    vendorId: vendor.id,
    priceMicro: 2n * USDT,
  });
  const rented = await ctx.request({
    method: 'POST',
    url: '/api/rentals',
    headers: withKey(renter.headers),
    payload: { serverId: listing.id, hours: 2 },
  });
  expect(rented.statusCode, rented.body).toBe(201);
  return { ...renter, rentalId: rented.json<{ data: { id: string } }>().data.id };
}

describe('opening a ticket', () => {
  it('opens an OPEN ticket with the first message and mails the customer that it arrived', async () => {
    const { user, headers } = await signedIn(ctx);
    const response = await ctx.request({
      method: 'POST',
      url: '/api/support/tickets',
      headers,
      payload: TICKET,
    });
    expect(response.statusCode, response.body).toBe(201);
    const ticket = detailOf(response.body);
    expect(ticket).toMatchObject({
      subject: TICKET.subject,
      status: 'OPEN',
      priority: 'NORMAL',
      category: 'TECHNICAL',
      unread: false,
      link: null,
      canRate: false,
    });
    expect(ticket.messages).toEqual([
      expect.objectContaining({
        kind: 'reply',
        body: TICKET.message,
        author: { name: user.displayName, role: 'customer' },
      }),
    ]);
    await expect
      .poll(() => ctx.mailer.sent.find((mail) => mail.to === user.email)?.subject)
      .toBe(`[CrimsonHost #${ticket.number}] We received your request: ${TICKET.subject}`);
    const mail = ctx.mailer.sent.find((m) => m.to === user.email)!;
    expect(mail.text).toContain(`/support/tickets/${ticket.id}`);
  });

  it("answers 400 naming each missing field with the spec's message", async () => {
    const { headers } = await signedIn(ctx);
    const response = await ctx.request({
      method: 'POST',
      url: '/api/support/tickets',
      headers,
      payload: { category: 'BILLING' },
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json<{
      error: { details: { fields: { field: string; message: string }[] } };
    }>().error.details.fields;
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'subject', message: 'Subject is required' },
        { field: 'message', message: 'Message is required' },
      ]),
    );
  });

  it('keeps URGENT for a problem with an ACTIVE rental', async () => {
    const { headers } = await signedIn(ctx);
    const refused = await ctx.request({
      method: 'POST',
      url: '/api/support/tickets',
      headers,
      payload: { ...TICKET, priority: 'URGENT' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('URGENT_NEEDS_ACTIVE_RENTAL');

    const withRental = await renterWithRental();
    const urgent = await openTicket(ctx, withRental.headers, {
      category: 'RENTAL',
      priority: 'URGENT',
      rentalId: withRental.rentalId,
    });
    expect(urgent.status).toBe('OPEN');
    const detail = detailOf((await get(withRental.headers, urgent.id)).body);
    expect(detail.priority).toBe('URGENT');
    expect(detail.link).toMatchObject({
      kind: 'rental',
      id: withRental.rentalId,
      status: 'ACTIVE',
    });
  });

  it('starts a ticket about an ACTIVE rental whose server is in error at HIGH at least', async () => {
    const { headers, rentalId } = await renterWithRental();
    panelState = 'error';
    try {
      const ticket = await openTicket(ctx, headers, { priority: 'LOW', rentalId });
      expect(detailOf((await get(headers, ticket.id)).body).priority).toBe('HIGH');
    } finally {
      panelState = 'running';
    }
  });

  it("links only the user's own rental or transaction (404 otherwise)", async () => {
    const other = await renterWithRental();
    const { user, headers } = await signedIn(ctx);
    const response = await ctx.request({
      method: 'POST',
      url: '/api/support/tickets',
      headers,
      payload: { ...TICKET, rentalId: other.rentalId },
    });
    expect(response.statusCode).toBe(404);

    await fundWallet(ctx.database.db, user.id, 5n * USDT);
    const transactions = await ctx.app.inject({
      method: 'GET',
      url: '/api/wallet/transactions',
      headers,
    });
    const transactionId = transactions.json<{ data: { id: string }[] }>().data[0]!.id;
    const linked = await openTicket(ctx, headers, { category: 'BILLING', transactionId });
    expect(detailOf((await get(headers, linked.id)).body).link).toMatchObject({
      kind: 'transaction',
      id: transactionId,
      amount: '5.000000',
    });
    const foreign = await ctx.request({
      method: 'POST',
      url: '/api/support/tickets',
      headers: other.headers,
      payload: { ...TICKET, transactionId },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('what a customer may see', () => {
  it("answers 404 for another user's ticket, an unknown id and a malformed one, on every route", async () => {
    const owner = await signedIn(ctx);
    const stranger = await signedIn(ctx);
    const ticket = await openTicket(ctx, owner.headers);
    for (const id of [ticket.id, '00000000-0000-4000-8000-000000000000', 'not-a-ticket']) {
      expect((await get(stranger.headers, id)).statusCode).toBe(404);
      for (const [path, payload] of [
        ['messages', { message: 'Let me in, please, it is urgent.' }],
        ['close', undefined],
        ['rating', { score: 5 }],
      ] as const) {
        const response = await ctx.request({
          method: 'POST',
          url: `/api/support/tickets/${id}/${path}`,
          headers: stranger.headers,
          payload,
        });
        expect(response.statusCode, `${path} ${id}`).toBe(404);
      }
    }
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/support/tickets',
      headers: stranger.headers,
    });
    expect(list.json().data).toEqual([]);
  });

  it('never answers an internal note to the customer, and a note changes no status', async () => {
    const customer = await signedIn(ctx);
    const agent = await signedIn(ctx, 'support');
    const ticket = await openTicket(ctx, customer.headers);
    const noted = await staffReply(agent.headers, ticket.id, {
      message: 'Customer sounds annoyed; vendor already knows.',
      internal: true,
    });
    expect(noted.json().data.status).toBe('OPEN');
    expect(noted.json().data.messages.map((m: { kind: string }) => m.kind)).toContain('note');

    const seen = await get(customer.headers, ticket.id);
    expect(seen.body).not.toContain('vendor already knows');
    expect(detailOf(seen.body).messages.every((m) => m.kind !== 'note')).toBe(true);
    expect(detailOf(seen.body).unread).toBe(false);
  });

  it('lists my tickets with the status filter and a subject search, with paging', async () => {
    const { headers } = await signedIn(ctx);
    await openTicket(ctx, headers, { subject: 'Refund for a cancelled rental' });
    const closed = await openTicket(ctx, headers, { subject: 'Discord sign-in loops back' });
    await ctx.request({ method: 'POST', url: `/api/support/tickets/${closed.id}/close`, headers });

    const all = await ctx.app.inject({ method: 'GET', url: '/api/support/tickets', headers });
    expect(all.json().meta).toEqual({ page: 1, pageSize: 20, total: 2 });
    const onlyClosed = await ctx.app.inject({
      method: 'GET',
      url: '/api/support/tickets?status=CLOSED',
      headers,
    });
    expect(onlyClosed.json().data.map((t: { subject: string }) => t.subject)).toEqual([
      'Discord sign-in loops back',
    ]);
    const searched = await ctx.app.inject({
      method: 'GET',
      url: '/api/support/tickets?q=refund%25',
      headers,
    });
    expect(searched.json().data).toEqual([]);
    const found = await ctx.app.inject({
      method: 'GET',
      url: '/api/support/tickets?q=REFUND',
      headers,
    });
    expect(found.json().data.map((t: { subject: string }) => t.subject)).toEqual([
      'Refund for a cancelled rental',
    ]);
    const badSize = await ctx.app.inject({
      method: 'GET',
      url: '/api/support/tickets?pageSize=15',
      headers,
    });
    expect(badSize.statusCode).toBe(400);
  });
});

describe('the conversation', () => {
  it('moves through the statuses a customer meets, with an event line for each change and the unread marker', async () => {
    const customer = await signedIn(ctx);
    const agent = await signedIn(ctx, 'support', 'Ada from Support');
    const ticket = await openTicket(ctx, customer.headers);

    // A reply before anyone answered keeps it OPEN.
    const early = await ctx.request({
      method: 'POST',
      url: `/api/support/tickets/${ticket.id}/messages`,
      headers: customer.headers,
      payload: { message: 'It also happened yesterday evening.' },
    });
    expect(detailOf(early.body).status).toBe('OPEN');

    await staffReply(agent.headers, ticket.id, { message: 'Could you **restart** it once more?' });
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/support/tickets',
      headers: customer.headers,
    });
    expect(list.json().data[0]).toMatchObject({ status: 'WAITING_CUSTOMER', unread: true });
    await expect
      .poll(() =>
        ctx.mailer.sent.some((m) => m.to === customer.user.email && /New reply/.test(m.subject)),
      )
      .toBe(true);
    const replyMail = ctx.mailer.sent.find(
      (m) => /New reply/.test(m.subject) && m.to === customer.user.email,
    )!;
    expect(replyMail.text).toContain('Ada from Support replied:');
    expect(replyMail.html).not.toContain('<strong>');

    const read = detailOf((await get(customer.headers, ticket.id)).body);
    expect(read.unread).toBe(false);
    expect(read.messages.map((m) => m.kind)).toEqual(['reply', 'reply', 'event', 'reply']);
    expect(read.messages[2]).toMatchObject({
      kind: 'event',
      author: { name: 'Ada from Support', role: 'support' },
      event: { from: 'OPEN', to: 'WAITING_CUSTOMER' },
    });

    const answered = await ctx.request({
      method: 'POST',
      url: `/api/support/tickets/${ticket.id}/messages`,
      headers: customer.headers,
      payload: { message: 'Restarted it, still the same.' },
    });
    expect(detailOf(answered.body).status).toBe('WAITING_SUPPORT');
  });

  it('offers one rating per resolution by staff, none after the customer closed it', async () => {
    const customer = await signedIn(ctx);
    const agent = await signedIn(ctx, 'support');
    const ticket = await openTicket(ctx, customer.headers);
    await staffReply(agent.headers, ticket.id, {
      message: 'Fixed on our side, please try again.',
      status: 'RESOLVED',
    });
    const resolved = detailOf((await get(customer.headers, ticket.id)).body);
    expect(resolved).toMatchObject({ status: 'RESOLVED', canRate: true, rating: null });

    const rate = (payload: InjectOptions['payload']) =>
      ctx.request({
        method: 'POST',
        url: `/api/support/tickets/${ticket.id}/rating`,
        headers: customer.headers,
        payload,
      });
    expect((await rate({ score: 6 })).statusCode).toBe(400);
    const rated = await rate({ score: 4, comment: 'Quick, thanks.' });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(detailOf(rated.body)).toMatchObject({
      canRate: false,
      rating: { score: 4, comment: 'Quick, thanks.' },
    });
    const again = await rate({ score: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('RATING_NOT_OPEN');

    const closedByCustomer = await openTicket(ctx, customer.headers);
    const closed = await ctx.request({
      method: 'POST',
      url: `/api/support/tickets/${closedByCustomer.id}/close`,
      headers: customer.headers,
    });
    expect(detailOf(closed.body)).toMatchObject({
      status: 'CLOSED',
      canRate: false,
      replyReopens: true,
    });
  });

  it('rates a resolved ticket that is linked to a rental (its live state is read after the rating is saved)', async () => {
    const { headers, rentalId } = await renterWithRental();
    const agent = await signedIn(ctx, 'support');
    const ticket = await openTicket(ctx, headers, { category: 'RENTAL', rentalId });
    await staffReply(agent.headers, ticket.id, {
      message: 'Restarted it for you.',
      status: 'RESOLVED',
    });
    const rated = await ctx.request({
      method: 'POST',
      url: `/api/support/tickets/${ticket.id}/rating`,
      headers,
      payload: { score: 5 },
    });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(detailOf(rated.body)).toMatchObject({
      rating: { score: 5 },
      link: { kind: 'rental', id: rentalId },
    });
  });

  it('reopens a ticket closed up to 14 days ago, and starts a new linked ticket after that', async () => {
    const customer = await signedIn(ctx);
    const ticket = await openTicket(ctx, customer.headers);
    await ctx.request({
      method: 'POST',
      url: `/api/support/tickets/${ticket.id}/close`,
      headers: customer.headers,
    });
    const reply = (id: string) =>
      ctx.request({
        method: 'POST',
        url: `/api/support/tickets/${id}/messages`,
        headers: customer.headers,
        payload: { message: 'Sorry, it is broken again today.' },
      });
    await ctx.database.db.execute(
      sql`update support_tickets set closed_at = now() - interval '13 days 23 hours' where id = ${ticket.id}`,
    );
    const reopened = detailOf((await reply(ticket.id)).body);
    expect(reopened).toMatchObject({ id: ticket.id, status: 'WAITING_SUPPORT', closedAt: null });
    expect(reopened.messages.at(-2)).toMatchObject({
      event: { from: 'CLOSED', to: 'WAITING_SUPPORT' },
    });

    await ctx.request({
      method: 'POST',
      url: `/api/support/tickets/${ticket.id}/close`,
      headers: customer.headers,
    });
    await ctx.database.db.execute(
      sql`update support_tickets set closed_at = now() - interval '14 days 1 hour' where id = ${ticket.id}`,
    );
    expect(detailOf((await get(customer.headers, ticket.id)).body).replyStartsNew).toBe(true);
    const started = await reply(ticket.id);
    expect(started.statusCode).toBe(201);
    const followUp = detailOf(started.body);
    expect(followUp.id).not.toBe(ticket.id);
    expect(followUp).toMatchObject({
      status: 'OPEN',
      followsTicket: { id: ticket.id, number: ticket.number },
      subject: `Follow-up to #${ticket.number}: ${TICKET.subject}`,
    });
    expect(detailOf((await get(customer.headers, ticket.id)).body).status).toBe('CLOSED');
  });
});

describe('rate limits', () => {
  it('answers the eleventh ticket of an hour with 429 and Retry-After', async () => {
    const { headers } = await signedIn(ctx);
    for (let i = 0; i < 10; i += 1) await openTicket(ctx, headers);
    const refused = await ctx.request({
      method: 'POST',
      url: '/api/support/tickets',
      headers,
      payload: TICKET,
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('support settings', () => {
  it('answers the defaults, saves my choices, and a reply mail respects them', async () => {
    const customer = await signedIn(ctx);
    const agent = await signedIn(ctx, 'support');
    const defaults = await ctx.app.inject({
      method: 'GET',
      url: '/api/support/settings',
      headers: customer.headers,
    });
    expect(defaults.json().data).toEqual({
      notifyStaffReply: true,
      notifyStatusChange: true,
      notifyResolved: true,
      weeklyDigest: false,
      defaultCategory: 'GENERAL',
    });
    const saved = await ctx.request({
      method: 'PUT',
      url: '/api/support/settings',
      headers: customer.headers,
      payload: { ...defaults.json().data, notifyStaffReply: false, defaultCategory: 'BILLING' },
    });
    expect(saved.json().data).toMatchObject({
      notifyStaffReply: false,
      defaultCategory: 'BILLING',
    });

    const ticket = await openTicket(ctx, customer.headers);
    await staffReply(agent.headers, ticket.id, { message: 'Looking into it right now.' });
    await expect
      .poll(() => ctx.mailer.sent.filter((m) => m.to === customer.user.email).length)
      .toBe(1);
    expect(
      ctx.mailer.sent.some((m) => m.to === customer.user.email && /New reply/.test(m.subject)),
    ).toBe(false);
  });
});
