import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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
});
