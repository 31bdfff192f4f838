// The moderation queue (issue 17 point 10): a message the contact detector holds raises a flag
// (solicitation or suspicious_pattern, source vendor_user); a vendor reports a renter; support and
// admins flag accounts. A moderator claims a flag (another moderator is refused), reads it with the
// person's history, and resolves it with a penalty, escalated for a repeat offence within 90 days,
// or dismisses it; the penalty is enforced at the next call and recorded in the audit log.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PENALTY_ESCALATION_DAYS } from '@crimsonhost/shared/moderation';
import { queryRows } from '../../src/db/client';
import { createTestApp, type TestContext } from '../app';
import { createListing } from '../catalog/catalog-factories';
import { rentServer } from '../ledger-admin/ledger-fixture';
import { renter, USDT } from '../rentals/rentals-fixture';
import { signedIn } from '../support/support-fixture';
import { activeVendor } from '../vendors/vendor-fixture';

let ctx: TestContext;
let support: Awaited<ReturnType<typeof signedIn>>;
let colleague: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  ctx = await createTestApp();
  support = await signedIn(ctx, 'support', 'Sam Support');
  colleague = await signedIn(ctx, 'support', 'Cleo Colleague');
  admin = await signedIn(ctx, 'admin', 'Ada Admin');
});
afterAll(() => ctx.close());

/** A vendor, a renter of theirs and the dispute the renter opened. */
async function disputedRental() {
  const vendor = await activeVendor(ctx, 'Flagged Vendor');
  const listing = await createListing(ctx.database.db, {
    vendorId: vendor.user.id,
    priceMicro: USDT,
  });
  const buyer = await renter(ctx, 10n * USDT);
  const rental = (await rentServer(ctx, buyer.headers, listing.id, 2)) as { id: string };
  const opened = await ctx.request({
    method: 'POST',
    url: `/api/rentals/${rental.id}/dispute`,
    headers: buyer.headers,
    payload: {
      reason: 'UNREACHABLE',
      description: 'Nobody could connect all evening long, the console stayed empty.',
    },
  });
  expect(opened.statusCode, opened.body).toBe(201);
  return { vendor, buyer, rental, dispute: opened.json().data as { id: string; ticketId: string } };
}

const queue = (view = 'open', headers = support.headers) =>
  ctx.request({ method: 'GET', url: `/api/admin/moderation/flags?view=${view}`, headers });
const flagOf = (id: string, headers = support.headers) =>
  ctx.request({ method: 'GET', url: `/api/admin/moderation/flags/${id}`, headers });
const claim = (id: string, headers = support.headers) =>
  ctx.request({ method: 'POST', url: `/api/admin/moderation/flags/${id}/claim`, headers });
const decide = (id: string, body: object, headers = support.headers) =>
  ctx.request({
    method: 'POST',
    url: `/api/admin/moderation/flags/${id}/decide`,
    headers,
    payload: { note: 'Shared a chat handle to take the rental elsewhere.', ...body },
  });

describe('the moderation queue', () => {
  it('flags a held message, and a moderator claims it and applies a warning', async () => {
    const { vendor, dispute } = await disputedRental();
    const held = await ctx.request({
      method: 'POST',
      url: `/api/vendor/disputes/${dispute.id}/messages`,
      headers: vendor.headers,
      payload: { message: 'add me on disc0rd: name#1234' },
    });
    expect(held.statusCode).toBe(422);
    expect(held.json().error.code).toBe('MESSAGE_HELD');

    const open = (await queue()).json();
    const flag = open.data.find((f: { user: { id: string } }) => f.user.id === vendor.user.id);
    expect(flag).toMatchObject({
      source: 'vendor_user',
      reason: 'suspicious_pattern',
      status: 'pending',
      kinds: ['social_media'],
      excerpt: 'add me on disc0rd: name#1234',
      assignee: null,
    });
    const detail = (await flagOf(flag.id)).json().data;
    expect(detail).toMatchObject({
      message: 'add me on disc0rd: name#1234',
      ticketId: dispute.ticketId,
      raisedBy: null,
      leastPenalty: 'warning',
      history: { flags: [], penalties: [] },
    });

    // Claimed by one moderator: another cannot claim or decide it.
    expect((await claim(flag.id)).json().data).toMatchObject({
      status: 'reviewing',
      assignee: { name: 'Sam Support' },
    });
    expect((await claim(flag.id, colleague.headers)).json().error.code).toBe('FLAG_TAKEN');
    expect(
      (await decide(flag.id, { outcome: 'resolved', penalty: 'warning' }, colleague.headers)).json()
        .error.code,
    ).toBe('FLAG_TAKEN');

    const decided = await decide(flag.id, { outcome: 'resolved', penalty: 'warning' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().data).toMatchObject({
      status: 'resolved',
      penalty: 'warning',
      decidedBy: { name: 'Sam Support' },
    });
    expect((await decide(flag.id, { outcome: 'dismissed' })).json().error.code).toBe(
      'FLAG_DECIDED',
    );
    const [audit] = await queryRows<{ action: string }>(
      ctx.database.db,
      sql`select action from audit_log where target_id = ${vendor.user.id} order by created_at desc limit 1`,
    );
    expect(audit!.action).toBe('user.penalised');
    await expect
      .poll(() => ctx.mailer.sent.filter((m) => m.to === vendor.user.email).map((m) => m.subject))
      .toContain('A warning about your CrimsonHost account');
  });

  it('escalates a repeat offence within 90 days, and the suspension is enforced at once', async () => {
    const { vendor, dispute } = await disputedRental();
    const send = (message: string) =>
      ctx.request({
        method: 'POST',
        url: `/api/vendor/disputes/${dispute.id}/messages`,
        headers: vendor.headers,
        payload: { message },
      });
    expect((await send('mail me at flagged.vendor@example.com')).statusCode).toBe(422);
    const first = (await queue())
      .json()
      .data.find((f: { user: { id: string } }) => f.user.id === vendor.user.id);
    expect(first.reason).toBe('suspicious_pattern');
    await decide(first.id, { outcome: 'resolved', penalty: 'warning' });

    expect((await send('text me on +44 7700 900123')).statusCode).toBe(422);
    const second = (await queue())
      .json()
      .data.find((f: { user: { id: string } }) => f.user.id === vendor.user.id);
    const detail = (await flagOf(second.id)).json().data;
    expect(detail.leastPenalty).toBe('suspension_24h');
    expect(detail.history.flags.map((f: { id: string }) => f.id)).toEqual([first.id]);
    expect(detail.history.penalties.map((p: { penalty: string }) => p.penalty)).toEqual([
      'warning',
    ]);

    // A warning asked for a second offence becomes a 24-hour suspension.
    const decided = await decide(second.id, { outcome: 'resolved', penalty: 'warning' });
    expect(decided.json().data.penalty).toBe('suspension_24h');
    const refused = await ctx.request({
      method: 'GET',
      url: '/api/vendor/disputes',
      headers: vendor.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('ACCOUNT_SUSPENDED');
    expect(refused.json().error.message).toMatch(/suspended until .*Shared a chat handle/);

    // Ninety days later the ladder starts again.
    await ctx.database.db.execute(
      sql`update user_penalties set created_at = now() - make_interval(days => ${PENALTY_ESCALATION_DAYS + 1})
           where user_id = ${vendor.user.id}`,
    );
    expect((await flagOf(second.id)).json().data.leastPenalty).toBe('warning');
  });

  it('takes reports from vendors, support and admins, and dismisses without a penalty', async () => {
    const { vendor, buyer, rental } = await disputedRental();
    const report = await ctx.request({
      method: 'POST',
      url: `/api/vendor/rentals/${rental.id}/report`,
      headers: vendor.headers,
      payload: { reason: 'privacy_breach', message: 'The renter posted my home address in chat.' },
    });
    expect(report.statusCode, report.body).toBe(201);
    expect(report.json().data).toMatchObject({
      user: { id: buyer.user.id },
      source: 'vendor_user',
      reason: 'privacy_breach',
    });
    // Another vendor's rental is not found.
    const other = await activeVendor(ctx, 'Other Vendor');
    const stranger = await ctx.request({
      method: 'POST',
      url: `/api/vendor/rentals/${rental.id}/report`,
      headers: other.headers,
      payload: { reason: 'privacy_breach', message: 'Someone else’s rental entirely.' },
    });
    expect(stranger.statusCode).toBe(404);

    const raise = (headers: Record<string, string>) =>
      ctx.request({
        method: 'POST',
        url: '/api/admin/moderation/flags',
        headers,
        payload: {
          userId: buyer.user.id,
          reason: 'suspicious_pattern',
          message: 'Opened five disputes in a day.',
        },
      });
    expect((await raise(support.headers)).json().data.source).toBe('support_user');
    expect((await raise(admin.headers)).json().data.source).toBe('admin_action');
    expect((await raise(buyer.headers)).statusCode).toBe(403);

    const dismissed = await decide(report.json().data.id, {
      outcome: 'dismissed',
      note: 'The address was the server’s public one.',
    });
    expect(dismissed.json().data).toMatchObject({ status: 'dismissed', penalty: null });
    const bad = await decide(report.json().data.id, { outcome: 'dismissed', penalty: 'warning' });
    expect(bad.statusCode).toBe(400);
    expect((await queue('dismissed')).json().data.map((f: { id: string }) => f.id)).toContain(
      report.json().data.id,
    );
  });
});
