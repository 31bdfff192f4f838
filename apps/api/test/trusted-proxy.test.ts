import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app';

// app.inject connects from 127.0.0.1: that is the proxy in front of the API here.
let byCount: TestContext;
let byAddress: TestContext;

beforeAll(async () => {
  byCount = await createTestApp({ TRUST_PROXY: '1' });
  byAddress = await createTestApp({ TRUST_PROXY: '127.0.0.0/8' });
});
afterAll(async () => {
  await byCount.close();
  await byAddress.close();
});

/** forgot-password takes 5 requests per address in 15 minutes. */
const forgot = (ctx: TestContext, forwardedFor: string) =>
  ctx.request({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: 'someone@example.com' },
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe.each([
  ['one trusted hop', () => byCount],
  ['a trusted proxy address', () => byAddress],
])('behind a proxy (%s)', (_name, ctx) => {
  it('keys the limit on the address the proxy saw, whatever the client puts in X-Forwarded-For', async () => {
    // The proxy appends the address it saw (203.0.113.7) after what the client sent.
    const answers = [];
    for (let i = 0; i < 6; i += 1) {
      answers.push((await forgot(ctx(), `198.51.100.${i}, 203.0.113.7`)).statusCode);
    }
    expect(answers).toEqual([202, 202, 202, 202, 202, 429]);
    // Another client behind the same proxy has its own count.
    expect((await forgot(ctx(), '203.0.113.8')).statusCode).toBe(202);
  });
});
