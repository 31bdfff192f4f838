import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPendingLink } from '../src/modules/auth/auth.repository';
import { digest, randomToken } from '../src/modules/auth/tokens';
import { createTestApp, type TestContext } from './app';
import { DEFAULT_PASSWORD, createUser } from './factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let ipCounter = 0;
const nextIp = () => `10.7.0.${++ipCounter}`;

/** A signed-in user, with its access token. */
async function signedIn() {
  const user = await createUser(ctx.database.db);
  const response = await ctx.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: DEFAULT_PASSWORD },
    remoteAddress: nextIp(),
  });
  return { user, accessToken: response.json().data.tokens.access_token as string };
}

/** Each route that checks the current password, sending `password` as it. */
type PasswordCheck = (password: string) => Promise<LightMyRequestResponse>;

async function changePassword(): Promise<{ userId: string; check: PasswordCheck }> {
  const { user, accessToken } = await signedIn();
  return {
    userId: user.id,
    check: (currentPassword) =>
      ctx.request({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { authorization: `Bearer ${accessToken}` },
        payload: { currentPassword, password: 'a brand new long phrase' },
        remoteAddress: nextIp(),
      }),
  };
}

async function regenerateRecoveryCodes(): Promise<{ userId: string; check: PasswordCheck }> {
  const { user, accessToken } = await signedIn();
  return {
    userId: user.id,
    check: (currentPassword) =>
      ctx.request({
        method: 'POST',
        url: '/api/auth/recovery-codes',
        headers: { authorization: `Bearer ${accessToken}` },
        payload: { currentPassword },
        remoteAddress: nextIp(),
      }),
  };
}

/** A Discord identity waiting to be linked, as the Discord callback leaves it. */
async function linkDiscord(): Promise<{ userId: string; check: PasswordCheck }> {
  const user = await createUser(ctx.database.db);
  const linkToken = randomToken();
  await insertPendingLink(ctx.database.db, {
    tokenHash: digest(linkToken),
    userId: user.id,
    provider: 'discord',
    providerUserId: `discord-${user.id}`,
    expiresAt: new Date(Date.now() + 600_000),
  });
  return {
    userId: user.id,
    check: (password) =>
      ctx.request({
        method: 'POST',
        url: '/api/auth/discord/link',
        payload: { linkToken, password },
        remoteAddress: nextIp(),
      }),
  };
}

const endWait = (userId: string) =>
  ctx.database.db.execute(
    sql`update auth_throttles set blocked_until = now() - interval '1 second'
         where key = ${`password:${userId}`}`,
  );

describe.each([
  ['change password', changePassword],
  ['regenerate recovery codes', regenerateRecoveryCodes],
  ['link Discord', linkDiscord],
])('the current password check of "%s"', (_name, setUp) => {
  it('takes five wrong passwords, then makes even the right one wait', async () => {
    const { userId, check } = await setUp();
    for (let i = 0; i < 5; i += 1) {
      const wrong = await check('not the password');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe('WRONG_PASSWORD');
    }
    const waiting = await check(DEFAULT_PASSWORD);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many wrong passwords. Wait a little and try again.',
      details: { retryAfterSeconds: 30 },
    });
    expect(waiting.headers['retry-after']).toBe('30');
    await endWait(userId);
    expect((await check(DEFAULT_PASSWORD)).statusCode).toBe(200);
  });
});

describe('the current password limit', () => {
  it('is one count per account, whichever route is guessed through', async () => {
    const { accessToken } = await signedIn();
    const auth = { authorization: `Bearer ${accessToken}` };
    for (let i = 0; i < 3; i += 1) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: auth,
        payload: { currentPassword: 'a wrong guess', password: 'a brand new long phrase' },
      });
      expect(response.statusCode).toBe(400);
    }
    for (let i = 0; i < 2; i += 1) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/auth/recovery-codes',
        headers: auth,
        payload: { currentPassword: 'a wrong guess' },
      });
      expect(response.statusCode).toBe(400);
    }
    const sixth = await ctx.request({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: auth,
      payload: { currentPassword: DEFAULT_PASSWORD, password: 'a brand new long phrase' },
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.code).toBe('RATE_LIMITED');
  });
});
