// The in-memory catalog (decision 062) answers every list exactly as the SQL path does: the same
// cards in the same order on every page, the same facets, with every sort, filter, search and price range, before
// and after the kinds of change the product makes (rents, edits, price and popularity moves,
// unlisting, new listings, a deleted listing, a renamed region), and it never misses a transaction
// that commits after a later one.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  facetQuerySchema,
  serverListQuerySchema,
  type ServerListResponse,
} from '@crimsonhost/shared/catalog';
import { buildApp, type App } from '../../src/app';
import { openDatabase, queryRows, type DatabaseHandle } from '../../src/db/client';
import { seedBulkListings } from '../../src/db/seed/bulk-seed';
import { countListings } from '../../src/modules/catalog/catalog.repository';
import { CatalogReadModel } from '../../src/modules/catalog/catalog-read-model';
import {
  listGameFacets,
  listRegionFacets,
  listServers,
  toListingFilters,
} from '../../src/modules/catalog/catalog.service';
import { createTestApp, recordingMailer, TEST_JWT_SECRET, type TestContext } from '../app';

const FILTERS = [
  '',
  'game=csgo',
  'game=rust&region=fra',
  'status=online',
  'status=maintenance',
  'availability=AVAILABLE',
  'availability=RENTED',
  'availability=MAINTENANCE',
  'region=nyc&status=offline',
  'minPrice=0.20&maxPrice=0.45',
  'game=ark&maxPrice=0.30',
  'q=survival',
  'q=Bulk&game=csgo&minPrice=0.3',
  'q=%23 1',
  'q=50%25',
  'q=_',
  'q=nothing matches this',
];
const SORTS = ['popularity', 'price_asc', 'price_desc', 'performance', 'availability'];
const PAGES = ['page=1&pageSize=20', 'page=2&pageSize=10', 'page=9&pageSize=20'];

function parse(query: string) {
  return serverListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
}

/** Every filter, sort and page from SQL and from the model, compared card by card. */
async function expectSameAsSql(ctx: TestContext, model: CatalogReadModel, filters = FILTERS) {
  const db = ctx.database.db;
  let compared = 0;
  for (const filter of filters) {
    // The facets beside the list: listings by game and by region under the other filters.
    const facetFilters = facetQuerySchema.parse(Object.fromEntries(new URLSearchParams(filter)));
    expect(await model.gameFacets(facetFilters), `games under ${filter}`).toEqual(
      await listGameFacets(db, facetFilters),
    );
    expect(await model.regionFacets(facetFilters), `regions under ${filter}`).toEqual(
      await listRegionFacets(db, facetFilters),
    );
    for (const sort of SORTS) {
      for (const page of PAGES) {
        const query = parse(`${filter}&sort=${sort}&${page}`);
        const fromSql = await listServers(db, query);
        const json = await model.list(query);
        expect(json, `${filter} ${sort} ${page}`).not.toBeNull();
        const fromModel = JSON.parse(json!) as ServerListResponse;
        expect(fromModel.data, `${filter} ${sort} ${page}`).toEqual(fromSql.data);
        const { total, exact } = fromSql.meta.totalExact
          ? { total: fromSql.meta.total, exact: true }
          : await countListings(db, toListingFilters(query), 1_000_000);
        expect(exact).toBe(true);
        expect(fromModel.meta, `${filter} ${sort} ${page}`).toEqual({
          page: query.page,
          pageSize: query.pageSize,
          total,
          totalExact: true,
        });
        compared += 1;
      }
    }
  }
  return compared;
}

describe('the in-memory catalog', () => {
  let ctx: TestContext;
  let model: CatalogReadModel;
  const errors: unknown[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({ CATALOG_CACHE_TTL_MS: '0' });
    await seedBulkListings(ctx.database.db, 700);
    // Ties on every sort key, so the id decides between equal rows as it does in SQL.
    await ctx.database.db.execute(sql`
      update server_listings
         set popularity = popularity % 4,
             performance_score = 40 + performance_score % 3,
             price_micro = 100000 * (1 + price_micro / 100000 % 6)`);
    model = new CatalogReadModel(ctx.database.db, {
      freshnessMs: 0,
      onError: (error) => errors.push(error),
    });
    await model.load();
  });
  afterAll(() => ctx.close());

  it('answers every filter, sort and page as SQL does', async () => {
    expect(await expectSameAsSql(ctx, model)).toBe(FILTERS.length * SORTS.length * PAGES.length);
    expect(errors).toEqual([]);
  });

  it('follows rents, edits and moves in every order', async () => {
    const db = ctx.database.db;
    // A few rows at a time: each order is edited in place.
    await db.execute(sql`
      update server_listings set availability = 'RENTED', popularity = popularity + 1
       where id in (select id from server_listings where availability = 'AVAILABLE'
                     order by id limit 7)`);
    await db.execute(sql`
      update server_listings set price_micro = price_micro + 50000, status = 'online'
       where id in (select id from server_listings order by id desc limit 5)`);
    await db.execute(sql`
      update server_listings set players_current = 0
       where id in (select id from server_listings order by id limit 20)`);
    await expectSameAsSql(ctx, model);
    // Many rows at once: the orders are sorted again.
    await db.execute(sql`update server_listings set performance_score = 100 - performance_score`);
    await expectSameAsSql(ctx, model);
    expect(errors).toEqual([]);
  });

  it('drops unlisted listings and finds renamed ones', async () => {
    const db = ctx.database.db;
    await db.execute(sql`
      update server_listings set deleted_at = now()
       where id in (select id from server_listings where name like '%Survival%' order by id limit 4)`);
    await db.execute(sql`
      update server_listings set vendor_active = false
       where id in (select id from server_listings where game_id = 'rust' order by id limit 3)`);
    await db.execute(sql`
      update server_listings set name = 'Nothing Matches This Survival', description = ''
       where id in (select id from server_listings order by price_micro, id limit 2)`);
    await expectSameAsSql(ctx, model);
    await db.execute(
      sql`update server_listings set deleted_at = null where deleted_at is not null`,
    );
    await expectSameAsSql(ctx, model, ['', 'q=survival', 'q=nothing matches this']);
    expect(errors).toEqual([]);
  });

  it('takes in new listings, a deleted listing and a renamed region', async () => {
    const db = ctx.database.db;
    await seedBulkListings(db, 760);
    await expectSameAsSql(ctx, model, ['', 'q=survival', 'game=csgo']);
    const [gone] = await queryRows<{ id: string }>(
      db,
      sql`select id from server_listings order by popularity desc, id limit 1`,
    );
    await db.execute(sql`delete from server_listings where id = ${gone!.id}`);
    await db.execute(sql`update regions set name = 'Frankfurt am Main' where code = 'fra'`);
    await expectSameAsSql(ctx, model, ['', 'region=fra', 'q=survival']);
    const page = JSON.parse((await model.list(parse('region=fra')))!) as ServerListResponse;
    expect(page.data[0]?.region.name).toBe('Frankfurt am Main');
    expect(errors).toEqual([]);
  });
});

describe('the in-memory catalog of an instance', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ CATALOG_CACHE_TTL_MS: '0' });
    await seedBulkListings(ctx.database.db, 40);
  });
  afterAll(() => ctx.close());

  const health = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/health' })).json<{
      data: { status: string; catalog: Record<string, unknown> };
    }>().data;
  const list = () => ctx.app.inject({ method: 'GET', url: '/api/servers?sort=price_asc' });

  it('reports in the health call where lists come from and what it holds', async () => {
    expect((await list()).statusCode).toBe(200);
    expect((await health()).catalog).toEqual({
      source: 'memory',
      listings: 40,
      lastReadAt: expect.any(String),
      failedReads: 0,
      lastFailure: null,
    });
  });

  it('answers from SQL while it cannot read the changes, and says so', async () => {
    const before = await list();
    await ctx.database.db.execute(sql`alter table catalog_epoch rename to catalog_epoch_away`);
    try {
      const during = await list();
      expect(during.statusCode).toBe(200);
      expect(during.json<ServerListResponse>().data).toEqual(
        before.json<ServerListResponse>().data,
      );
      const { status, catalog } = await health();
      expect(status).toBe('ok');
      expect(catalog).toMatchObject({
        source: 'memory',
        failedReads: 1,
        lastFailure: { message: expect.stringContaining('catalog_epoch'), at: expect.any(String) },
      });
    } finally {
      await ctx.database.db.execute(sql`alter table catalog_epoch_away rename to catalog_epoch`);
    }
    await ctx.database.db.execute(sql`update server_listings set popularity = popularity + 1`);
    expect((await list()).statusCode).toBe(200);
    expect((await health()).catalog).toMatchObject({ source: 'memory', failedReads: 1 });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the in-memory catalog on PostgreSQL', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ CATALOG_CACHE_TTL_MS: '0' });
    await seedBulkListings(ctx.database.db, 300);
  });
  afterAll(() => ctx.close());

  it('reads a transaction that commits after a later one', async () => {
    const model = new CatalogReadModel(ctx.database.db, { freshnessMs: 0 });
    await model.load();
    const [early, late] = await queryRows<{ id: string }>(
      ctx.database.db,
      sql`select id from server_listings where listed order by popularity desc, id limit 2`,
    );
    const client = new pg.Client({ connectionString: ctx.database.url });
    await client.connect();
    try {
      // The early transaction writes first and stays open...
      await client.query('begin');
      await client.query(`update server_listings set name = 'Committed Late' where id = $1`, [
        early!.id,
      ]);
      // ...while a later one commits and the model reads it.
      await ctx.database.db.execute(
        sql`update server_listings set name = 'Committed Early' where id = ${late!.id}`,
      );
      const before = JSON.parse((await model.list(parse('')))!) as ServerListResponse;
      expect(before.data.map((card) => card.name)).toContain('Committed Early');
      expect(before.data.map((card) => card.name)).not.toContain('Committed Late');
      await client.query('commit');
    } finally {
      await client.end();
    }
    const after = JSON.parse((await model.list(parse('')))!) as ServerListResponse;
    expect(after.data.map((card) => card.name)).toEqual(
      expect.arrayContaining(['Committed Early', 'Committed Late']),
    );
  });

  it('shows a change made through one instance on another', async () => {
    // A second instance with the production setting: its lists may trail by up to a second.
    let second: App | undefined;
    let pool: DatabaseHandle | undefined;
    try {
      pool = await openDatabase({ driver: 'postgres', url: ctx.database.url! });
      second = await buildApp({
        config: { ...ctx.config, CATALOG_FRESHNESS_MS: 1000, CATALOG_CACHE_TTL_MS: 0 },
        database: pool,
        jwtSecret: TEST_JWT_SECRET,
        mailer: recordingMailer(),
      });
      await second.ready();
      const first = async () =>
        (
          await second!.inject({ method: 'GET', url: '/api/servers?sort=popularity' })
        ).json<ServerListResponse>().data[0]!;
      const top = await first();
      await ctx.database.db.execute(
        sql`update server_listings set availability = 'MAINTENANCE' where id = ${top.id}`,
      );
      const deadline = Date.now() + 10_000;
      let seen = await first();
      while (seen.availability !== 'MAINTENANCE' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        seen = await first();
      }
      expect(seen).toMatchObject({ id: top.id, availability: 'MAINTENANCE' });
    } finally {
      await second?.close();
      await pool?.close();
    }
  });
});
