// Resolved tickets close themselves after 7 days with a reminder 2 days before, once each, even
// when two instances run the job at the same moment (proven on PostgreSQL with TEST_DATABASE_URL).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { TicketAutoClose } from '../../src/modules/support/support.jobs';
import { createTestApp, type TestContext } from '../app';
import { openTicket, signedIn } from './support-fixture';

let ctx: TestContext;
let agent: Record<string, string>;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  ctx = await createTestApp();
  agent = (await signedIn(ctx, 'support')).headers;
});
afterAll(() => ctx.close());

/** A ticket staff resolved at `resolvedAt`. */
async function resolvedTicket(headers: Record<string, string>, resolvedAt: Date) {
  const ticket = await openTicket(ctx, headers);
  const resolved = await ctx.request({
    method: 'POST',
    url: `/api/admin/support/tickets/${ticket.id}/messages`,
    headers: agent,
    payload: { message: 'This should be fixed now.', status: 'RESOLVED' },
  });
  expect(resolved.statusCode, resolved.body).toBe(201);
  await ctx.database.db.execute(
    sql`update support_tickets set resolved_at = ${resolvedAt.toISOString()}::timestamptz where id = ${ticket.id}`,
  );
  return ticket;
}

const reminders = async (ticketNumbers: number[]) =>
  (
    await queryRows<{ subject: string }>(
      ctx.database.db,
      sql`select subject from mail_outbox where kind = 'support-close-reminder'`,
    )
  ).filter((row) => ticketNumbers.some((n) => row.subject.includes(`#${n}]`)));

describe('closing resolved tickets', () => {
  it('reminds on day 5 and closes on day 7, once each, with two instances at once', async () => {
    const customer = await signedIn(ctx);
    const resolvedAt = new Date('2026-03-01T12:00:00Z');
    const tickets = await Promise.all(
      Array.from({ length: 6 }, () => resolvedTicket(customer.headers, resolvedAt)),
    );
    const numbers = tickets.map((t) => t.number);
    const first = ctx.app.services.ticketAutoClose;
    const second = new TicketAutoClose(ctx.database.db, ctx.app.services.workflow);

    // Day 4: nothing yet.
    const day = (n: number) => new Date(resolvedAt.getTime() + n * DAY_MS);
    expect(await Promise.all([first.remind(day(4.9)), second.remind(day(4.9))])).toEqual([0, 0]);

    // Day 5: one reminder per ticket between the two instances.
    const reminded = await Promise.all([first.remind(day(5)), second.remind(day(5))]);
    expect(reminded[0] + reminded[1]).toBe(6);
    expect(await reminders(numbers)).toHaveLength(6);
    expect(await Promise.all([first.remind(day(6)), second.remind(day(6))])).toEqual([0, 0]);
    expect(await reminders(numbers)).toHaveLength(6);

    // Day 7: each ticket closes once, as the system, and no survey is added by closing.
    expect(await first.close(day(6.9))).toBe(0);
    const closed = await Promise.all([first.close(day(7)), second.close(day(7))]);
    expect(closed[0] + closed[1]).toBe(6);
    const events = await queryRows<{ ticket_id: string; n: number }>(
      ctx.database.db,
      sql`select ticket_id, count(*)::int as n from support_messages
           where to_status = 'CLOSED' and author_role = 'system' group by ticket_id`,
    );
    expect(events.filter((e) => tickets.some((t) => t.id === e.ticket_id)).map((e) => e.n)).toEqual(
      [1, 1, 1, 1, 1, 1],
    );
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/support/tickets/${tickets[0]!.id}`,
      headers: customer.headers,
    });
    expect(detail.json().data).toMatchObject({ status: 'CLOSED', replyReopens: false });
  });

  it('does not close a ticket the customer answered after it was resolved', async () => {
    const customer = await signedIn(ctx);
    const resolvedAt = new Date(Date.now() - 8 * DAY_MS);
    const ticket = await resolvedTicket(customer.headers, resolvedAt);
    const reply = await ctx.request({
      method: 'POST',
      url: `/api/support/tickets/${ticket.id}/messages`,
      headers: customer.headers,
      payload: { message: 'It broke again, sorry.' },
    });
    expect(reply.json().data.status).toBe('WAITING_SUPPORT');
    await ctx.app.services.ticketAutoClose.close(new Date());
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/support/tickets/${ticket.id}`,
      headers: customer.headers,
    });
    expect(detail.json().data.status).toBe('WAITING_SUPPORT');
  });

  it('offers no survey for a ticket that closed by itself', async () => {
    const customer = await signedIn(ctx);
    const ticket = await resolvedTicket(customer.headers, new Date(Date.now() - 8 * DAY_MS));
    await ctx.app.services.ticketAutoClose.close(new Date());
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/support/tickets/${ticket.id}`,
      headers: customer.headers,
    });
    expect(detail.json().data).toMatchObject({ status: 'CLOSED', canRate: false });
  });
});

describe('the weekly digest', () => {
  it('mails those who asked, once a week, listing only open tickets', async () => {
    const wants = await signedIn(ctx);
    const quiet = await signedIn(ctx);
    const settings = (headers: Record<string, string>, weeklyDigest: boolean) =>
      ctx.request({
        method: 'PUT',
        url: '/api/support/settings',
        headers,
        payload: {
          notifyStaffReply: true,
          notifyStatusChange: true,
          notifyResolved: true,
          weeklyDigest,
          defaultCategory: 'GENERAL',
        },
      });
    await settings(wants.headers, true);
    await settings(quiet.headers, false);
    const open = await openTicket(ctx, wants.headers, { subject: 'Still waiting on this one' });
    const done = await openTicket(ctx, wants.headers, { subject: 'Already sorted out' });
    await ctx.request({
      method: 'POST',
      url: `/api/support/tickets/${done.id}/close`,
      headers: wants.headers,
    });
    await openTicket(ctx, quiet.headers);

    // Every digest queued, sent or not (a sent mail's body is wiped, so count rows)...
    const digests = () =>
      queryRows<{ recipient: string }>(
        ctx.database.db,
        sql`select recipient from mail_outbox where kind = 'support-digest'`,
      );
    // ...and what the mail said, as it arrived.
    const received = () =>
      ctx.mailer.sent.filter(
        (m) => m.to === wants.user.email && /open CrimsonHost support tickets/.test(m.subject),
      );
    const now = new Date();
    const sent = await Promise.all([
      ctx.app.services.ticketAutoClose.digest(now),
      new TicketAutoClose(ctx.database.db, ctx.app.services.workflow).digest(now),
    ]);
    expect(sent[0] + sent[1]).toBeGreaterThanOrEqual(1);
    expect((await digests()).filter((row) => row.recipient === wants.user.email)).toHaveLength(1);
    await expect.poll(() => received().length).toBe(1);
    expect(received()[0]!.text).toContain(`#${open.number} Still waiting on this one`);
    expect(received()[0]!.text).not.toContain('Already sorted out');
    expect((await digests()).some((row) => row.recipient === quiet.user.email)).toBe(false);

    await ctx.app.services.ticketAutoClose.digest(new Date(now.getTime() + 6 * DAY_MS));
    expect((await digests()).filter((row) => row.recipient === wants.user.email)).toHaveLength(1);
    await ctx.app.services.ticketAutoClose.digest(new Date(now.getTime() + 7 * DAY_MS));
    expect((await digests()).filter((row) => row.recipient === wants.user.email)).toHaveLength(2);
  });
});
