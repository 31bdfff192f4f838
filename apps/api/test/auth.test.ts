import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { loadConfig } from '../src/config';
import { TEST_JWT_SECRET, createTestApp, type TestContext } from './app';
import { DEFAULT_PASSWORD, createUser } from './factories';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({}, (app) => {
    app.get('/api/test/admin-only', { onRequest: app.guards.requireRole('admin') }, async () => ({
      data: 'admin',
    }));
    app.get(
      '/api/test/staff',
      { onRequest: app.guards.requireRole('admin', 'support') },
      async () => ({ data: 'staff' }),
    );
  });
});
afterAll(() => ctx.close());

/** Each call comes from its own address, so the per-IP limits do not mix tests. */
let ipCounter = 0;
const nextIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function login(email: string, password = DEFAULT_PASSWORD, ip = nextIp()) {
  return ctx.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
  });
}

async function refresh(refreshToken: string) {
  return ctx.request({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { refresh_token: refreshToken },
  });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function expectEnvelope(body: unknown, code: string) {
  expect(body).toMatchObject({ error: { code, message: expect.any(String) } });
}

describe('registration', () => {
  it('creates the account, signs it in and shows ten recovery codes once', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: 'New.Renter@Example.com',
        password: 'a long and unusual phrase',
        displayName: 'New Renter',
      },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data.user).toMatchObject({
      email: 'New.Renter@Example.com',
      role: 'user',
      authProvider: 'local',
      hasPassword: true,
    });
    expect(data.tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(data.recoveryCodes).toHaveLength(10);
    expect(new Set(data.recoveryCodes).size).toBe(10);
    for (const code of data.recoveryCodes)
      expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  });

  it('refuses an e-mail that is taken, whatever its case', async () => {
    const user = await createUser(ctx.database.db);
    const response = await ctx.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: user.email.toUpperCase(),
        password: 'a long and unusual phrase',
        displayName: 'Copy Cat',
      },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(409);
    expectEnvelope(response.json(), 'EMAIL_TAKEN');
  });

  it.each([
    ['short', 'VALIDATION_ERROR', 'Password must be at least 10 characters'],
    ['password123', 'WEAK_PASSWORD', 'This password is one of the most common ones'],
    ['Qwertyuiop', 'WEAK_PASSWORD', 'This password is one of the most common ones'],
  ])('tells plainly why the password %j is refused', async (password, code, message) => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: `weak-${password}@example.com`, password, displayName: 'Weak One' },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe(code);
    expect(error.message).toContain(message);
    expect(error.details.fields[0].field).toBe('password');
  });
});

describe('sign-in and the token lifecycle', () => {
  it('answers data.user and data.tokens with a short JWT carrying exp', async () => {
    const user = await createUser(ctx.database.db);
    const response = await login(user.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.user).toMatchObject({ id: user.id, email: user.email });
    const claims = decodeJwt(data.tokens.access_token);
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.sub).toBe(user.id);
    expect(data.tokens.refresh_token).toMatch(/^[\w-]{43}$/);
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(data.tokens.access_token),
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({ user: { id: user.id }, recoveryCodesLeft: 0 });
  });

  it('gives one answer for a wrong e-mail and a wrong password', async () => {
    const user = await createUser(ctx.database.db);
    const wrongPassword = await login(user.email, 'not the password at all');
    const wrongEmail = await login('nobody-here@example.com');
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(wrongEmail.json());
    expect(wrongPassword.json()).toEqual({
      error: { code: 'LOGIN_FAILED', message: 'Incorrect e-mail or password' },
    });
  });

  it('rotates the refresh token on every use', async () => {
    const user = await createUser(ctx.database.db);
    const first = (await login(user.email)).json().data.tokens;
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const next = second.json().data.tokens;
    expect(next.refresh_token).not.toBe(first.refresh_token);
    expect((await refresh(next.refresh_token)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated refresh token is presented again (theft)', async () => {
    const user = await createUser(ctx.database.db);
    const stolen = (await login(user.email)).json().data.tokens;
    const owner = (await refresh(stolen.refresh_token)).json().data.tokens;

    const thief = await refresh(stolen.refresh_token);
    expect(thief.statusCode).toBe(401);
    expectEnvelope(thief.json(), 'REFRESH_FAILED');
    // The owner is signed out too, at once, until they sign in again.
    expect((await refresh(owner.refresh_token)).statusCode).toBe(401);
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(owner.access_token),
    });
    expect(profile.statusCode).toBe(401);
    expect((await login(user.email)).statusCode).toBe(200);
  });

  it('ends the sign-in on logout, and every sign-in on logout-all', async () => {
    const user = await createUser(ctx.database.db);
    const a = (await login(user.email)).json().data.tokens;
    const b = (await login(user.email)).json().data.tokens;
    const c = (await login(user.email)).json().data.tokens;
    const out = await ctx.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(a.access_token),
    });
    expect(out.statusCode).toBe(200);
    expect((await refresh(a.refresh_token)).statusCode).toBe(401);
    expect((await refresh(b.refresh_token)).statusCode).toBe(200);
    const all = await ctx.request({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: bearer(c.access_token),
    });
    expect(all.statusCode).toBe(200);
    expect((await refresh(c.refresh_token)).statusCode).toBe(401);
  });

  it('ends the sign-in on logout even when the access token has already expired', async () => {
    const user = await createUser(ctx.database.db);
    const tokens = (await login(user.email)).json().data.tokens;
    const { SignJWT, decodeJwt: decode } = await import('jose');
    const claims = decode(tokens.access_token);
    const expired = await new SignJWT({ role: claims.role, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuer('crimsonhost')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(expired),
    });
    expect(profile.statusCode).toBe(401);
    const out = await ctx.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(expired),
    });
    expect(out.statusCode).toBe(200);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
  });

  it('refuses an unknown, malformed or expired refresh token', async () => {
    expect((await refresh('not-a-real-token')).json()).toEqual({
      error: { code: 'REFRESH_FAILED', message: 'Failed to refresh session' },
    });
    const user = await createUser(ctx.database.db);
    const tokens = (await login(user.email)).json().data.tokens;
    await ctx.database.db.execute(
      sql`update refresh_tokens set expires_at = now() - interval '1 minute' where user_id = ${user.id}`,
    );
    const expired = await refresh(tokens.refresh_token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toBe('Your session has expired. Please login again.');
    const missing = await ctx.request({ method: 'POST', url: '/api/auth/refresh', payload: {} });
    expect(missing.statusCode).toBe(400);
    expectEnvelope(missing.json(), 'VALIDATION_ERROR');
  });

  it('answers 401 in the envelope without a token, with a bad one, or with a tampered one', async () => {
    const user = await createUser(ctx.database.db);
    const { access_token } = (await login(user.email)).json().data.tokens;
    const tampered = `${access_token.slice(0, -4)}AAAA`;
    for (const headers of [
      {},
      bearer('nonsense'),
      bearer(tampered),
      { authorization: 'Basic abc' },
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue' },
      });
    }
  });
});

describe('account status', () => {
  it('refuses a suspended user, saying why and until when, at sign-in and at refresh', async () => {
    const until = new Date(Date.now() + 3 * 86_400_000);
    const user = await createUser(ctx.database.db);
    const tokens = (await login(user.email)).json().data.tokens;
    await ctx.database.db.execute(
      sql`update users set status = 'suspended', suspended_until = ${until.toISOString()}, status_reason = 'chargeback under review' where id = ${user.id}`,
    );
    const response = await login(user.email);
    expect(response.statusCode).toBe(403);
    const { error } = response.json();
    expect(error.code).toBe('ACCOUNT_SUSPENDED');
    expect(error.message).toContain('until');
    expect(error.message).toContain('chargeback under review');
    expect(error.details.until).toBe(until.toISOString());
    expect((await refresh(tokens.refresh_token)).json().error.code).toBe('ACCOUNT_SUSPENDED');
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: bearer(tokens.access_token),
    });
    expect(profile.statusCode).toBe(403);
  });

  it('lets a user whose suspension has ended sign in again', async () => {
    const user = await createUser(ctx.database.db, {
      status: 'suspended',
      suspendedUntil: new Date(Date.now() - 1000),
    });
    expect((await login(user.email)).statusCode).toBe(200);
  });

  it('refuses a banned user', async () => {
    const user = await createUser(ctx.database.db, { status: 'banned', statusReason: 'fraud' });
    const response = await login(user.email);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({
      code: 'ACCOUNT_BANNED',
      message: expect.stringContaining('fraud'),
    });
  });

  it('does not reveal the status to someone without the password', async () => {
    const user = await createUser(ctx.database.db, { status: 'banned' });
    expect((await login(user.email, 'wrong password here')).json().error.code).toBe('LOGIN_FAILED');
  });
});

describe('abuse protection', () => {
  /** What a client can see of an answer: status, body and headers, less those unique per request. */
  const visible = (response: Awaited<ReturnType<typeof login>>) => {
    const headers = Object.fromEntries(
      Object.entries(response.headers).filter(
        ([name]) => name !== 'x-request-id' && name !== 'date',
      ),
    );
    return { status: response.statusCode, body: response.json(), headers };
  };

  it('answers an unknown e-mail exactly as a known one, failure after failure', async () => {
    const known = await createUser(ctx.database.db);
    const unknown = `nobody-${known.id.slice(0, 8)}@example.com`;
    const run = async (email: string) => {
      const ip = nextIp();
      const answers = [];
      for (let i = 0; i < 7; i += 1) answers.push(visible(await login(email, 'a wrong guess', ip)));
      return answers;
    };
    const forKnown = await run(known.email);
    const forUnknown = await run(unknown);
    expect(forUnknown).toEqual(forKnown);
    expect(forKnown.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(forKnown[5]!.body.error.code).toBe('RATE_LIMITED');
    expect(forKnown[5]!.headers['retry-after']).toBe('30');
  });

  it('slows an attacker at one address without locking the owner out elsewhere', async () => {
    const user = await createUser(ctx.database.db);
    const attacker = nextIp();
    const answers = [];
    for (let i = 0; i < 8; i += 1)
      answers.push((await login(user.email, 'a wrong guess', attacker)).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // The owner, from their own address, signs in as usual.
    expect((await login(user.email, DEFAULT_PASSWORD, nextIp())).statusCode).toBe(200);
    // At the attacker's address even the right password waits; after the wait it is let through.
    expect((await login(user.email, DEFAULT_PASSWORD, attacker)).statusCode).toBe(429);
    await ctx.database.db.execute(
      sql`update auth_throttles set blocked_until = now() - interval '1 second'
           where key = ${`login:pair:${attacker}:${user.email.toLowerCase()}`}`,
    );
    expect((await login(user.email, DEFAULT_PASSWORD, attacker)).statusCode).toBe(200);
  });

  it('doubles the wait with each failure past the free ones, up to 15 minutes', async () => {
    const user = await createUser(ctx.database.db);
    const ip = nextIp();
    const key = `login:pair:${ip}:${user.email.toLowerCase()}`;
    // The wait is set at the failure's own time, somewhere between the request's start and its
    // answer: read it against both, so a slow machine cannot shift it (rounding a later now() did).
    const waits: Array<number | [number, number]> = [];
    for (let i = 0; i < 10; i += 1) {
      const sent = Date.now();
      expect((await login(user.email, 'a wrong guess', ip)).statusCode).toBe(401);
      const answered = Date.now();
      const [row] = await queryRows<{ until: number | null }>(
        ctx.database.db,
        sql`select (extract(epoch from blocked_until) * 1000)::float8 as until
              from auth_throttles where key = ${key}`,
      );
      const until = row?.until == null ? null : Number(row.until);
      waits.push(until === null ? 0 : [(until - answered) / 1000, (until - sent) / 1000]);
      // Let the next attempt through as if the wait had passed.
      await ctx.database.db.execute(
        sql`update auth_throttles set blocked_until = null where key = ${key}`,
      );
    }
    const expected = [0, 0, 0, 0, 30, 60, 120, 240, 480, 900];
    expected.forEach((seconds, i) => {
      const wait = waits[i] ?? -1;
      if (typeof wait === 'number') expect([i, wait]).toEqual([i, seconds]);
      else {
        // Timestamps are kept to the microsecond; allow a millisecond either side for the clocks.
        expect(seconds, `wait ${i}`).toBeGreaterThanOrEqual(wait[0] - 0.001);
        expect(seconds, `wait ${i}`).toBeLessThanOrEqual(wait[1] + 0.001);
      }
    });
  });

  it('slows guesses at one e-mail from many addresses, by a minute at most', async () => {
    const user = await createUser(ctx.database.db);
    for (let i = 0; i < 20; i += 1)
      expect((await login(user.email, 'a wrong guess', nextIp())).statusCode).toBe(401);
    const next = await login(user.email, DEFAULT_PASSWORD, nextIp());
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('limits registrations per address with 429 and Retry-After, and lifts the limit when the window passes', async () => {
    const ip = nextIp();
    const register = (n: number) =>
      ctx.request({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          email: `burst-${n}@example.com`,
          password: 'a long and unusual phrase',
          displayName: 'Burst',
        },
        remoteAddress: ip,
      });
    for (let n = 0; n < 5; n += 1) expect((await register(n)).statusCode).toBe(201);
    const limited = await register(5);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await ctx.database.db.execute(
      sql`update rate_limit_counters set window_start = window_start - interval '2 hours', expires_at = expires_at - interval '2 hours' where key = ${`register:ip:${ip}`}`,
    );
    expect((await register(6)).statusCode).toBe(201);
  });

  it('takes the registrations per address from REGISTRATIONS_PER_IP_HOUR', async () => {
    const shared = await createTestApp({ REGISTRATIONS_PER_IP_HOUR: '2' });
    try {
      const answers = [];
      for (let n = 0; n < 3; n += 1) {
        const answer = await shared.request({
          method: 'POST',
          url: '/api/auth/register',
          payload: {
            email: `shared-${n}@example.com`,
            password: 'a long and unusual phrase',
            displayName: 'Shared',
          },
          remoteAddress: '198.51.100.77',
        });
        answers.push(answer.statusCode);
      }
      expect(answers).toEqual([201, 201, 429]);
    } finally {
      await shared.close();
    }
    expect(() => loadConfig({ REGISTRATIONS_PER_IP_HOUR: '0' })).toThrow(
      /REGISTRATIONS_PER_IP_HOUR/,
    );
  });

  it('refuses a write without a valid CSRF token', async () => {
    for (const headers of [
      {},
      { 'x-csrf-token': 'forged' },
      { 'x-csrf-token': `${ctx.csrf.slice(0, -2)}xx` },
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a@b.co', password: 'x' },
        headers,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('CSRF_FAILED');
    }
  });
});

describe('role guards', () => {
  it('lets one role or any of several roles in, and keeps others out with 403', async () => {
    const tokenOf = async (role: 'admin' | 'support' | 'user') => {
      const user = await createUser(ctx.database.db, { role });
      return (await login(user.email)).json().data.tokens.access_token as string;
    };
    const [admin, support, renter] = [
      await tokenOf('admin'),
      await tokenOf('support'),
      await tokenOf('user'),
    ];
    const get = (url: string, token?: string) =>
      ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
    expect((await get('/api/test/admin-only', admin)).statusCode).toBe(200);
    expect((await get('/api/test/admin-only', support)).statusCode).toBe(403);
    expect((await get('/api/test/staff', support)).statusCode).toBe(200);
    expect((await get('/api/test/staff', renter)).json().error.code).toBe('FORBIDDEN');
    expect((await get('/api/test/staff')).statusCode).toBe(401);
  });
});

describe('profile, password and recovery codes', () => {
  it('changes the password, keeping this session and ending the others', async () => {
    const user = await createUser(ctx.database.db);
    const here = (await login(user.email)).json().data.tokens;
    const elsewhere = (await login(user.email)).json().data.tokens;
    const wrong = await ctx.request({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(here.access_token),
      payload: { currentPassword: 'not my password', password: 'another long phrase here' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details.fields[0].field).toBe('currentPassword');
    const changed = await ctx.request({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(here.access_token),
      payload: { currentPassword: DEFAULT_PASSWORD, password: 'another long phrase here' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await refresh(elsewhere.refresh_token)).statusCode).toBe(401);
    expect((await refresh(here.refresh_token)).statusCode).toBe(200);
    expect((await login(user.email, 'another long phrase here')).statusCode).toBe(200);
  });

  it('updates the display name', async () => {
    const user = await createUser(ctx.database.db);
    const { access_token } = (await login(user.email)).json().data.tokens;
    const response = await ctx.request({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: bearer(access_token),
      payload: { displayName: '  Night Owl  ' },
    });
    expect(response.json().data.user.displayName).toBe('Night Owl');
  });

  it('signs in once with a recovery code, sets a new password and replaces every code', async () => {
    const registered = (
      await ctx.request({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          email: 'lost-access@example.com',
          password: 'my first long phrase',
          displayName: 'Lost Access',
        },
        remoteAddress: nextIp(),
      })
    ).json().data;
    const code: string = registered.recoveryCodes[3];
    const use = (password: string, given = code) =>
      ctx.request({
        method: 'POST',
        url: '/api/auth/recovery',
        payload: { email: 'lost-access@example.com', code: given, password },
        remoteAddress: nextIp(),
      });

    const first = await use('my second long phrase', code.toLowerCase().replaceAll('-', ' '));
    expect(first.statusCode).toBe(200);
    expect(first.json().data.recoveryCodesLeft).toBe(10);
    expect(first.json().data.recoveryCodes).toHaveLength(10);
    expect(first.json().data.recoveryCodes).not.toContain(code);
    expect((await refresh(registered.tokens.refresh_token)).statusCode).toBe(401);
    const again = await use('my third long phrase');
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('RECOVERY_FAILED');
    expect((await login('lost-access@example.com', 'my second long phrase')).statusCode).toBe(200);
  });

  it('regenerates the recovery codes, retiring the old ones', async () => {
    const registered = (
      await ctx.request({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          email: 'fresh-codes@example.com',
          password: 'my first long phrase',
          displayName: 'Fresh Codes',
        },
        remoteAddress: nextIp(),
      })
    ).json().data;
    const response = await ctx.request({
      method: 'POST',
      url: '/api/auth/recovery-codes',
      headers: bearer(registered.tokens.access_token),
      payload: { currentPassword: 'my first long phrase' },
    });
    expect(response.statusCode).toBe(200);
    const fresh: string[] = response.json().data.recoveryCodes;
    expect(fresh).toHaveLength(10);
    const old = await ctx.request({
      method: 'POST',
      url: '/api/auth/recovery',
      payload: {
        email: 'fresh-codes@example.com',
        code: registered.recoveryCodes[0],
        password: 'my other long phrase',
      },
      remoteAddress: nextIp(),
    });
    expect(old.statusCode).toBe(401);
  });
});
