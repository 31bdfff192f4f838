import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { AppError } from '../src/lib/errors';
import { JobScheduler } from '../src/lib/jobs';
import { createTestApp, type TestContext } from './app';

function builtWebApp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'crimsonhost-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("install", () => {})');
  return dir;
}

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ WEB_DIST_DIR: builtWebApp() }, (app) => {
    app.post(
      '/api/test/echo',
      { schema: { body: z.object({ email: z.email(), hours: z.number().int().min(1) }) } },
      async (request) => ({ data: request.body }),
    );
    app.get('/api/test/boom', async () => {
      throw new Error('database password is hunter2');
    });
    app.get('/api/test/rule', async () => {
      throw new AppError('INSUFFICIENT_FUNDS', 422, 'Your balance does not cover this rental');
    });
  });
});
afterAll(() => ctx.close());

describe('GET /api/health', () => {
  it('reports the database reachable and the migration level', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.status).toBe('ok');
    expect(data.database.reachable).toBe(true);
    expect(data.database.driver).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(data.database.migration.upToDate).toBe(true);
    expect(data.database.migration.applied).toBe(data.database.migration.expected);
    expect(data.database.migration.latest).toMatch(/^\d{4}_/);
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("lists each background job's runs, last run and failure, shared by the instances", async () => {
    const scheduler = new JobScheduler(ctx.database.db, pino({ level: 'silent' }));
    await scheduler.runOnce({
      name: 'health-sample',
      intervalMs: 60_000,
      leaseMs: 10_000,
      run: () => Promise.reject(new Error('panel unreachable')),
    });
    const { data } = (await ctx.app.inject({ method: 'GET', url: '/api/health' })).json();
    const job = data.jobs.find((entry: { name: string }) => entry.name === 'health-sample');
    expect(job).toMatchObject({ runs: 1, lastError: 'panel unreachable' });
    expect(Date.parse(job.nextRunAfter) - Date.parse(job.lastStartedAt)).toBe(60_000);
    expect(Date.parse(job.lastFinishedAt)).toBeGreaterThanOrEqual(Date.parse(job.lastStartedAt));
  });
});

describe('the error envelope', () => {
  it.each(['GET', 'POST', 'DELETE'] as const)(
    'answers an unknown API path (%s) with a 404 JSON envelope, never the app shell',
    async (method) => {
      const response = await ctx.request({ method, url: '/api/no/such/thing?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({
        error: { code: 'NOT_FOUND', message: `No API route matches ${method} /api/no/such/thing` },
      });
    },
  );

  it('names every invalid field with a 400', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'not-an-email', hours: 0 },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'email',
      'hours',
    ]);
    expect(error.message).toMatch(/^(email|hours): /);
  });

  it('answers malformed JSON with a 400 and a plain message', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON' },
    });
  });

  it('answers an unsupported content type with a 415', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a too large body with a 413', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', pad: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('masks an unexpected error as a 500 without its message or stack', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('INTERNAL_ERROR');
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('answers a business rule error with its own status and code', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/test/rule' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: { code: 'INSUFFICIENT_FUNDS', message: 'Your balance does not cover this rental' },
    });
  });
});

describe('the web app', () => {
  it('serves the app shell for browser routes with a strict Content-Security-Policy', async () => {
    for (const url of ['/', '/servers', '/policies/buyer-protection', '/no-such-page']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toMatch(/<meta name="csrf-token" content="[\w.-]+" \/>/);
    }
  });

  it('caches hashed assets for a year and revalidates the service worker', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const worker = await ctx.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.headers['cache-control']).toContain('max-age=0');
  });

  it('does not answer a non-GET browser path with the shell', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/servers' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health']).toBeDefined();
  });
});
