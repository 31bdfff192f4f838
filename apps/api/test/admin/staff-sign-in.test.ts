// The staff area's second factor (issue 15 points 1 and 9): enrolment, a code at each staff
// sign-in, codes taken once, backup codes single-use, the idle timeout, and their audit records.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { totpAt } from '../../src/modules/auth/totp';
import { createTestApp, type TestContext } from '../app';
import { createUser } from '../factories';
import { enrolStaffFactor } from '../support/support-fixture';

let ctx: TestContext;
let address = 0;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** Signs a new account of `role` in to the storefront: its WEB headers and its id. */
async function storefront(role: 'admin' | 'support' | 'user' = 'admin') {
  const user = await createUser(ctx.database.db, { role });
  address += 1;
  const login = await ctx.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
    remoteAddress: `10.7.0.${address}`,
  });
  const token = login.json<{ data: { tokens: { access_token: string } } }>().data.tokens
    .access_token;
  return { user, headers: { authorization: `Bearer ${token}` } };
}

const post = (
  url: string,
  headers: Record<string, string>,
  payload: Record<string, unknown> = {},
) => ctx.request({ method: 'POST', url, headers, payload });

const auditOf = (userId: string) =>
  queryRows<{ action: string; client_kind: string | null; ip: string | null }>(
    ctx.database.db,
    sql`select action, client_kind, ip from audit_log where target_id = ${userId} order by created_at, action`,
  );

describe('setting up the second factor', () => {
  it('answers a secret and its QR URI, and takes the first right code', async () => {
    const { user, headers } = await storefront('admin');
    const status = await ctx.request({ method: 'GET', url: '/api/auth/staff/factor', headers });
    expect(status.json().data).toMatchObject({ enrolled: false, signedIn: false });

    const enrol = await post('/api/auth/staff/factor/enrol', headers);
    const { secret, otpauthUri } = enrol.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(otpauthUri).toContain(encodeURIComponent(user.email));

    const wrong = await post('/api/auth/staff/factor/confirm', headers, {
      client: 'ADMIN',
      code: totpAt(secret, new Date(Date.now() - 120_000)),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.code).toBe('STAFF_CODE_INVALID');

    const right = await post('/api/auth/staff/factor/confirm', headers, {
      client: 'ADMIN',
      code: totpAt(secret, new Date()),
    });
    expect(right.statusCode).toBe(200);
    const { backupCodes, token } = right.json().data;
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    expect(token.client).toBe('ADMIN');
    const desk = await ctx.request({
      method: 'GET',
      url: '/api/admin/users',
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expect(desk.statusCode).toBe(200);

    const again = await post('/api/auth/staff/factor/enrol', headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('STAFF_FACTOR_ENROLLED');
    expect((await auditOf(user.id)).map((row) => row.action)).toEqual([
      'staff.factor_enrolled',
      'staff.sign_in',
    ]);
    const [stored] = await queryRows<{ secret: string }>(
      ctx.database.db,
      sql`select secret from staff_factors where user_id = ${user.id}`,
    );
    expect(stored!.secret).not.toContain(secret);
  });

  it('refuses a staff token to an account that has not set it up', async () => {
    const { headers } = await storefront('support');
    const response = await post('/api/auth/client-token', headers, { client: 'SUPPORT' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('STAFF_FACTOR_REQUIRED');
    const withCode = await post('/api/auth/client-token', headers, {
      client: 'SUPPORT',
      code: '123456',
    });
    expect(withCode.json().error.code).toBe('STAFF_FACTOR_REQUIRED');
  });

  it('is for staff only', async () => {
    const { headers } = await storefront('user');
    expect((await post('/api/auth/staff/factor/enrol', headers)).statusCode).toBe(403);
  });
});

describe('signing in to the staff area', () => {
  it('asks a new sign-in for a code, takes each code once, and records failures', async () => {
    const first = await storefront('admin');
    const { secret, code: spent } = await enrolStaffFactor(ctx, first.headers, 'admin');
    // A second sign-in of the same account (another browser) has no staff sign-in yet.
    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: first.user.email, password: first.user.password },
      remoteAddress: '10.7.1.1',
    });
    const headers = {
      authorization: `Bearer ${login.json().data.tokens.access_token as string}`,
    };
    const bare = await post('/api/auth/client-token', headers, { client: 'ADMIN' });
    expect(bare.statusCode).toBe(403);
    expect(bare.json().error.code).toBe('STAFF_SIGN_IN_REQUIRED');

    // The code the enrolment used is spent: a replay within its 90 seconds is refused.
    const replay = await post('/api/auth/client-token', headers, { client: 'ADMIN', code: spent });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().error.code).toBe('STAFF_CODE_INVALID');

    // The next step's code (a phone clock 30 s ahead) is good once.
    const next = totpAt(secret, new Date(Date.now() + 30_000));
    const ok = await post('/api/auth/client-token', headers, { client: 'ADMIN', code: next });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.client).toBe('ADMIN');
    // Within the staff sign-in, new tokens come without a code.
    expect((await post('/api/auth/client-token', headers, { client: 'ADMIN' })).statusCode).toBe(
      200,
    );
    const actions = (await auditOf(first.user.id)).map((row) => row.action);
    expect(actions.filter((a) => a === 'staff.sign_in_failed')).toHaveLength(1);
    expect(actions.filter((a) => a === 'staff.sign_in')).toHaveLength(2);
    const signIns = await queryRows<{ client_kind: string; method: string }>(
      ctx.database.db,
      sql`select client_kind, method from sign_ins where user_id = ${first.user.id} order by created_at`,
    );
    expect(signIns).toEqual([
      { client_kind: 'WEB', method: 'password' },
      { client_kind: 'ADMIN', method: 'staff_code' },
      { client_kind: 'WEB', method: 'password' },
      { client_kind: 'ADMIN', method: 'staff_code' },
    ]);
  });

  it('takes a backup code once', async () => {
    const { user, headers: first } = await storefront('support');
    const { backupCodes } = await enrolStaffFactor(ctx, first, 'support');
    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      remoteAddress: '10.7.1.2',
    });
    const headers = {
      authorization: `Bearer ${login.json().data.tokens.access_token as string}`,
    };
    const code = backupCodes[3]!.toLowerCase().replace(/-/g, ' ');
    const used = await post('/api/auth/client-token', headers, { client: 'SUPPORT', code });
    expect(used.statusCode).toBe(200);
    const status = await ctx.request({ method: 'GET', url: '/api/auth/staff/factor', headers });
    expect(status.json().data).toMatchObject({
      enrolled: true,
      signedIn: true,
      backupCodesLeft: 9,
    });

    // A third sign-in cannot use it again.
    const third = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      remoteAddress: '10.7.1.3',
    });
    const thirdHeaders = {
      authorization: `Bearer ${third.json().data.tokens.access_token as string}`,
    };
    const again = await post('/api/auth/client-token', thirdHeaders, {
      client: 'SUPPORT',
      code: backupCodes[3],
    });
    expect(again.statusCode).toBe(422);
    expect((await auditOf(user.id)).map((row) => row.action)).toContain('staff.backup_code_used');
  });

  it('slows down guessing: past five wrong codes the next waits', async () => {
    const { headers } = await storefront('admin');
    await enrolStaffFactor(ctx, headers, 'admin');
    await ctx.database.db.execute(sql`delete from staff_grants`);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const response = await post('/api/auth/client-token', headers, {
        client: 'ADMIN',
        code: '000000',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses.at(-1)).toBe(429);
  });

  it('ends the staff sign-in after the idle timeout and asks for a code again', async () => {
    const { user, headers: web } = await storefront('admin');
    const { secret, token } = await enrolStaffFactor(ctx, web, 'admin');
    const staff = { authorization: `Bearer ${token}` };
    const users = () => ctx.request({ method: 'GET', url: '/api/admin/users', headers: staff });
    expect((await users()).statusCode).toBe(200);

    // Fourteen idle minutes: still alive. Sixteen: ended, though the token itself is valid.
    const idle = (minutes: number) =>
      ctx.database.db.execute(
        sql`update staff_grants set last_seen_at = now() - make_interval(mins => ${minutes}) where user_id = ${user.id}`,
      );
    await idle(14);
    expect((await users()).statusCode).toBe(200);
    await idle(16);
    const ended = await users();
    expect(ended.statusCode).toBe(403);
    expect(ended.json().error.code).toBe('STAFF_SIGN_IN_REQUIRED');
    const bare = await post('/api/auth/client-token', web, { client: 'ADMIN' });
    expect(bare.json().error.code).toBe('STAFF_SIGN_IN_REQUIRED');

    const code = totpAt(secret, new Date(Date.now() + 30_000));
    expect((await post('/api/auth/client-token', web, { client: 'ADMIN', code })).statusCode).toBe(
      200,
    );
    expect((await users()).statusCode).toBe(200);

    // Its longest life ends it too, however active.
    await ctx.database.db.execute(
      sql`update staff_grants set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    expect((await users()).json().error.code).toBe('STAFF_SIGN_IN_REQUIRED');
  });

  it('ends when the staff area signs out, and the storefront sign-in stays', async () => {
    const { headers: web } = await storefront('support');
    const { token } = await enrolStaffFactor(ctx, web, 'support');
    expect((await post('/api/auth/staff/sign-out', web)).statusCode).toBe(200);
    const desk = await ctx.request({
      method: 'GET',
      url: '/api/admin/users',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(desk.json().error.code).toBe('STAFF_SIGN_IN_REQUIRED');
    const bare = await post('/api/auth/client-token', web, { client: 'SUPPORT' });
    expect(bare.json().error.code).toBe('STAFF_SIGN_IN_REQUIRED');
    expect(
      (await ctx.request({ method: 'GET', url: '/api/wallet', headers: web })).statusCode,
    ).toBe(200);
  });

  it('ends with the storefront sign-in it came from', async () => {
    const { headers: web } = await storefront('support');
    const { token } = await enrolStaffFactor(ctx, web, 'support');
    await post('/api/auth/logout', web);
    const response = await ctx.request({
      method: 'GET',
      url: '/api/admin/users',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(401);
  });
});
