// Tickets of visitors: written with an e-mail address, read and answered only through the link the
// mails carry. Links are scoped to one ticket, expire after 30 days, come fresh with every mail,
// can be revoked, are rate-limited, and the tickets join the account that proves the address.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../app';
import { createUser } from '../factories';
import { signedIn } from './support-fixture';

let ctx: TestContext;
let agent: Record<string, string>;
let visitor = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  agent = (await signedIn(ctx, 'support')).headers;
});
afterAll(() => ctx.close());

const GUEST_TICKET = {
  subject: 'Question before I rent',
  category: 'GENERAL',
  message: 'Do your Valheim servers allow mods from Thunderstore?',
};

/** Opens a guest ticket from a fresh address; answers the address used. */
async function openAsGuest(
  email = `visitor-${++visitor}@example.com`,
  remoteAddress = `192.0.2.${visitor % 250}`,
) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/support/guest-tickets',
    payload: { ...GUEST_TICKET, email },
    remoteAddress,
  });
  expect(response.statusCode, response.body).toBe(202);
  return email;
}

/** The ticket id and token of the newest link mailed to `email`. */
async function latestLink(email: string, count = 1) {
  await expect
    .poll(() => ctx.mailer.sent.filter((m) => m.to === email).length)
    .toBeGreaterThanOrEqual(count);
  const mail = ctx.mailer.sent.filter((m) => m.to === email).at(-1)!;
  const match = /\/support\/tickets\/([0-9a-f-]{36})\?token=([\w-]+)/.exec(mail.text)!;
  return { ticketId: match[1]!, token: match[2]!, mail };
}

const read = (ticketId: string, token?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/support/guest/tickets/${ticketId}`,
    headers: token === undefined ? {} : { 'x-guest-token': token },
  });

describe('a guest ticket', () => {
  it('is confirmed by a mail whose link opens that ticket alone', async () => {
    const email = await openAsGuest();
    const { ticketId, token, mail } = await latestLink(email);
    expect(mail.subject).toMatch(/We received your request: Question before I rent/);
    expect(mail.text).toMatch(/for 30 days/);
    const opened = await read(ticketId, token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toMatchObject({
      status: 'OPEN',
      subject: GUEST_TICKET.subject,
      link: null,
    });

    expect((await read(ticketId)).statusCode).toBe(400);
    expect((await read(ticketId, 'made-up-token')).statusCode).toBe(404);
    const other = await openAsGuest();
    const second = await latestLink(other);
    expect((await read(ticketId, second.token)).statusCode).toBe(404);
    // The token is kept only as a digest.
    const stored = await ctx.database.db.execute(
      sql`select count(*)::int as n from support_guest_links where token_hash = ${token}`,
    );
    expect((stored as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('gets a fresh link with each staff reply; the guest replies and closes through it', async () => {
    const email = await openAsGuest();
    const first = await latestLink(email);
    const replied = await ctx.request({
      method: 'POST',
      url: `/api/admin/support/tickets/${first.ticketId}/messages`,
      headers: agent,
      payload: { message: 'Yes, mods work: upload them through the panel.' },
    });
    expect(replied.statusCode, replied.body).toBe(201);
    const second = await latestLink(email, 2);
    expect(second.token).not.toBe(first.token);
    expect(second.mail.subject).toMatch(/New reply/);
    for (const token of [first.token, second.token])
      expect((await read(first.ticketId, token)).statusCode).toBe(200);

    const answer = await ctx.request({
      method: 'POST',
      url: `/api/support/guest/tickets/${first.ticketId}/messages`,
      headers: { 'x-guest-token': second.token },
      payload: { message: 'Great, thank you. I will rent one tonight.' },
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().data.status).toBe('WAITING_SUPPORT');
    const closed = await ctx.request({
      method: 'POST',
      url: `/api/support/guest/tickets/${first.ticketId}/close`,
      headers: { 'x-guest-token': second.token },
    });
    expect(closed.json().data.status).toBe('CLOSED');
  });

  it('stops opening after 30 days; new links can be asked for by e-mail', async () => {
    const email = await openAsGuest();
    const { ticketId, token } = await latestLink(email);
    await ctx.database.db.execute(
      sql`update support_guest_links set expires_at = now() - interval '1 second' where ticket_id = ${ticketId}`,
    );
    const expired = await read(ticketId, token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe('GUEST_LINK_EXPIRED');

    const asked = await ctx.request({
      method: 'POST',
      url: '/api/support/guest-links',
      payload: { email },
    });
    expect(asked.statusCode).toBe(202);
    await expect
      .poll(() =>
        ctx.mailer.sent.some(
          (m) => m.to === email && m.subject === 'Your CrimsonHost support tickets',
        ),
      )
      .toBe(true);
    const fresh = await latestLink(email, 2);
    expect((await read(ticketId, fresh.token)).statusCode).toBe(200);

    // An address without tickets is answered the same way, and gets no mail.
    const nobody = await ctx.request({
      method: 'POST',
      url: '/api/support/guest-links',
      payload: { email: 'nobody-here@example.com' },
    });
    expect(nobody.statusCode).toBe(202);
  });

  it('can have its links revoked by staff', async () => {
    const email = await openAsGuest();
    const { ticketId, token } = await latestLink(email);
    const revoked = await ctx.request({
      method: 'POST',
      url: `/api/admin/support/tickets/${ticketId}/guest-links/revoke`,
      headers: agent,
    });
    expect(revoked.json().data.revoked).toBe(1);
    const refused = await read(ticketId, token);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().error.code).toBe('GUEST_LINK_REVOKED');
  });

  it('joins the account that proves the address, and its links stop working', async () => {
    const email = await openAsGuest(`Joiner-${Date.now()}@Example.com`);
    const { ticketId, token } = await latestLink(email);
    const unverified = await createUser(ctx.database.db, {
      email: email.toLowerCase(),
      emailVerified: false,
    });
    const unverifiedLogin = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: unverified.email, password: unverified.password },
    });
    const notYet = await ctx.app.inject({
      method: 'GET',
      url: '/api/support/tickets',
      headers: { authorization: `Bearer ${unverifiedLogin.json().data.tokens.access_token}` },
    });
    expect(notYet.json().data).toEqual([]);

    await ctx.database.db.execute(
      sql`update users set email_verified_at = now() where id = ${unverified.id}`,
    );
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/support/tickets',
      headers: { authorization: `Bearer ${unverifiedLogin.json().data.tokens.access_token}` },
    });
    expect(mine.json().data.map((t: { id: string }) => t.id)).toEqual([ticketId]);
    expect((await read(ticketId, token)).json().error.code).toBe('GUEST_LINK_REVOKED');
  });
});

describe('abuse', () => {
  it('limits tickets per e-mail and per address with 429 and Retry-After', async () => {
    const email = `busy-${Date.now()}@example.com`;
    for (let i = 0; i < 3; i += 1) await openAsGuest(email, `198.18.0.${i + 1}`);
    const perEmail = await ctx.request({
      method: 'POST',
      url: '/api/support/guest-tickets',
      payload: { ...GUEST_TICKET, email },
      remoteAddress: '198.18.0.9',
    });
    expect(perEmail.statusCode).toBe(429);
    expect(Number(perEmail.headers['retry-after'])).toBeGreaterThan(0);

    for (let i = 0; i < 5; i += 1)
      await openAsGuest(`crowd-${Date.now()}-${i}@example.com`, '198.18.1.1');
    const perAddress = await ctx.request({
      method: 'POST',
      url: '/api/support/guest-tickets',
      payload: { ...GUEST_TICKET, email: 'one-more@example.com' },
      remoteAddress: '198.18.1.1',
    });
    expect(perAddress.statusCode).toBe(429);
  });
});
