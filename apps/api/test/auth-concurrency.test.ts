import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { createTestApp, type TestContext } from './app';
import { createUser } from './factories';
import { seedDemoAccounts, DEMO_ACCOUNTS } from '../src/modules/auth/auth.seed';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('refresh under concurrency', () => {
  it('lets exactly one of many simultaneous refreshes with one token win, and then ends the family', async () => {
    const user = await createUser(ctx.database.db);
    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    const { refresh_token } = login.json().data.tokens;
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        ctx.request({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token } }),
      ),
    );
    const winners = answers.filter((answer) => answer.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(24);
    // The losers presented a rotated token: the winner's new token is revoked with the family.
    const next = winners[0]!.json().data.tokens.refresh_token;
    const after = await ctx.request({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: next },
    });
    expect(after.statusCode).toBe(401);
  });

  it('lets one of many registrations of an address own it when all verify at once', async () => {
    // An unverified address is not "taken" (decision 015): each registration gets its own link.
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        ctx.request({
          method: 'POST',
          url: '/api/auth/register',
          payload: {
            email: 'twice@example.com',
            password: `a long and unusual phrase ${i}`,
            displayName: 'Twice',
          },
          remoteAddress: `10.9.0.${i}`,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const linkMails = () => ctx.mailer.sent.filter((mail) => mail.to === 'twice@example.com');
    for (let waited = 0; linkMails().length < 5 && waited < 5000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const tokens = linkMails().map((mail) =>
      decodeURIComponent(/verify-email\?token=([\w%-]+)/.exec(mail.text)![1]!),
    );
    expect(tokens).toHaveLength(5);

    const verified = await Promise.all(
      tokens.map((token) =>
        ctx.request({ method: 'POST', url: '/api/auth/verify-email', payload: { token } }),
      ),
    );
    // The losers get the envelope, never a 500: the address lock and the unique index back it.
    expect(verified.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const answer of verified.filter((a) => a.statusCode !== 200)) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.code).toBe('VERIFY_LINK_INVALID');
    }
    const owners = await queryRows<{ id: string }>(
      ctx.database.db,
      sql`select id from users where lower(email) = 'twice@example.com'`,
    );
    expect(owners).toHaveLength(1);
  });
});

describe('demo accounts', () => {
  it('creates one account of each role once, with passwords that sign in', async () => {
    const first = await seedDemoAccounts(ctx.database.db);
    expect(first.map((account) => account.role).sort()).toEqual([
      'admin',
      'support',
      'user',
      'vendor',
    ]);
    expect(await seedDemoAccounts(ctx.database.db)).toEqual([]);
    for (const account of first) {
      const login = await ctx.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: account.password },
        remoteAddress: '10.8.0.1',
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().data.user.role).toBe(
        DEMO_ACCOUNTS.find((a) => a.email === account.email)!.role,
      );
    }
  });
});
