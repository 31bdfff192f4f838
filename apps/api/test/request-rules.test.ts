// The rules every request meets before a handler runs, as an attacker probes them: values outside
// what the database holds, writes that try to slip past the CSRF check through the URL's spelling,
// text that hides control or direction characters, and the order of authentication and
// validation, with what a signed-in answer may leave in a cache.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discordDisplayName } from '../src/modules/auth/discord.service';
import { createTestApp, type TestContext } from './app';
import { renter, withKey } from './rentals/rentals-fixture';

let ctx: TestContext;
let headers: Record<string, string>;
let port: number;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ headers } = await renter(ctx));
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await ctx?.close();
});

function fieldsOf(body: string): string[] {
  const parsed = JSON.parse(body) as { error: { details?: { fields?: { field: string }[] } } };
  return (parsed.error.details?.fields ?? []).map((f) => f.field);
}

/** One raw HTTP/1.1 request over a socket, so the request target is sent exactly as written. */
function rawRequest(target: string, extra: Record<string, string>, body: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => resolve({ status: Number(text.split(' ')[1]), text }));
    socket.on('error', reject);
    const lines = [
      `POST ${target} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Connection: close',
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      ...Object.entries(extra).map(([name, value]) => `${name}: ${value}`),
      '',
      body,
    ];
    socket.write(lines.join('\r\n'));
  });
}

describe('values outside what the database holds', () => {
  it('answers a deposit amount beyond the largest deposit with 400 naming the field', async () => {
    for (const amount of ['999999999999999', '9223372036854.775808', 1e15]) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/wallet/deposits',
        headers: withKey(headers),
        payload: { amount, network: 'ERC20' },
      });
      expect(response.statusCode, String(amount)).toBe(400);
      expect(fieldsOf(response.body)).toEqual(['amount']);
      expect(response.json().error.message).toMatch(/^Maximum amount is [\d,]+ USDT$/);
    }
  });

  it('says what the largest deposit is in the deposit config', async () => {
    const config = await ctx.request({ method: 'GET', url: '/api/wallet/deposit-config' });
    expect(config.json().data.maxAmount).toBe('100000.000000');
  });

  it('answers catalog prices beyond what a listing may cost with 400 naming the field', async () => {
    for (const [query, field] of [
      ['maxPrice=999999999999999', 'maxPrice'],
      ['minPrice=999999999999999', 'minPrice'],
      ['minPrice=10000.000001', 'minPrice'],
    ] as const) {
      for (const path of ['/api/servers', '/api/games']) {
        const response = await ctx.request({ method: 'GET', url: `${path}?${query}` });
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        expect(fieldsOf(response.body)).toEqual([field]);
      }
    }
    const atTheLimit = await ctx.request({ method: 'GET', url: '/api/servers?maxPrice=10000' });
    expect(atTheLimit.statusCode).toBe(200);
  });

  it('answers dates outside a sane window with 400 naming the field', async () => {
    for (const [query, field] of [
      ['from=0000-01-01T00:00:00Z', 'from'],
      ['to=0001-01-01T00:00:00Z', 'to'],
      ['from=9999-12-31T23:59:59Z', 'from'],
      ['to=275760-09-13T00:00:00Z', 'to'],
    ] as const) {
      const response = await ctx.request({
        method: 'GET',
        url: `/api/wallet/transactions?${query}`,
        headers,
      });
      expect(response.statusCode, query).toBe(400);
      expect(fieldsOf(response.body)).toEqual([field]);
    }
    const sane = await ctx.request({
      method: 'GET',
      url: '/api/wallet/transactions?from=2024-01-01T00:00:00Z&to=2030-01-01T00:00:00Z',
      headers,
    });
    expect(sane.statusCode).toBe(200);
  });

  it('answers page numbers past any list with 400 naming the field', async () => {
    for (const path of ['/api/wallet/transactions', '/api/rentals', '/api/servers']) {
      const response = await ctx.request({
        method: 'GET',
        url: `${path}?page=100000000000000000000`,
        headers,
      });
      expect(response.statusCode, path).toBe(400);
      expect([...new Set(fieldsOf(response.body))]).toEqual(['page']);
    }
  });
});

describe('the CSRF check cannot be skipped by how the URL is written', () => {
  const body = JSON.stringify({ amount: '25', network: 'ERC20' });

  it('checks a write whose path is percent-encoded', async () => {
    for (const target of ['/%61pi/wallet/deposits', '/%61%70%69/wallet/deposits']) {
      const response = await rawRequest(
        target,
        { authorization: headers.authorization!, 'idempotency-key': `enc-${target}` },
        body,
      );
      expect(response.status, target).toBe(403);
      expect(response.text).toContain('CSRF_FAILED');
    }
  });

  it('checks a write sent in absolute form', async () => {
    const response = await rawRequest(
      `http://127.0.0.1:${port}/api/wallet/deposits`,
      { authorization: headers.authorization!, 'idempotency-key': 'absolute-form' },
      body,
    );
    expect(response.status).toBe(403);
    expect(response.text).toContain('CSRF_FAILED');
  });

  it('still lets a write with the token through', async () => {
    const { headers: own } = await renter(ctx);
    const response = await rawRequest(
      '/api/auth/logout',
      { authorization: own.authorization, 'x-csrf-token': ctx.csrf },
      '{}',
    );
    expect(response.status).toBeLessThan(300);
  });
});

describe('text fields', () => {
  async function rename(displayName: string) {
    const { headers: own } = await renter(ctx);
    return ctx.request({
      method: 'PATCH',
      url: '/api/auth/profile',
      headers: own,
      payload: { displayName },
    });
  }

  it.each([
    ['only zero-width characters', '\u200B\u200C\u200D\uFEFF'],
    ['only a Hangul filler and spaces', '\u3164 \u3164'],
    ['a header injection', 'Eve\r\nBcc: all@example.com'],
    ['a line feed', 'Eve\nAdmin'],
    ['a right-to-left override', 'Invoice \u202Egpj.exe'],
    ['a directional isolate', 'Eve\u2066x\u2069'],
    ['a NUL-free control character', 'Eve\u0007'],
  ])('refuses a display name of %s with 400 naming the field', async (_, displayName) => {
    const response = await rename(displayName);
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response.body)).toEqual(['displayName']);
  });

  it('stores a display name in Unicode NFC, trimmed', async () => {
    const response = await rename('  Cafe\u0301 Owner  ');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.displayName).toBe('Caf\u00E9 Owner');
  });

  it('refuses the same at registration', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: 'bidi@example.com',
        password: 'a long enough passphrase',
        displayName: '\u202Eevil',
      },
      remoteAddress: '10.9.0.1',
    });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response.body)).toEqual(['displayName']);
  });

  it('searches with control and direction characters removed rather than failing', async () => {
    const response = await ctx.request({
      method: 'GET',
      url: '/api/servers?q=%E2%80%AEmine%0D%0A',
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('authentication comes first, and signed-in answers are never cached', () => {
  it('answers a visitor 401 on a protected write, whatever the body', async () => {
    for (const payload of [
      {},
      { amount: 'lots', network: 'DOGE' },
      { amount: '25', network: 'ERC20' },
    ]) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/wallet/deposits',
        headers: { 'idempotency-key': 'visitor' },
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it('answers a visitor 401 on every guarded route with a bad body or query', async () => {
    const guarded = [
      { method: 'PATCH', url: '/api/auth/profile', payload: { displayName: 1 } },
      { method: 'POST', url: '/api/auth/change-password', payload: { password: 2 } },
      { method: 'POST', url: '/api/rentals', payload: { hours: -1 } },
      {
        method: 'POST',
        url: '/api/wallet/deposits/00000000-0000-4000-8000-000000000001/cancel',
        payload: { x: 1 },
      },
      { method: 'GET', url: '/api/wallet/transactions?pageSize=7' },
      { method: 'GET', url: '/api/rentals?status=NOPE' },
    ] as const;
    for (const route of guarded) {
      const response = await ctx.request({ ...route });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('marks every signed-in answer no-store, errors included', async () => {
    for (const url of ['/api/wallet', '/api/auth/profile', '/api/rentals', '/api/servers']) {
      const response = await ctx.request({ method: 'GET', url, headers });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const failed = await ctx.request({
      method: 'GET',
      url: '/api/wallet/transactions?pageSize=7',
      headers,
    });
    expect(failed.statusCode).toBe(400);
    expect(failed.headers['cache-control']).toBe('no-store');
  });

  it('refuses at start-up a route that would run a guard after validation', async () => {
    await expect(
      createTestApp({}, (app) => {
        app.post('/api/test/late', { preHandler: app.guards.authenticate }, async () => ({}));
      }),
    ).rejects.toThrow(/a guard in preHandler runs after validation; use onRequest/);
  });

  it('marks answers that carry tokens no-store', async () => {
    const user = await renter(ctx);
    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.user.email, password: user.user.password },
      remoteAddress: '10.9.0.2',
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
  });
});

describe('names that arrive from Discord', () => {
  it('are held to the display-name rules', () => {
    expect(discordDisplayName({ username: 'eve', global_name: '\u202Eevil\r\nBcc: x' })).toBe(
      'evil  Bcc: x',
    );
    expect(discordDisplayName({ username: 'eve_42', global_name: '\u200B\u200B' })).toBe('eve_42');
    expect(discordDisplayName({ username: 'x', global_name: null })).toBe('Discord user');
    expect(discordDisplayName({ username: 'ok', global_name: '😀'.repeat(50) })).toHaveLength(80);
  });
});
