import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { createTestApp, type TestContext } from './app';
import { createUser } from './factories';
import { startDiscordServer, type DiscordAccount } from '@crimsonhost/devnet/discord-server';

let ctx: TestContext;
let discord: Awaited<ReturnType<typeof startDiscordServer>>;

beforeAll(async () => {
  discord = await startDiscordServer('client-123', 'secret-456');
  ctx = await createTestApp({
    PUBLIC_URL: 'https://shop.example.com',
    DISCORD_CLIENT_ID: 'client-123',
    DISCORD_CLIENT_SECRET: 'secret-456',
    DISCORD_AUTHORIZE_URL: discord.authorizeUrl,
    DISCORD_API_URL: discord.apiUrl,
  });
});
afterAll(async () => {
  await ctx.close();
  await discord.close();
});

let n = 0;
const account = (overrides: Partial<DiscordAccount> = {}): DiscordAccount => {
  n += 1;
  return {
    id: `80351110224678${n}`,
    username: `gamer${n}`,
    global_name: `Gamer ${n}`,
    email: `gamer${n}@example.com`,
    verified: true,
    ...overrides,
  };
};

/** The `name=value` of the cookie an answer sets, as a browser would send it back. */
function cookieFrom(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const first = Array.isArray(header) ? String(header[0]) : String(header);
  return first.split(';')[0]!;
}

/** Start in one browser: the redirect to Discord and the cookie that browser keeps. */
async function startInBrowser() {
  const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/discord/start' });
  expect(start.statusCode).toBe(302);
  return { authorizationUrl: start.headers.location as string, cookie: cookieFrom(start) };
}

/** Start, approve on "Discord", and post the callback as the web page does. */
async function signInWithDiscord(who: DiscordAccount) {
  const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/discord/start' });
  expect(start.statusCode).toBe(302);
  const cookie = cookieFrom(start);
  const authorizationUrl = start.headers.location as string;
  expect(authorizationUrl.startsWith(discord.authorizeUrl)).toBe(true);
  const { code, state } = discord.approve(authorizationUrl, who);
  expect(new URL(authorizationUrl).searchParams.get('redirect_uri')).toBe(
    'https://shop.example.com/auth/discord/callback',
  );
  expect(new URL(authorizationUrl).searchParams.get('scope')).toBe('identify email');
  const callback = await ctx.request({
    method: 'POST',
    url: '/api/auth/discord/callback',
    payload: { code, state },
    headers: { cookie },
  });
  return { callback, code, state, cookie };
}

describe('sign-in with Discord', () => {
  it('tells the web app that Discord is offered', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.json()).toEqual({ data: { discord: true } });
  });

  it('makes an account for a new verified Discord user, with recovery codes, and signs it in next time', async () => {
    const who = account();
    const { callback } = await signInWithDiscord(who);
    expect(callback.statusCode).toBe(200);
    const { data } = callback.json();
    expect(data.user).toMatchObject({
      email: who.email,
      displayName: who.global_name,
      authProvider: 'discord',
      hasPassword: false,
      discordLinked: true,
    });
    expect(data.tokens.token_type).toBe('Bearer');
    expect(data.recoveryCodes).toHaveLength(10);

    const again = (await signInWithDiscord(who)).callback;
    expect(again.statusCode).toBe(200);
    expect(again.json().data.user.id).toBe(data.user.id);
    expect(again.json().data.recoveryCodes).toBeUndefined();
  });

  it('links to an existing local account only after its password is proven', async () => {
    const local = await createUser(ctx.database.db, { email: 'owner@example.com' });
    const { callback } = await signInWithDiscord(account({ email: 'OWNER@example.com' }));
    expect(callback.statusCode).toBe(409);
    const { error } = callback.json();
    expect(error.code).toBe('LINK_REQUIRED');
    expect(error.details.email).toBe('owner@example.com');
    const linkToken: string = error.details.linkToken;

    const wrong = await ctx.request({
      method: 'POST',
      url: '/api/auth/discord/link',
      payload: { linkToken, password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('WRONG_PASSWORD');
    const linked = await ctx.request({
      method: 'POST',
      url: '/api/auth/discord/link',
      payload: { linkToken, password: local.password },
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().data.user).toMatchObject({
      id: local.id,
      discordLinked: true,
      hasPassword: true,
    });
    const replay = await ctx.request({
      method: 'POST',
      url: '/api/auth/discord/link',
      payload: { linkToken, password: local.password },
    });
    expect(replay.json().error.code).toBe('LINK_INVALID');
  });

  it('never takes over an account through an unverified Discord e-mail', async () => {
    const local = await createUser(ctx.database.db, { email: 'victim@example.com' });
    const { callback } = await signInWithDiscord(account({ email: local.email, verified: false }));
    expect(callback.statusCode).toBe(409);
    expect(callback.json().error.code).toBe('EMAIL_TAKEN');
    expect(callback.json().error.details).toBeUndefined();
  });

  it('does not link an unverified registration: a verified Discord e-mail takes its address', async () => {
    const squatter = await createUser(ctx.database.db, {
      email: 'squatted@example.com',
      emailVerified: false,
    });
    const squatterIn = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: squatter.email, password: squatter.password },
    });
    const { callback } = await signInWithDiscord(account({ email: 'squatted@example.com' }));
    expect(callback.statusCode).toBe(200);
    const { data } = callback.json();
    expect(data.user).toMatchObject({
      email: 'squatted@example.com',
      authProvider: 'discord',
      emailVerified: true,
    });
    expect(data.user.id).not.toBe(squatter.id);
    expect(data.recoveryCodes).toHaveLength(10);

    const refreshed = await ctx.request({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: squatterIn.json().data.tokens.refresh_token },
    });
    expect(refreshed.statusCode).toBe(401);
    const again = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: squatter.email, password: squatter.password },
    });
    expect(again.json().error.code).toBe('LOGIN_FAILED');
  });

  it('refuses a state it did not issue, or one used before', async () => {
    const forged = await ctx.request({
      method: 'POST',
      url: '/api/auth/discord/callback',
      payload: { code: 'abc', state: 'made-up-state' },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('OAUTH_STATE_INVALID');
    const { code, state, cookie } = await signInWithDiscord(account());
    const replay = await ctx.request({
      method: 'POST',
      url: '/api/auth/discord/callback',
      payload: { code, state },
      headers: { cookie },
    });
    expect(replay.json().error.code).toBe('OAUTH_STATE_INVALID');
  });

  it('answers a clear error when Discord refuses the code', async () => {
    const { authorizationUrl, cookie } = await startInBrowser();
    const state = new URL(authorizationUrl).searchParams.get('state');
    const response = await ctx.request({
      method: 'POST',
      url: '/api/auth/discord/callback',
      payload: { code: 'never-issued', state },
      headers: { cookie },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toEqual({
      code: 'DISCORD_FAILED',
      message: 'Discord did not confirm the sign-in. Please try again.',
    });
  });

  it.each([
    // The token route's 429 carries no headers the OAuth library passes on: no time to name.
    ['the token exchange', 'token', false, undefined],
    ['reading the account, globally', 'me', true, 3],
  ] as const)(
    'tells the person to wait when Discord rate limits %s, and makes no account',
    async (_name, route, global, seconds) => {
      const who = account();
      discord.rateLimitNext(route, { retryAfter: 2.5, global });
      const { callback } = await signInWithDiscord(who);
      expect(callback.statusCode).toBe(503);
      expect(callback.headers['retry-after']).toBe(seconds && String(seconds));
      expect(callback.json().error).toEqual({
        code: 'DISCORD_BUSY',
        message:
          'Discord is limiting sign-ins right now. Please wait a little and sign in with Discord again.',
        ...(seconds ? { details: { retryAfterSeconds: seconds } } : {}),
      });
      const [users] = await queryRows<{ count: number }>(
        ctx.database.db,
        sql`select count(*)::int as count from users where email = ${who.email}`,
      );
      expect(users!.count).toBe(0);
      // Once Discord lets it through, the same person signs in.
      expect((await signInWithDiscord(who)).callback.statusCode).toBeLessThan(300);
    },
  );

  it('keeps the browser binding in a short-lived HttpOnly, SameSite=Lax cookie, Secure over https', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/discord/start' });
    const header = String(start.headers['set-cookie']);
    expect(header).toMatch(/^crimsonhost_oauth=[A-Za-z0-9_-]{40,};/);
    expect(header).toContain('Path=/api/auth/discord');
    expect(header).toContain('Max-Age=600');
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Secure'); // PUBLIC_URL is https here
  });

  it('refuses a callback from any browser but the one that started the sign-in (login CSRF)', async () => {
    // The attacker starts a sign-in and approves it with their own Discord account...
    const attacker = await startInBrowser();
    const { code, state } = discord.approve(attacker.authorizationUrl, account());
    // ...then gets the victim's browser to deliver that callback, with no cookie or its own.
    const victimCookie = (await startInBrowser()).cookie;
    for (const headers of [{}, { cookie: victimCookie }, { cookie: 'crimsonhost_oauth=' }]) {
      const refused = await ctx.request({
        method: 'POST',
        url: '/api/auth/discord/callback',
        payload: { code, state },
        headers,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        error: {
          code: 'OAUTH_BROWSER_MISMATCH',
          message:
            'This sign-in was started in another browser, or too long ago. Start it again here.',
        },
      });
      expect(refused.json().data).toBeUndefined();
    }
    // The browser that started it still finishes it, and its cookie is cleared.
    const owner = await ctx.request({
      method: 'POST',
      url: '/api/auth/discord/callback',
      payload: { code, state },
      headers: { cookie: attacker.cookie },
    });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.tokens.access_token).toEqual(expect.any(String));
    expect(String(owner.headers['set-cookie'])).toMatch(/^crimsonhost_oauth=; .*Max-Age=0/);
  });

  it('refuses a banned Discord user', async () => {
    const who = account();
    const first = (await signInWithDiscord(who)).callback.json().data.user;
    const { sql } = await import('drizzle-orm');
    await ctx.database.db.execute(sql`update users set status = 'banned' where id = ${first.id}`);
    expect((await signInWithDiscord(who)).callback.json().error.code).toBe('ACCOUNT_BANNED');
  });
});

describe('linking Discord from /settings', () => {
  /** A local account signed in through the API, as the web app's session is. */
  async function signedInLocal() {
    const user = await createUser(ctx.database.db);
    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      remoteAddress: `10.9.0.${(n += 1)}`,
    });
    const headers = { authorization: `Bearer ${login.json().data.tokens.access_token as string}` };
    return { user, headers };
  }

  async function linkAs(headers: Record<string, string>, who: DiscordAccount) {
    const start = await ctx.request({
      method: 'POST',
      url: '/api/auth/discord/link-start',
      headers,
    });
    expect(start.statusCode).toBe(200);
    const { code, state } = discord.approve(start.json().data.url as string, who);
    return ctx.request({
      method: 'POST',
      url: '/api/auth/discord/callback',
      payload: { code, state },
      headers: { cookie: cookieFrom(start) },
    });
  }

  it('links the signed-in account, says so by mail and in the audit log, and signs in with Discord next time', async () => {
    const { user, headers } = await signedInLocal();
    const who = account({ email: 'someone-else@example.com' });
    const callback = await linkAs(headers, who);
    expect(callback.statusCode).toBe(200);
    expect(callback.json().data).toEqual({
      linked: { provider: 'discord', username: who.global_name },
    });
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
    expect(profile.json().data.user.discordLinked).toBe(true);
    const [mail] = await queryRows<{ subject: string }>(
      ctx.database.db,
      sql`select subject from mail_outbox where recipient = ${user.email} and kind = 'security-discord-linked'`,
    );
    expect(mail?.subject).toBe('Discord was linked to your CrimsonHost account');
    const [audit] = await queryRows<{ action: string }>(
      ctx.database.db,
      sql`select action from audit_log where target_id = ${user.id}`,
    );
    expect(audit?.action).toBe('user.discord_linked');
    // The same Discord account now signs in to this one.
    const { callback: signIn } = await signInWithDiscord(who);
    expect(signIn.json().data.user.id).toBe(user.id);
    // Asking again answers that it is linked.
    const again = await ctx.request({
      method: 'POST',
      url: '/api/auth/discord/link-start',
      headers,
    });
    expect(again.json().error.code).toBe('ALREADY_LINKED');
  });

  it('refuses a Discord account that another CrimsonHost account has, and needs a session to start', async () => {
    const taken = account();
    const { callback } = await signInWithDiscord(taken);
    expect(callback.statusCode).toBe(200);
    const { headers } = await signedInLocal();
    const refused = await linkAs(headers, taken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('DISCORD_IN_USE');
    const anonymous = await ctx.request({ method: 'POST', url: '/api/auth/discord/link-start' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('without Discord configured', () => {
  it('says sign-in with Discord is not set up', async () => {
    const plain = await createTestApp();
    try {
      expect(
        (await plain.app.inject({ method: 'GET', url: '/api/auth/providers' })).json(),
      ).toEqual({ data: { discord: false } });
      const start = await plain.app.inject({ method: 'GET', url: '/api/auth/discord/start' });
      expect(start.statusCode).toBe(503);
      expect(start.json().error.code).toBe('DISCORD_UNAVAILABLE');
    } finally {
      await plain.close();
    }
  });
});
