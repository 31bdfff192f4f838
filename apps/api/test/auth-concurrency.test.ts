import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('creates one account when the same e-mail registers many times at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        ctx.request({
          method: 'POST',
          url: '/api/auth/register',
          payload: {
            email: 'twice@example.com',
            password: 'a long and unusual phrase',
            displayName: 'Twice',
          },
          remoteAddress: `10.9.0.${i}`,
        }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    // The losers get the envelope, never a 500: the unique index backs the check.
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.code).toBe('EMAIL_TAKEN');
    }
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
