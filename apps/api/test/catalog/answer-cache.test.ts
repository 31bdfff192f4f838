import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { serverListings } from '../../src/db/schema/index';
import { AnswerCache, queryKey } from '../../src/modules/catalog/answer-cache';
import { createTestApp, type TestContext } from '../app';
import { createListing, createVendor } from './catalog-factories';

// The clock moves only when a test moves it, so a busy machine cannot age an entry between two
// calls that the test means to fall within one time to live.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('AnswerCache', () => {
  it('computes once for callers that ask together, and again after the time to live', async () => {
    const cache = new AnswerCache<number>(50);
    let computed = 0;
    const compute = async () => {
      computed += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return computed;
    };
    expect(await Promise.all([1, 2, 3].map(() => cache.get('k', compute)))).toEqual([1, 1, 1]);
    vi.advanceTimersByTime(49);
    expect(await cache.get('k', compute)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await cache.get('k', compute)).toBe(2);
  });

  it('does not keep a failure', async () => {
    const cache = new AnswerCache<string>(10_000);
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow();
    expect(await cache.get('k', async () => 'fine')).toBe('fine');
  });

  it('computes every time with a time to live of 0, and drops the oldest past its size', async () => {
    let n = 0;
    const off = new AnswerCache<number>(0);
    expect([await off.get('k', async () => ++n), await off.get('k', async () => ++n)]).toEqual([
      1, 2,
    ]);
    const small = new AnswerCache<string>(10_000, 2);
    await small.get('a', async () => 'a1');
    await small.get('b', async () => 'b1');
    await small.get('c', async () => 'c1');
    expect(await small.get('a', async () => 'a2')).toBe('a2');
    expect(await small.get('c', async () => 'c2')).toBe('c1');
  });

  it('keys a query the same whatever the order of its parameters', () => {
    expect(queryKey({ game: 'rust', page: 1 })).toBe(queryKey({ page: 1, game: 'rust' }));
    expect(queryKey({ game: 'rust' })).not.toBe(queryKey({ game: 'ark' }));
  });
});

describe('the catalog answers through the cache', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ CATALOG_CACHE_TTL_MS: '300' });
  });
  afterAll(() => ctx.close());

  it('shows a new listing once the time to live has passed', async () => {
    const vendor = await createVendor(ctx.database.db);
    const total = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/servers?game=valheim' })).json<{
        meta: { total: number };
      }>().meta.total;
    expect(await total()).toBe(0);
    await createListing(ctx.database.db, { vendorId: vendor.id, gameId: 'valheim' });
    vi.advanceTimersByTime(299);
    expect(await total()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(await total()).toBe(1);
  });

  it("shows a server's change to visitors within the time to live, and at once to a signed-in one", async () => {
    const vendor = await createVendor(ctx.database.db);
    const listing = await createListing(ctx.database.db, { vendorId: vendor.id, status: 'online' });
    const status = async (headers: Record<string, string> = {}) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/servers/${listing.id.toUpperCase()}`,
        headers,
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ data: { status: string } }>().data.status;
    };
    expect(await status()).toBe('online');
    await ctx.database.db
      .update(serverListings)
      .set({ status: 'maintenance' })
      .where(eq(serverListings.id, listing.id));
    vi.advanceTimersByTime(299);
    expect(await status()).toBe('online');
    expect(await status({ authorization: 'Bearer renter-token' })).toBe('maintenance');
    vi.advanceTimersByTime(1);
    expect(await status()).toBe('maintenance');
  });

  it('sends a cached page compressed as each visitor asks, the same bytes every time', async () => {
    const vendor = await createVendor(ctx.database.db);
    for (let i = 0; i < 12; i += 1) {
      await createListing(ctx.database.db, { vendorId: vendor.id, gameId: 'ark' });
    }
    vi.advanceTimersByTime(300);
    const get = (headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url: '/api/servers?game=ark', headers });
    const plain = await get();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json<{ meta: { total: number } }>().meta.total).toBeGreaterThanOrEqual(12);
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await get({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    const again = await get({ 'accept-encoding': 'br' });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);

    const gz = await get({ 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);

    for (const headers of <Record<string, string>[]>[
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'deflate' },
      { 'accept-encoding': 'br', 'x-no-compression': '1' },
    ]) {
      const response = await get(headers);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(plain.body);
    }
  });

  it("sends a server's page compressed, cached or signed in, and small answers as they are", async () => {
    const vendor = await createVendor(ctx.database.db);
    const listing = await createListing(ctx.database.db, {
      vendorId: vendor.id,
      description: 'A modded survival world with weekly wipes and a friendly crowd. '.repeat(20),
    });
    const url = `/api/servers/${listing.id}`;
    const plain = await ctx.app.inject({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const headers of [
      { 'accept-encoding': 'br' },
      { 'accept-encoding': 'br', authorization: 'Bearer renter-token' },
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url, headers });
      expect(response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(plain.body);
    }
    // The region facets are a few hundred bytes: below the threshold nothing is compressed.
    const regions = await ctx.app.inject({
      method: 'GET',
      url: '/api/regions?game=ark',
      headers: { 'accept-encoding': 'br' },
    });
    expect(regions.statusCode).toBe(200);
    expect(regions.body.length).toBeLessThan(1024);
    expect(regions.headers['content-encoding']).toBeUndefined();
    expect(regions.json<{ data: unknown[] }>().data.length).toBeGreaterThan(0);
  });

  it('keeps no answer for a server that does not exist', async () => {
    const id = '00000000-0000-4000-8000-00000000abcd';
    const get = () => ctx.app.inject({ method: 'GET', url: `/api/servers/${id}` });
    expect((await get()).statusCode).toBe(404);
    const vendor = await createVendor(ctx.database.db);
    await createListing(ctx.database.db, { vendorId: vendor.id, id });
    expect((await get()).statusCode).toBe(200);
  });
});
