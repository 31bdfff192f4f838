// Every route the API documents, sent input a careless client or an attacker would send: broken
// JSON, wrong types, nulls, arrays, huge strings, odd path ids and query values, signed in and
// not. Whatever the route, the answer is the error envelope with a 4xx status (or 503 where a
// service is not set up): never a 500, never a stack trace, never an HTML page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app';
import { renter } from './rentals/rentals-fixture';

let ctx: TestContext;
let headers: Record<string, string>;

interface Route {
  method: string;
  path: string;
}

beforeAll(async () => {
  ctx = await createTestApp();
  ({ headers } = await renter(ctx));
});
afterAll(async () => {
  await ctx?.close();
});

/** The documented routes under /api, from the app's own OpenAPI document. */
function documentedRoutes(): Route[] {
  const document = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths)
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })),
    )
    .filter((route) => route.path.startsWith('/api/') && !route.path.startsWith('/api/docs'));
}

const ODD_IDS = [
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  "1' or '1'='1",
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  'x'.repeat(2_000),
  '%F0%9F%92%A5',
];

/** Fills `{param}` placeholders with one of the odd ids. */
const withId = (path: string, id: string) => path.replace(/\{[^}]+\}/g, id);

const ODD_BODIES: { name: string; payload: string; type?: string }[] = [
  { name: 'broken JSON', payload: '{"amount": ' },
  { name: 'null', payload: 'null' },
  { name: 'an array', payload: '[1,2,3]' },
  { name: 'a number', payload: '42' },
  {
    name: 'wrong types',
    payload: JSON.stringify({
      email: 12,
      password: [],
      amount: { $gt: 0 },
      network: null,
      hours: '3; drop table users',
      serverId: true,
      signal: 'shutdown -h now',
      refresh_token: 7,
      token: {},
      code: -1,
    }),
  },
  {
    name: 'huge strings',
    payload: JSON.stringify({
      email: `${'a'.repeat(50_000)}@example.com`,
      password: 'p'.repeat(50_000),
      displayName: '<script>alert(1)</script>'.repeat(2_000),
      amount: '9'.repeat(5_000),
      hours: 1e308,
      serverId: 'x'.repeat(50_000),
    }),
  },
  {
    name: 'a form body',
    payload: 'amount=10&network=ERC20',
    type: 'application/x-www-form-urlencoded',
  },
  { name: 'plain text', payload: 'hello', type: 'text/plain' },
];

const ODD_QUERIES = [
  'page=-1&pageSize=7',
  'page=abc&pageSize=1e9',
  'page=99999999999999999999',
  'status=%00&type=DROP&currency=BTC',
  'from=yesterday&to=2026-13-45T99:99:99Z',
  'sort=__proto__&order=sideways',
  'q=' + 'z'.repeat(5_000),
  'minPrice=-5&maxPrice=NaN&minPlayers=1e400',
  'game[]=rust&game[]=ark&region[$ne]=x',
];

function expectEnvelope(
  route: string,
  response: { statusCode: number; body: string; headers: Record<string, unknown> },
) {
  const where = `${route} → ${response.statusCode} ${response.body.slice(0, 200)}`;
  // Sign-in with Discord says 503 when this storefront has no Discord app configured (as here).
  const notSetUp = response.statusCode === 503 && response.body.includes('DISCORD_UNAVAILABLE');
  if (!notSetUp) expect(response.statusCode, where).toBeLessThan(500);
  if (response.statusCode < 400) return;
  expect(String(response.headers['content-type']), where).toMatch(/^application\/json/);
  const body = JSON.parse(response.body) as { error?: { code?: unknown; message?: unknown } };
  expect(typeof body.error?.code, where).toBe('string');
  expect(typeof body.error?.message, where).toBe('string');
  expect(response.body, where).not.toMatch(/\bat .+\.(ts|js):\d+|node_modules/);
}

describe('hostile input on every documented route', () => {
  it('finds the routes to try', () => {
    const routes = documentedRoutes();
    expect(routes.length).toBeGreaterThan(20);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/wallet/deposits' });
    expect(routes).toContainEqual({ method: 'POST', path: '/api/rentals/{id}/power' });
    expect(routes).toContainEqual({
      method: 'POST',
      path: '/api/wallet/deposits/{transactionId}/cancel',
    });
  });

  it('answers odd path ids with a 4xx envelope, signed in and not', async () => {
    for (const route of documentedRoutes().filter((r) => r.path.includes('{'))) {
      for (const id of ODD_IDS) {
        for (const auth of [headers, {}]) {
          const response = await ctx.request({
            method: route.method,
            url: withId(route.path, id),
            headers: { ...auth, 'idempotency-key': `hostile-${id.slice(0, 40)}` },
            ...(route.method === 'GET' ? {} : { payload: {} }),
          });
          expectEnvelope(`${route.method} ${route.path} with id ${id.slice(0, 30)}`, response);
        }
      }
    }
  });

  it('answers odd bodies on every write with a 4xx envelope', async () => {
    const writes = documentedRoutes().filter((r) => r.method !== 'GET');
    for (const route of writes) {
      for (const body of ODD_BODIES) {
        const response = await ctx.request({
          method: route.method,
          url: withId(route.path, '00000000-0000-4000-8000-000000000001'),
          headers: {
            ...headers,
            'content-type': body.type ?? 'application/json',
            'idempotency-key': `hostile-${body.name}`,
          },
          payload: body.payload,
        });
        expectEnvelope(`${route.method} ${route.path} with ${body.name}`, response);
      }
    }
  });

  it('answers odd query strings on every read with a 4xx envelope or a normal answer', async () => {
    const reads = documentedRoutes().filter((r) => r.method === 'GET');
    for (const route of reads) {
      for (const query of ODD_QUERIES) {
        const response = await ctx.request({
          method: 'GET',
          url: `${withId(route.path, '00000000-0000-4000-8000-000000000001')}?${query}`,
          headers,
        });
        expectEnvelope(`GET ${route.path}?${query.slice(0, 40)}`, response);
      }
    }
  });

  it('refuses writes without the CSRF token, and bad bearer tokens, with the envelope', async () => {
    for (const route of documentedRoutes().filter((r) => r.method !== 'GET')) {
      const withoutCsrf = await ctx.app.inject({
        method: route.method as 'POST',
        url: withId(route.path, '00000000-0000-4000-8000-000000000001'),
        headers,
        payload: {},
      });
      expectEnvelope(`${route.method} ${route.path} without CSRF`, withoutCsrf);
    }
    for (const authorization of [
      'Bearer',
      'Bearer x.y.z',
      'Basic Zm9vOmJhcg==',
      'Bearer ' + 'a'.repeat(9_000),
    ]) {
      const response = await ctx.request({
        method: 'GET',
        url: '/api/wallet',
        headers: { authorization },
      });
      expect(response.statusCode).toBe(401);
      expectEnvelope(`GET /api/wallet with ${authorization.slice(0, 20)}`, response);
    }
  });
});
