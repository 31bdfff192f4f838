import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '../src/lib/mailer';
import { seedDemoAccounts } from '../src/modules/auth/auth.seed';
import { createTestApp, type TestContext } from './app';
import { startMailServer } from '@crimsonhost/devnet/mail-server';

let ctx: TestContext;
let mail: Awaited<ReturnType<typeof startMailServer>>;

beforeAll(async () => {
  mail = await startMailServer();
  ctx = await createTestApp({ PUBLIC_URL: 'https://shop.example.com' }, undefined, {
    mailer: smtpMailer(mail.url, 'CrimsonHost <no-reply@crimsonhost.test>'),
  });
});
afterAll(async () => {
  await ctx.close();
  await mail.close();
});

/** Each call comes from its own address, so the per-IP limits do not mix tests. */
let ipCounter = 0;
const nextIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

interface Registered {
  user: { id: string; email: string; emailVerified: boolean };
  tokens: { access_token: string; refresh_token: string };
  recoveryCodes: string[];
}

async function register(email: string, password: string, displayName = 'New Renter') {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password, displayName },
    remoteAddress: nextIp(),
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ data: Registered }>().data;
}

/** Waits for the next mail to `to` that the test has not read yet, and takes it off the pile. */
async function takeMail(to: string) {
  const sentTo = (message: (typeof mail.received)[number]) =>
    JSON.stringify(message.to).toLowerCase().includes(to.toLowerCase());
  for (let waited = 0; !mail.received.some(sentTo); waited += 50) {
    if (waited > 5000) throw new Error(`no mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return mail.received.splice(mail.received.findIndex(sentTo), 1)[0]!;
}

async function verificationToken(to: string) {
  const message = await takeMail(to);
  expect(message.subject).toBe('Confirm your e-mail address for CrimsonHost');
  const link = /https:\/\/shop\.example\.com\/verify-email\?token=([\w%-]+)/.exec(
    message.text ?? '',
  );
  expect(link).not.toBeNull();
  expect(message.html).toContain(link![0]);
  return decodeURIComponent(link![1]!);
}

const verify = (token: string) =>
  ctx.request({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
const login = (email: string, password: string) =>
  ctx.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: nextIp(),
  });
const profile = (accessToken: string) =>
  ctx.request({ method: 'GET', url: '/api/auth/profile', headers: bearer(accessToken) });
const refresh = (refreshToken: string) =>
  ctx.request({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { refresh_token: refreshToken },
  });
const recoveryLogin = (email: string, code: string, password: string) =>
  ctx.request({
    method: 'POST',
    url: '/api/auth/recovery',
    payload: { email, code, password },
    remoteAddress: nextIp(),
  });
const openDeposit = (accessToken: string) =>
  ctx.request({
    method: 'POST',
    url: '/api/wallet/deposits',
    headers: { ...bearer(accessToken), 'idempotency-key': randomUUID() },
    payload: { amount: '25', network: 'TRC20' },
  });

describe('e-mail verification', () => {
  it('mails a single-use link at registration; until it is used the account cannot deposit', async () => {
    const me = await register('Careful.Renter@Example.com', 'a long and unusual phrase');
    expect(me.user.emailVerified).toBe(false);
    const token = await verificationToken('Careful.Renter@Example.com');

    const refused = await openDeposit(me.tokens.access_token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: expect.stringContaining('verify'),
    });

    const stored = await ctx.database.db.execute(
      sql`select token_hash from email_verifications where user_id = ${me.user.id}`,
    );
    expect(JSON.stringify(stored)).not.toContain(token);

    const verified = await verify(token);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toEqual({ ok: true });
    expect((await profile(me.tokens.access_token)).json().data.user.emailVerified).toBe(true);
    expect((await openDeposit(me.tokens.access_token)).json().error?.code).not.toBe(
      'EMAIL_NOT_VERIFIED',
    );

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('VERIFY_LINK_INVALID');
  });

  it('refuses a link older than 24 hours, and a made-up one', async () => {
    const me = await register('late.reader@example.com', 'a long and unusual phrase');
    const token = await verificationToken('late.reader@example.com');
    await ctx.database.db.execute(
      sql`update email_verifications set expires_at = now() - interval '1 second'
           where user_id = ${me.user.id}`,
    );
    expect((await verify(token)).json().error.code).toBe('VERIFY_LINK_INVALID');
    expect((await verify('not-a-link-we-ever-sent')).json().error.code).toBe('VERIFY_LINK_INVALID');
    expect((await verify('')).statusCode).toBe(400);
  });

  it('resends a fresh link to a signed-in account, a few times an hour', async () => {
    const me = await register('resender@example.com', 'a long and unusual phrase');
    await verificationToken('resender@example.com');
    const resend = () =>
      ctx.request({
        method: 'POST',
        url: '/api/auth/verify-email/resend',
        headers: bearer(me.tokens.access_token),
      });
    expect(
      (await ctx.request({ method: 'POST', url: '/api/auth/verify-email/resend' })).statusCode,
    ).toBe(401);
    const first = await resend();
    expect(first.statusCode).toBe(202);
    const token = await verificationToken('resender@example.com');
    expect((await resend()).statusCode).toBe(202);
    expect((await resend()).statusCode).toBe(202);
    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');

    expect((await verify(token)).statusCode).toBe(200);
    await ctx.database.db.execute(sql`delete from rate_limit_counters`);
    const done = await resend();
    expect(done.statusCode).toBe(409);
    expect(done.json().error.code).toBe('EMAIL_ALREADY_VERIFIED');
  });

  it('counts the demo accounts as verified', async () => {
    const [renter] = (await seedDemoAccounts(ctx.database.db)).filter((a) => a.role === 'user');
    const signedIn = await login(renter!.email, renter!.password);
    expect(signedIn.json().data.user.emailVerified).toBe(true);
  });
});

describe('who owns an address', () => {
  it('gives the address to whoever verifies it first; the squatter loses it, its sessions and codes', async () => {
    const squatter = await register('victim@example.com', 'squatter chose this phrase', 'Squatter');
    await takeMail('victim@example.com'); // the squatter's link lands in the victim's mailbox

    // The owner registers the same address: not "taken", a registration of their own.
    const owner = await register('Victim@Example.com', 'the owner has a good phrase', 'Owner');
    expect(owner.user.id).not.toBe(squatter.user.id);
    expect(owner.recoveryCodes).toHaveLength(10);
    // Both can still sign in to their own registration until one of them verifies.
    expect((await login('victim@example.com', 'squatter chose this phrase')).statusCode).toBe(200);
    expect((await login('victim@example.com', 'the owner has a good phrase')).statusCode).toBe(200);

    const token = await verificationToken('Victim@Example.com');
    expect((await verify(token)).statusCode).toBe(200);

    expect((await profile(squatter.tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(squatter.tokens.refresh_token)).statusCode).toBe(401);
    expect((await login('victim@example.com', 'squatter chose this phrase')).statusCode).toBe(401);
    const recovered = await recoveryLogin(
      'victim@example.com',
      squatter.recoveryCodes[0]!,
      'squatter wants it back',
    );
    expect(recovered.statusCode).toBe(401);

    const ownerIn = await login('victim@example.com', 'the owner has a good phrase');
    expect(ownerIn.statusCode).toBe(200);
    expect(ownerIn.json().data.user).toMatchObject({ id: owner.user.id, emailVerified: true });

    // A verified address answers registration as before.
    const taken = await ctx.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'victim@example.com', password: 'yet another phrase', displayName: 'Late' },
      remoteAddress: nextIp(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('EMAIL_TAKEN');
  });

  it('a password reset through the mailed link proves the mailbox and takes the account back', async () => {
    const squatter = await register('reset-owner@example.com', 'squatter chose this phrase');
    await takeMail('reset-owner@example.com');

    const asked = await ctx.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'reset-owner@example.com' },
      remoteAddress: nextIp(),
    });
    expect(asked.statusCode).toBe(202);
    const message = await takeMail('reset-owner@example.com');
    const token = decodeURIComponent(/token=([\w%-]+)/.exec(message.text ?? '')![1]!);
    const reset = await ctx.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'the owner has a good phrase' },
    });
    expect(reset.statusCode).toBe(200);
    const fresh = reset.json().data.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(squatter.recoveryCodes[0]);

    // Every old code and session of the squatter is gone; the address is now verified.
    expect((await refresh(squatter.tokens.refresh_token)).statusCode).toBe(401);
    for (const code of squatter.recoveryCodes.slice(0, 2)) {
      const attempt = await recoveryLogin('reset-owner@example.com', code, 'squatter wants back');
      expect(attempt.json().error.code).toBe('RECOVERY_FAILED');
    }
    const ownerIn = await login('reset-owner@example.com', 'the owner has a good phrase');
    expect(ownerIn.json().data.user.emailVerified).toBe(true);

    const withFresh = await recoveryLogin(
      'reset-owner@example.com',
      fresh[0]!,
      'owner again phrase',
    );
    expect(withFresh.statusCode).toBe(200);
  });

  it('a recovery-code sign-in replaces every code and ends every session', async () => {
    const me = await register('code-user@example.com', 'a long and unusual phrase');
    const other = (await login('code-user@example.com', 'a long and unusual phrase')).json().data;

    const answer = await recoveryLogin(
      'code-user@example.com',
      me.recoveryCodes[0]!,
      'a new long phrase',
    );
    expect(answer.statusCode).toBe(200);
    const fresh = answer.json().data.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(answer.json().data.recoveryCodesLeft).toBe(10);
    expect((await refresh(other.tokens.refresh_token)).statusCode).toBe(401);
    expect((await refresh(me.tokens.refresh_token)).statusCode).toBe(401);

    const old = await recoveryLogin(
      'code-user@example.com',
      me.recoveryCodes[1]!,
      'another phrase here',
    );
    expect(old.json().error.code).toBe('RECOVERY_FAILED');
    expect(
      (await recoveryLogin('code-user@example.com', fresh[0]!, 'another phrase here')).statusCode,
    ).toBe(200);
  });
});
