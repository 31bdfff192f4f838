import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXACT_TOTAL_LIMIT } from '@crimsonhost/shared/catalog';
import { seedBulkListings } from '../../src/db/seed/bulk-seed';
import { createTestApp, type TestContext } from '../app';

// The same catalog answered from SQL and from each instance's in-memory model (decision 062).
describe.each([
  { path: 'SQL', CATALOG_READ_MODEL: 'false' },
  { path: 'the in-memory model', CATALOG_READ_MODEL: 'true' },
])('list totals from $path', ({ path, CATALOG_READ_MODEL }) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ CATALOG_CACHE_TTL_MS: '0', CATALOG_READ_MODEL });
    await seedBulkListings(ctx.database.db, 1500);
  });
  afterAll(() => ctx.close());

  async function meta(query: string) {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/servers?${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<{ meta: { total: number; totalExact: boolean } }>().meta;
  }

  it('are exact for the category filters, however many listings match', async () => {
    expect(await meta('')).toMatchObject({ total: 1500, totalExact: true });
    expect(await meta('game=csgo')).toMatchObject({ total: 300, totalExact: true });
  });

  it('are exact for a search or price range up to the limit', async () => {
    const { total, totalExact } = await meta('q=bulk&game=csgo&region=fra');
    expect(totalExact).toBe(true);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(EXACT_TOTAL_LIMIT);
  });

  if (path === 'SQL') {
    it('are the estimate past the limit, never below it', async () => {
      const search = await meta('q=bulk');
      expect(search.totalExact).toBe(false);
      expect(search.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
      const price = await meta('minPrice=0');
      expect(price.totalExact).toBe(false);
      expect(price.total).toBeGreaterThan(EXACT_TOTAL_LIMIT);
    });
  } else {
    it('are exact past the limit too: the model counts in memory', async () => {
      expect(await meta('q=bulk')).toEqual({
        page: 1,
        pageSize: expect.any(Number),
        total: 1500,
        totalExact: true,
      });
      expect(await meta('minPrice=0')).toMatchObject({ total: 1500, totalExact: true });
    });
  }
});
