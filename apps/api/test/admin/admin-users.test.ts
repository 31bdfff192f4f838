// Users in the staff area and the audit log (issue 15 points 3, 7 and 9): every action, its
// effect on the account everywhere, and its audit record.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { createTestApp, type TestContext } from '../app';
import { createUser } from '../factories';
import { signedIn } from '../support/support-fixture';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedIn>>;
let support: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedIn(ctx, 'admin', 'Ada Admin');
  support = await signedIn(ctx, 'support', 'Sam Support');
});
afterAll(() => ctx.close());

const get = (url: string, headers = admin.headers) => ctx.request({ method: 'GET', url, headers });
const act = (url: string, payload: Record<string, unknown> = {}, headers = admin.headers) =>
  ctx.request({ method: 'POST', url, headers, payload });

const auditFor = async (targetId: string) =>
  (await get(`/api/admin/audit?target=${targetId}`)).json<{
    data: Array<{
      action: string;
      actor: { id: string } | null;
      clientKind: string;
      before: unknown;
      after: unknown;
    }>;
  }>().data;

describe('finding accounts', () => {
  it('finds by part of an e-mail or name, by id, by role and status', async () => {
    const renter = await createUser(ctx.database.db, {
      email: 'zelda.search@example.com',
      displayName: 'Zelda Finder',
    });
    const byEmail = await get('/api/admin/users?q=ZELDA.SEARCH', support.headers);
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().data.map((u: { id: string }) => u.id)).toEqual([renter.id]);
    expect(byEmail.json().meta.total).toBe(1);
    const byName = await get('/api/admin/users?q=finder');
    expect(byName.json().data[0]).toMatchObject({
      id: renter.id,
      role: 'user',
      status: 'active',
      signInLocked: false,
      staffFactorEnrolled: false,
    });
    expect((await get(`/api/admin/users?q=${renter.id}`)).json().data).toHaveLength(1);
    const staff = await get('/api/admin/users?role=support');
    expect(staff.json().data.map((u: { id: string }) => u.id)).toContain(support.user.id);
    expect(staff.json().data.find((u: { id: string }) => u.id === support.user.id)).toMatchObject({
      staffFactorEnrolled: true,
    });
    // A percent sign is a character to find, not a wildcard.
    expect((await get('/api/admin/users?q=%25')).json().data).toEqual([]);
  });

  it('reads an account whole: sign-ins, sessions, balances, rentals, transactions, tickets', async () => {
    const renter = await signedIn(ctx, 'user', 'Rita Renter');
    const response = await get(`/api/admin/users/${renter.user.id}`, support.headers);
    expect(response.statusCode).toBe(200);
    const detail = response.json().data;
    expect(detail.user.email).toBe(renter.user.email);
    expect(detail.signIns).toHaveLength(1);
    expect(detail.signIns[0]).toMatchObject({ clientKind: 'WEB', method: 'password' });
    expect(detail.sessions).toHaveLength(1);
    expect(detail.wallet.usdt.available).toBe('0.000000');
    expect(detail).toMatchObject({ rentals: [], transactions: [], tickets: [], penalties: [] });
    expect((await get(`/api/admin/users/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await get('/api/admin/users/not-an-id')).statusCode).toBe(404);
  });
});

describe('penalties', () => {
  it('suspends for 24 hours: refused at sign-in, refresh and every call, with the reason and end', async () => {
    const renter = await createUser(ctx.database.db, { displayName: 'Sus Pended' });
    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: renter.email, password: renter.password },
      remoteAddress: '10.8.0.1',
    });
    const { access_token, refresh_token } = login.json().data.tokens;
    const headers = { authorization: `Bearer ${access_token as string}` };
    const before = Date.now();

    const given = await act(`/api/admin/users/${renter.id}/penalties`, {
      penalty: 'suspension_24h',
      reason: 'Spamming other renters',
    });
    expect(given.statusCode).toBe(200);
    const until = Date.parse(given.json().data.suspendedUntil as string);
    expect(until - before).toBeGreaterThanOrEqual(24 * 3_600_000 - 1000);
    expect(until - before).toBeLessThan(24 * 3_600_000 + 60_000);
    expect(given.json().data).toMatchObject({
      status: 'suspended',
      statusReason: 'Spamming other renters',
    });

    const call = await ctx.request({ method: 'GET', url: '/api/wallet', headers });
    expect(call.statusCode).toBe(403);
    expect(call.json().error.code).toBe('ACCOUNT_SUSPENDED');
    expect(call.json().error.message).toContain('Spamming other renters');
    expect(call.json().error.details.until).toBe(given.json().data.suspendedUntil);
    const refresh = await ctx.request({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token },
    });
    expect(refresh.json().error.code).toBe('ACCOUNT_SUSPENDED');
    const again = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: renter.email, password: renter.password },
      remoteAddress: '10.8.0.2',
    });
    expect(again.json().error.code).toBe('ACCOUNT_SUSPENDED');

    const mail = ctx.mailer.sent.find((m) => m.to === renter.email);
    expect(mail?.subject).toBe('Your CrimsonHost account is suspended');
    expect(mail?.text).toContain('Reason: Spamming other renters');

    const [record] = await auditFor(renter.id);
    expect(record).toMatchObject({
      action: 'user.penalised',
      actor: { id: admin.user.id },
      clientKind: 'ADMIN',
      before: { status: 'active' },
      after: { penalty: 'suspension_24h', status: 'suspended' },
    });

    // Lifted: the same tokens work again.
    const lifted = await act(`/api/admin/users/${renter.id}/lift`, {
      reason: 'Talked it through on a ticket',
    });
    expect(lifted.json().data).toMatchObject({ status: 'active', suspendedUntil: null });
    expect((await ctx.request({ method: 'GET', url: '/api/wallet', headers })).statusCode).toBe(
      200,
    );
    const detail = (await get(`/api/admin/users/${renter.id}`)).json().data;
    expect(detail.penalties[0]).toMatchObject({
      penalty: 'suspension_24h',
      issuedBy: { id: admin.user.id, name: 'Ada Admin' },
      liftReason: 'Talked it through on a ticket',
    });
    expect((await auditFor(renter.id)).map((r) => r.action)).toEqual([
      'user.suspension_lifted',
      'user.penalised',
    ]);
    const notSuspended = await act(`/api/admin/users/${renter.id}/lift`, { reason: 'Again, why' });
    expect(notSuspended.statusCode).toBe(422);
    expect(notSuspended.json().error.code).toBe('NOT_SUSPENDED');
  });

  it('warns without blocking, and bans for good', async () => {
    const renter = await signedIn(ctx, 'user', 'Wendy Warned');
    const warned = await act(`/api/admin/users/${renter.user.id}/penalties`, {
      penalty: 'warning',
      reason: 'Shared a phone number in a ticket',
    });
    expect(warned.json().data.status).toBe('active');
    expect(
      (await ctx.request({ method: 'GET', url: '/api/wallet', headers: renter.headers }))
        .statusCode,
    ).toBe(200);
    expect(ctx.mailer.sent.find((m) => m.to === renter.user.email)?.subject).toBe(
      'A warning about your CrimsonHost account',
    );
    const banned = await act(`/api/admin/users/${renter.user.id}/penalties`, {
      penalty: 'permanent_ban',
      reason: 'Chargeback fraud, proven',
    });
    expect(banned.json().data).toMatchObject({ status: 'banned', suspendedUntil: null });
    const call = await ctx.request({ method: 'GET', url: '/api/wallet', headers: renter.headers });
    expect(call.json().error.code).toBe('ACCOUNT_BANNED');
  });

  it('a suspended staff member loses the staff area at once', async () => {
    const agent = await signedIn(ctx, 'support', 'Sid Suspended');
    await act(`/api/admin/users/${agent.user.id}/penalties`, {
      penalty: 'suspension_7d',
      reason: 'Answered tickets rudely',
    });
    const desk = await get('/api/admin/users', agent.headers);
    expect(desk.statusCode).toBe(403);
    expect(desk.json().error.code).toBe('ACCOUNT_SUSPENDED');
  });

  it('checks the reason and the penalty, and refuses your own account', async () => {
    const renter = await createUser(ctx.database.db);
    const short = await act(`/api/admin/users/${renter.id}/penalties`, {
      penalty: 'warning',
      reason: 'no',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.details).toEqual({
      fields: [{ field: 'reason', message: 'Reason must be at least 5 characters' }],
    });
    const unknown = await act(`/api/admin/users/${renter.id}/penalties`, {
      penalty: 'jail',
      reason: 'For a long time',
    });
    expect(unknown.statusCode).toBe(400);
    const own = await act(`/api/admin/users/${admin.user.id}/penalties`, {
      penalty: 'warning',
      reason: 'Testing myself',
    });
    expect(own.statusCode).toBe(422);
    expect(own.json().error.code).toBe('OWN_ACCOUNT');
    const missing = await act(`/api/admin/users/${crypto.randomUUID()}/penalties`, {
      penalty: 'warning',
      reason: 'Nobody is here',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('roles and sign-in', () => {
  it('changes a role; the staff area goes with the role it was opened for', async () => {
    const renter = await createUser(ctx.database.db);
    const promoted = await act(`/api/admin/users/${renter.id}/role`, {
      role: 'support',
      reason: 'Joins the support team',
    });
    expect(promoted.json().data.role).toBe('support');
    expect((await auditFor(renter.id))[0]).toMatchObject({
      action: 'user.role_changed',
      before: { role: 'user' },
      after: { role: 'support', reason: 'Joins the support team' },
    });
    // Nobody demotes themselves, so the admin acting always remains.
    const own = await act(`/api/admin/users/${admin.user.id}/role`, {
      role: 'user',
      reason: 'Stepping down',
    });
    expect(own.statusCode).toBe(422);
    expect(own.json().error.code).toBe('OWN_ACCOUNT');

    const other = await signedIn(ctx, 'admin', 'Otto Other');
    expect((await get('/api/admin/users', other.headers)).statusCode).toBe(200);
    const demoted = await act(`/api/admin/users/${other.user.id}/role`, {
      role: 'vendor',
      reason: 'Leaves staff to sell servers',
    });
    expect(demoted.json().data.role).toBe('vendor');
    expect((await get('/api/admin/users', other.headers)).statusCode).toBe(403);
    const invalid = await act(`/api/admin/users/${renter.id}/role`, {
      role: 'owner',
      reason: 'No such role',
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('unlocks sign-in, signs out everywhere and mails a reset link', async () => {
    const renter = await signedIn(ctx, 'user', 'Lou Locked');
    for (let i = 0; i < 7; i += 1) {
      await ctx.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: renter.user.email, password: 'wrong password again' },
        remoteAddress: '10.8.1.1',
      });
    }
    expect((await get(`/api/admin/users/${renter.user.id}`)).json().data.user.signInLocked).toBe(
      true,
    );
    const unlocked = await act(`/api/admin/users/${renter.user.id}/unlock`);
    expect(unlocked.json().data.signInLocked).toBe(false);
    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: renter.user.email, password: renter.user.password },
      remoteAddress: '10.8.1.1',
    });
    expect(login.statusCode).toBe(200);

    const out = await act(`/api/admin/users/${renter.user.id}/sign-out`);
    expect(out.statusCode).toBe(200);
    expect(
      (await ctx.request({ method: 'GET', url: '/api/wallet', headers: renter.headers }))
        .statusCode,
    ).toBe(401);
    expect((await get(`/api/admin/users/${renter.user.id}`)).json().data.sessions).toEqual([]);

    const sent = ctx.mailer.sent.length;
    const reset = await act(`/api/admin/users/${renter.user.id}/password-reset`);
    expect(reset.statusCode).toBe(200);
    await expect
      .poll(() => ctx.mailer.sent.slice(sent).find((m) => m.to === renter.user.email)?.subject)
      .toBe('Reset your CrimsonHost password');
    expect((await auditFor(renter.user.id)).map((r) => r.action)).toEqual([
      'user.password_reset_sent',
      'user.signed_out_everywhere',
      'user.sign_in_unlocked',
    ]);
  });
});

describe("a staff member's two-step verification", () => {
  it('is reset by another admin: the next staff sign-in sets it up again', async () => {
    const agent = await signedIn(ctx, 'support', 'Lost Phone');
    const reset = await act(`/api/admin/users/${agent.user.id}/staff-factor/reset`);
    expect(reset.json().data.staffFactorEnrolled).toBe(false);
    expect((await get('/api/admin/users', agent.headers)).json().error.code).toBe(
      'STAFF_SIGN_IN_REQUIRED',
    );
    const token = await act('/api/auth/client-token', { client: 'SUPPORT' }, agent.webHeaders);
    expect(token.json().error.code).toBe('STAFF_FACTOR_REQUIRED');
    expect((await auditFor(agent.user.id))[0]!.action).toBe('staff.factor_reset');
    const own = await act(`/api/admin/users/${admin.user.id}/staff-factor/reset`);
    expect(own.json().error.code).toBe('OWN_ACCOUNT');
  });
});

describe('the audit log', () => {
  it('filters by action and pages by cursor, newest first', async () => {
    const renters = await Promise.all(
      [1, 2, 3].map(() => createUser(ctx.database.db, { displayName: 'Audit Target' })),
    );
    for (const renter of renters) {
      await act(`/api/admin/users/${renter.id}/penalties`, {
        penalty: 'warning',
        reason: 'Paging the audit log',
      });
    }
    const first = await get('/api/admin/audit?action=user.penalised&pageSize=10');
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.data.every((e: { action: string }) => e.action === 'user.penalised')).toBe(true);
    const times = page.data.map((e: { at: string }) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(page.data[0].targetId).toBe(renters[2]!.id);

    const small = await get('/api/admin/audit?action=user.penalised&pageSize=10&page=1');
    const all = small.json().data.map((e: { id: string }) => e.id);
    const walked: string[] = [];
    let after: string | null = null;
    for (;;) {
      const url: string = `/api/admin/audit?action=user.penalised&pageSize=10${after ? `&after=${after}` : ''}`;
      const response = await get(url);
      walked.push(...response.json().data.map((e: { id: string }) => e.id));
      after = response.json().meta.nextCursor;
      if (!after) break;
    }
    expect(walked.slice(0, all.length)).toEqual(all);
    expect(new Set(walked).size).toBe(walked.length);

    const byEmail = await get(`/api/admin/audit?target=${encodeURIComponent(renters[0]!.email)}`);
    expect(byEmail.json().data.map((e: { targetId: string }) => e.targetId)).toEqual([
      renters[0]!.id,
    ]);
    const bad = await get('/api/admin/audit?action=user.deleted');
    expect(bad.statusCode).toBe(400);
  });

  it('cannot be changed or emptied, by the app or anyone', async () => {
    const count = async () =>
      Number(
        (
          await queryRows<{ n: string }>(
            ctx.database.db,
            sql`select count(*)::text as n from audit_log`,
          )
        )[0]!.n,
      );
    const before = await count();
    expect(before).toBeGreaterThan(0);
    const refusal = (statement: ReturnType<typeof sql>) =>
      ctx.database.db.execute(statement).then(
        () => 'allowed',
        (error: Error & { cause?: Error }) => (error.cause ?? error).message,
      );
    expect(await refusal(sql`update audit_log set action = 'staff.sign_in'`)).toMatch(
      /append-only: UPDATE/,
    );
    expect(await refusal(sql`delete from audit_log`)).toMatch(/append-only: DELETE/);
    expect(await refusal(sql`truncate audit_log`)).toMatch(/append-only: TRUNCATE/);
    expect(await count()).toBe(before);
  });
});
