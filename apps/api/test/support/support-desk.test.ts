// The support desk through the API: the queue with its filters and service-level clock, claiming,
// assigning, bulk status changes, the collision warning, canned replies and the customer's
// account summary an agent sees beside a ticket.
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskTicket, DeskTicketDetail } from '@crimsonhost/shared/support-desk';
import { createTestApp, type TestContext } from '../app';
import { fundWallet, USDT } from '../rentals/rentals-fixture';
import { openTicket, signedIn } from './support-fixture';

let ctx: TestContext;
let agent: Awaited<ReturnType<typeof signedIn>>;
let colleague: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  ctx = await createTestApp();
  agent = await signedIn(ctx, 'support', 'Ada Agent');
  colleague = await signedIn(ctx, 'admin', 'Grace Admin');
});
afterAll(() => ctx.close());

async function queue(query = '', headers = agent.headers) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/support/tickets${query}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: DeskTicket[]; meta: { total: number } }>();
}

async function desk(
  method: 'GET' | 'POST',
  path: string,
  payload?: InjectOptions['payload'],
  headers = agent.headers,
) {
  return ctx.request({ method, url: `/api/admin/support${path}`, headers, payload });
}

const detailOf = (body: string) => (JSON.parse(body) as { data: DeskTicketDetail }).data;

describe('the queue', () => {
  it('lists tickets not ended, soonest due first, with requester, assignee and SLA', async () => {
    const customer = await signedIn(ctx);
    const low = await openTicket(ctx, customer.headers, { subject: 'Low one', priority: 'LOW' });
    const high = await openTicket(ctx, customer.headers, { subject: 'High one', priority: 'HIGH' });
    const { data } = await queue(`?q=${encodeURIComponent(customer.user.email)}`);
    expect(data.map((t) => t.id)).toEqual([high.id, low.id]);
    expect(data[0]).toMatchObject({
      requester: { id: customer.user.id, email: customer.user.email },
      assignee: null,
      sla: { kind: 'first', overdue: false, paused: false },
    });
    // 4 hours for HIGH, less the second since it was opened.
    expect(data[0]!.sla.secondsLeft).toBeGreaterThan(4 * 3600 - 60);
    expect(data[0]!.sla.secondsLeft).toBeLessThanOrEqual(4 * 3600);
  });

  it('filters by status, priority, category, assignee, overdue and the ticket number', async () => {
    const customer = await signedIn(ctx);
    const billing = await openTicket(ctx, customer.headers, {
      category: 'BILLING',
      subject: 'Filter me please',
    });
    const late = await openTicket(ctx, customer.headers, { priority: 'URGENT' }).catch(() => null);
    expect(late).toBeNull(); // URGENT needs an active rental
    await ctx.database.db.execute(
      sql`update support_tickets set sla_due_at = now() - interval '5 minutes' where id = ${billing.id}`,
    );
    const overdue = await queue(`?overdue=true&category=BILLING&q=${customer.user.email}`);
    expect(overdue.data.map((t) => t.id)).toEqual([billing.id]);
    expect(overdue.data[0]!.sla).toMatchObject({ overdue: true });
    expect(overdue.data[0]!.sla.secondsLeft).toBeLessThan(-290);

    expect((await queue(`?q=%23${billing.number}`)).data.map((t) => t.id)).toEqual([billing.id]);
    expect((await queue(`?assignee=none&q=${customer.user.email}`)).meta.total).toBe(1);
    expect((await queue(`?assignee=me&q=${customer.user.email}`)).meta.total).toBe(0);
    expect((await queue(`?priority=LOW&q=${customer.user.email}`)).meta.total).toBe(0);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/support/tickets?assignee=someone&sort=random',
      headers: agent.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('working a ticket', () => {
  it('claims a ticket (IN_PROGRESS, assigned), then assigns and unassigns', async () => {
    const customer = await signedIn(ctx);
    const ticket = await openTicket(ctx, customer.headers);
    const claimed = await desk('POST', `/tickets/${ticket.id}/claim`);
    expect(detailOf(claimed.body)).toMatchObject({
      status: 'IN_PROGRESS',
      assignee: { id: agent.user.id, name: 'Ada Agent' },
    });
    expect((await queue(`?assignee=me&q=${customer.user.email}`)).meta.total).toBe(1);

    const toColleague = await desk('POST', `/tickets/${ticket.id}/assign`, {
      assigneeId: colleague.user.id,
    });
    expect(detailOf(toColleague.body).assignee?.id).toBe(colleague.user.id);
    const toRenter = await desk('POST', `/tickets/${ticket.id}/assign`, {
      assigneeId: customer.user.id,
    });
    expect(toRenter.statusCode).toBe(400);
    const unassigned = await desk('POST', `/tickets/${ticket.id}/assign`, { assigneeId: null });
    expect(detailOf(unassigned.body).assignee).toBeNull();
  });

  it('pauses the SLA while waiting for the customer and resumes it with what was left', async () => {
    const customer = await signedIn(ctx);
    const ticket = await openTicket(ctx, customer.headers, { priority: 'LOW' });
    const paused = detailOf(
      (await desk('POST', `/tickets/${ticket.id}/status`, { status: 'WAITING_CUSTOMER' })).body,
    );
    expect(paused.sla).toMatchObject({ paused: true, dueAt: null, overdue: false });
    expect(paused.sla.secondsLeft).toBeGreaterThan(48 * 3600 - 60);
    const resumed = detailOf(
      (await desk('POST', `/tickets/${ticket.id}/status`, { status: 'IN_PROGRESS' })).body,
    );
    expect(resumed.sla).toMatchObject({ paused: false, kind: 'first' });
    expect(resumed.sla.secondsLeft).toBeGreaterThan(48 * 3600 - 60);

    const higher = detailOf(
      (await desk('POST', `/tickets/${ticket.id}/priority`, { priority: 'HIGH' })).body,
    );
    expect(higher.priority).toBe('HIGH');
    expect(higher.sla.secondsLeft).toBeLessThanOrEqual(4 * 3600);
  });

  it('a public reply pays the SLA and can set a status; a canned reply resolves with its mail', async () => {
    const customer = await signedIn(ctx);
    const ticket = await openTicket(ctx, customer.headers);
    const replied = await desk('POST', `/tickets/${ticket.id}/messages`, {
      message: 'Thanks! It should work again now.',
      status: 'RESOLVED',
    });
    expect(replied.statusCode).toBe(201);
    const detail = detailOf(replied.body);
    expect(detail).toMatchObject({
      status: 'RESOLVED',
      sla: { kind: null, dueAt: null },
      assignee: { id: agent.user.id },
    });
    expect(detail.messages.map((m) => m.event?.to ?? m.kind)).toEqual([
      'reply',
      'WAITING_CUSTOMER',
      'reply',
      'RESOLVED',
    ]);
    await expect
      .poll(() => ctx.mailer.sent.filter((m) => m.to === customer.user.email).map((m) => m.subject))
      .toEqual(expect.arrayContaining([expect.stringMatching(/New reply/)]));
  });

  it('sets one status on several tickets, skipping those already there', async () => {
    const customer = await signedIn(ctx);
    const a = await openTicket(ctx, customer.headers);
    const b = await openTicket(ctx, customer.headers);
    await desk('POST', `/tickets/${b.id}/status`, { status: 'CLOSED' });
    const bulk = await desk('POST', '/tickets/bulk-status', {
      ids: [a.id, b.id, '00000000-0000-4000-8000-000000000000'],
      status: 'CLOSED',
    });
    expect(bulk.json().data).toEqual({ updated: 1 });
    expect((await queue(`?status=CLOSED&q=${customer.user.email}`)).meta.total).toBe(2);
  });

  it('warns an agent when a colleague is writing in the same ticket', async () => {
    const customer = await signedIn(ctx);
    const ticket = await openTicket(ctx, customer.headers);
    expect(
      (await desk('POST', `/tickets/${ticket.id}/typing`, undefined, colleague.headers)).statusCode,
    ).toBe(204);
    const seen = detailOf((await desk('GET', `/tickets/${ticket.id}`)).body);
    expect(seen.othersReplying).toEqual([{ name: 'Grace Admin', since: expect.any(String) }]);
    const ownView = detailOf(
      (await desk('GET', `/tickets/${ticket.id}`, undefined, colleague.headers)).body,
    );
    expect(ownView.othersReplying).toEqual([]);
  });

  it("shows the customer's account beside the ticket", async () => {
    const customer = await signedIn(ctx);
    await fundWallet(ctx.database.db, customer.user.id, 12n * USDT);
    const first = await openTicket(ctx, customer.headers, { subject: 'The other problem' });
    const ticket = await openTicket(ctx, customer.headers);
    const detail = detailOf((await desk('GET', `/tickets/${ticket.id}`)).body);
    expect(detail.customer).toMatchObject({
      id: customer.user.id,
      email: customer.user.email,
      balance: '12.000000',
      activeRentals: 0,
      openTickets: [
        { id: first.id, number: first.number, subject: 'The other problem', status: 'OPEN' },
      ],
    });
    expect(detail.customer.recentTransactions).toHaveLength(1);
  });

  it('answers 404 for an unknown ticket and refuses a closed one a reply', async () => {
    expect((await desk('GET', '/tickets/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    const customer = await signedIn(ctx);
    const ticket = await openTicket(ctx, customer.headers);
    await desk('POST', `/tickets/${ticket.id}/status`, { status: 'CLOSED' });
    const refused = await desk('POST', `/tickets/${ticket.id}/messages`, {
      message: 'Hello again, anyone?',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('TICKET_STATE');
  });
});

describe('canned replies and stats', () => {
  it('creates, lists, changes and deletes a canned reply', async () => {
    const created = await desk('POST', '/canned-replies', {
      title: 'Ask for logs',
      body: 'Hello {{customer.name}}, could you send the server log of {{rental.server}}?',
      status: 'WAITING_CUSTOMER',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    const listed = await desk('GET', '/canned-replies');
    expect(listed.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, title: 'Ask for logs' })]),
    );
    const changed = await ctx.request({
      method: 'PUT',
      url: `/api/admin/support/canned-replies/${id}`,
      headers: agent.headers,
      payload: {
        title: 'Ask for the log',
        body: 'Could you send the latest log, please?',
        status: null,
      },
    });
    expect(changed.json().data).toMatchObject({ title: 'Ask for the log', status: null });
    const deleted = await ctx.request({
      method: 'DELETE',
      url: `/api/admin/support/canned-replies/${id}`,
      headers: agent.headers,
    });
    expect(deleted.statusCode).toBe(204);
  });

  it('counts open, unassigned, overdue and mine, with the satisfaction average', async () => {
    const stats = await desk('GET', '/stats');
    expect(stats.statusCode).toBe(200);
    expect(stats.json().data).toEqual({
      open: expect.any(Number),
      unassigned: expect.any(Number),
      overdue: expect.any(Number),
      mine: expect.any(Number),
      satisfaction: null,
      ratings: 0,
    });
  });
});

describe('who may use the desk', () => {
  it('answers 401 to a visitor and 403 to a renter or a vendor', async () => {
    const renter = await signedIn(ctx);
    const vendor = await signedIn(ctx, 'vendor');
    for (const path of ['/tickets', '/stats', '/agents', '/canned-replies', '/faq']) {
      const visitor = await ctx.app.inject({ method: 'GET', url: `/api/admin/support${path}` });
      expect(visitor.statusCode, path).toBe(401);
      for (const who of [renter, vendor]) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: `/api/admin/support${path}`,
          headers: who.headers,
        });
        expect(response.statusCode, path).toBe(403);
      }
    }
  });
});
