// My signed-in devices (issue 18 point 6): listed with the device in words and the current one
// marked; signing one out is refused on that session's next call (not at its token's end); signing
// out the others keeps this one; another person's session answers 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MySession } from '@crimsonhost/shared/sessions';
import { createTestApp, type TestContext } from './app';
import { createUser } from './factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function signIn(
  user: { email: string; password: string | null },
  userAgent: string,
  ip: string,
) {
  const login = await ctx.request({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': userAgent },
    payload: { email: user.email, password: user.password },
    remoteAddress: ip,
  });
  expect(login.statusCode, login.body).toBe(200);
  const token = login.json<{ data: { tokens: { access_token: string } } }>().data.tokens
    .access_token;
  return { authorization: `Bearer ${token}` };
}

async function sessions(headers: Record<string, string>) {
  const response = await ctx.request({ method: 'GET', url: '/api/auth/sessions', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: MySession[] }>().data;
}

const profileStatus = async (headers: Record<string, string>) =>
  (await ctx.request({ method: 'GET', url: '/api/auth/profile', headers })).statusCode;

describe('my signed-in devices', () => {
  it('lists each device in words, marks the current one, and signs one out at once', async () => {
    const user = await createUser(ctx.database.db);
    const laptop = await signIn(user, FIREFOX, '10.77.0.1');
    const phone = await signIn(user, IPHONE, '10.77.0.2');

    const listed = await sessions(laptop);
    expect(listed).toHaveLength(2);
    expect(listed.map((s) => [s.device, s.ip, s.current]).sort()).toEqual([
      ['Firefox 133 on Linux', '10.77.0.1', true],
      ['Safari 18 on iPhone', '10.77.0.2', false],
    ]);

    const phoneSession = listed.find((s) => !s.current)!;
    const out = await ctx.request({
      method: 'DELETE',
      url: `/api/auth/sessions/${phoneSession.id}`,
      headers: laptop,
    });
    expect(out.statusCode, out.body).toBe(200);
    // The phone's access token has not run out, yet its next call is refused.
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(laptop)).toBe(200);
    expect((await sessions(laptop)).map((s) => s.device)).toEqual(['Firefox 133 on Linux']);
    // Signed out once is gone: a second time is not found.
    const again = await ctx.request({
      method: 'DELETE',
      url: `/api/auth/sessions/${phoneSession.id}`,
      headers: laptop,
    });
    expect(again.statusCode).toBe(404);
  });

  it('signs out every other device and keeps this one', async () => {
    const user = await createUser(ctx.database.db);
    const here = await signIn(user, FIREFOX, '10.77.1.1');
    const others = [
      await signIn(user, IPHONE, '10.77.1.2'),
      await signIn(user, FIREFOX, '10.77.1.3'),
    ];
    const answer = await ctx.request({
      method: 'POST',
      url: '/api/auth/sessions/sign-out-others',
      headers: here,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toEqual({ signedOut: 2 });
    for (const headers of others) expect(await profileStatus(headers)).toBe(401);
    expect(await profileStatus(here)).toBe(200);
    expect(await sessions(here)).toHaveLength(1);
  });

  it('answers 404 for another person’s session and for a bad id', async () => {
    const me = await createUser(ctx.database.db);
    const them = await createUser(ctx.database.db);
    const mine = await signIn(me, FIREFOX, '10.77.2.1');
    const theirs = await signIn(them, IPHONE, '10.77.2.2');
    const [theirSession] = await sessions(theirs);
    for (const id of [theirSession!.id, 'not-a-session']) {
      const response = await ctx.request({
        method: 'DELETE',
        url: `/api/auth/sessions/${id}`,
        headers: mine,
      });
      expect(response.statusCode).toBe(404);
    }
    expect(await profileStatus(theirs)).toBe(200);
  });
});
