import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { smtpMailer } from '../src/lib/mailer';
import { createTestApp, type TestContext } from './app';
import { createUser } from './factories';
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

const forgot = (email: string) =>
  ctx.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
const reset = (token: string, password: string) =>
  ctx.request({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
const login = (email: string, password: string) =>
  ctx.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('password reset by e-mail', () => {
  it('mails a single-use link over SMTP that sets a new password and ends every session', async () => {
    const user = await createUser(ctx.database.db, { email: 'forgetful@example.com' });
    const before = (await login(user.email, user.password!)).json().data.tokens;

    const answer = await forgot('Forgetful@Example.com');
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ data: { accepted: true } });

    const message = await mail.nextMailTo('forgetful@example.com');
    expect(message.subject).toBe('Reset your CrimsonHost password');
    expect(message.from?.text).toContain('no-reply@crimsonhost.test');
    expect(message.text).toContain('30 minutes');
    const link = /https:\/\/shop\.example\.com\/recovery\?token=([\w%-]+)/.exec(message.text ?? '');
    expect(link).not.toBeNull();
    expect(message.html).toContain(link![0]);
    const token = decodeURIComponent(link![1]!);

    expect((await reset(token, 'a brand new long phrase')).statusCode).toBe(200);
    expect((await login(user.email, 'a brand new long phrase')).statusCode).toBe(200);
    expect((await login(user.email, user.password!)).statusCode).toBe(401);
    const refreshed = await ctx.request({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: before.refresh_token },
    });
    expect(refreshed.statusCode).toBe(401);

    const reused = await reset(token, 'yet another long phrase');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('RESET_LINK_INVALID');
  });

  it('answers 202 for an unknown e-mail and sends nothing', async () => {
    const before = mail.received.length;
    const answer = await forgot('nobody-at-all@example.com');
    expect(answer.statusCode).toBe(202);
    // Every mail goes through the outbox, written before the answer: none queued, none to come.
    const { sql } = await import('drizzle-orm');
    const queued = await queryRows(
      ctx.database.db,
      sql`select id from mail_outbox where recipient = 'nobody-at-all@example.com'`,
    );
    expect(queued).toHaveLength(0);
    expect(mail.received.length).toBe(before);
  });

  it('refuses an expired link', async () => {
    const user = await createUser(ctx.database.db, { email: 'slow-reader@example.com' });
    await forgot(user.email);
    const message = await mail.nextMailTo('slow-reader@example.com');
    const token = decodeURIComponent(/token=([\w%-]+)/.exec(message.text ?? '')![1]!);
    const { sql } = await import('drizzle-orm');
    await ctx.database.db.execute(
      sql`update password_resets set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    expect((await reset(token, 'a brand new long phrase')).json().error.code).toBe(
      'RESET_LINK_INVALID',
    );
  });

  it('refuses a weak new password and keeps the link usable', async () => {
    const user = await createUser(ctx.database.db, { email: 'weak-choice@example.com' });
    await forgot(user.email);
    const message = await mail.nextMailTo('weak-choice@example.com');
    const token = decodeURIComponent(/token=([\w%-]+)/.exec(message.text ?? '')![1]!);
    const weak = await reset(token, 'password123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('WEAK_PASSWORD');
    expect((await reset(token, 'a brand new long phrase')).statusCode).toBe(200);
  });
});
