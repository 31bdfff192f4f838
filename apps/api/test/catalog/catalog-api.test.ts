import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_SORTS, type ServerCard, type ServerSort } from '@crimsonhost/shared/catalog';
import { parseUsdt } from '@crimsonhost/shared/money';
import { createCatalogFixture, type CatalogFixture } from './catalog-fixture';

let fixture: CatalogFixture;
const list = (query: string) => fixture.list(query);
const listAll = (query: string) => fixture.listAll(query);
const isRentableNow = (c: ServerCard) => c.status === 'online' && c.availability === 'AVAILABLE';

beforeAll(async () => {
  fixture = await createCatalogFixture();
});
afterAll(() => fixture.ctx.close());

describe('GET /api/servers', () => {
  it('answers the first page of cards with the total, most popular first', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body.meta).toEqual({ page: 1, pageSize: 20, total: 40, totalExact: true });
    expect(body.data).toHaveLength(20);
    const card = body.data[0]!;
    expect(Object.keys(card).sort()).toEqual(
      [
        'availability',
        'cpu',
        'game',
        'id',
        'image',
        'name',
        'performanceScore',
        'players',
        'popularity',
        'price',
        'priceUnit',
        'ram',
        'region',
        'status',
        'storage',
      ].sort(),
    );
    expect(card.region).toEqual({
      code: expect.any(String),
      name: expect.any(String),
      country: expect.any(String),
    });
    expect(card.price).toMatch(/^\d+\.\d{6}$/);
    expect(card.priceUnit).toBe('hour');
    const popularity = body.data.map((c) => c.popularity);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
  });

  it('sends prices as exact six-decimal USDT strings', async () => {
    const cards = await listAll('sort=price_asc');
    expect(cards[0]!.price).toBe('0.250000');
    expect(cards.at(-1)!.price).toBe('2.000000');
  });

  it.each([
    ['game=rust', (c: ServerCard) => c.game === 'rust', 8],
    ['region=sgp', (c: ServerCard) => c.region.code === 'sgp', 10],
    ['status=maintenance', (c: ServerCard) => c.status === 'maintenance', 10],
    ['status=offline', (c: ServerCard) => c.status === 'offline', 10],
    ['availability=RENTED', (c: ServerCard) => c.availability === 'RENTED', 9],
    // Available means rentable now: online as well, never an offline or maintenance server.
    ['availability=AVAILABLE', (c: ServerCard) => isRentableNow(c), 12],
    ['status=offline&availability=AVAILABLE', () => false, 0],
    ['minPrice=1.5', (c: ServerCard) => parseUsdt(c.price) >= 1_500_000n, 15],
    ['maxPrice=0.5', (c: ServerCard) => parseUsdt(c.price) <= 500_000n, 10],
    ['minPrice=0.75&maxPrice=1', (c: ServerCard) => ['0.750000', '1.000000'].includes(c.price), 10],
    [
      'game=csgo&region=fra&maxPrice=2',
      (c: ServerCard) => c.game === 'csgo' && c.region.code === 'fra',
      2,
    ],
    [
      'game=minecraft&status=online&availability=AVAILABLE',
      (c: ServerCard) =>
        c.game === 'minecraft' && c.status === 'online' && c.availability === 'AVAILABLE',
      undefined,
    ],
  ])('filters by %s and counts the matches', async (query, matches, expected) => {
    const cards = await listAll(query);
    const everything = await listAll('sort=price_asc');
    expect(cards.every(matches)).toBe(true);
    expect(cards.length).toBe(everything.filter(matches).length);
    if (expected !== undefined) expect(cards.length).toBe(expected);
    const { body } = await list(`${query}&pageSize=10`);
    expect(body.meta.total).toBe(cards.length);
  });

  it('answers each request of one shape of filters with its own values', async () => {
    // The list's queries are built once per shape (which filters are set, the sort) and run with
    // each request's values: asking the same shape in turn must never answer another's.
    const everything = await listAll('sort=price_asc');
    for (const [game, region, maxPrice] of [
      ['rust', 'fra', '2'],
      ['csgo', 'sgp', '0.5'],
      ['minecraft', 'fra', '1'],
      ['rust', 'sgp', '1.5'],
    ] as const) {
      const matches = (c: ServerCard) =>
        c.game === game && c.region.code === region && parseUsdt(c.price) <= parseUsdt(maxPrice);
      const { body } = await list(
        `game=${game}&region=${region}&maxPrice=${maxPrice}&sort=price_asc&pageSize=10`,
      );
      expect(body.data.every(matches)).toBe(true);
      expect(body.meta.total).toBe(everything.filter(matches).length);
    }
    for (const status of ['online', 'offline', 'maintenance'] as const) {
      const { body } = await list(`status=${status}&sort=popularity&pageSize=100`);
      expect(body.data.every((c) => c.status === status)).toBe(true);
      expect(body.meta.total).toBe(everything.filter((c) => c.status === status).length);
    }
  });

  it('searches names and descriptions, ignoring case, with pattern characters taken literally', async () => {
    expect((await listAll('q=dust2')).map((c) => c.name)).toEqual(['Dust2 100% Frag_Zone']);
    expect((await listAll('q=weekly%20wipe')).map((c) => c.name)).toEqual(['Server 12']);
    expect((await listAll('q=100%25')).map((c) => c.name)).toEqual(['Dust2 100% Frag_Zone']);
    expect((await listAll('q=g_z')).map((c) => c.name)).toEqual(['Dust2 100% Frag_Zone']);
    expect(await listAll('q=_')).toHaveLength(1);
    expect(await listAll('q=nothing-like-this')).toHaveLength(0);
    const { body } = await list('q=SERVER&pageSize=10');
    expect(body.meta.total).toBe(40);
  });

  const sortKey: Record<ServerSort, (c: ServerCard) => (number | string)[]> = {
    price_asc: (c) => [Number(parseUsdt(c.price))],
    price_desc: (c) => [-Number(parseUsdt(c.price))],
    performance: (c) => [-c.performanceScore],
    popularity: (c) => [-c.popularity],
    // Rentable now first, then rented, then everything else (maintenance, offline).
    availability: (c) => [
      isRentableNow(c) ? 0 : c.availability === 'RENTED' ? 1 : 2,
      Number(parseUsdt(c.price)),
    ],
  };

  it.each(SERVER_SORTS)('sorts by %s with the id breaking ties', async (sort) => {
    const cards = await listAll(`sort=${sort}`);
    expect(cards).toHaveLength(40);
    const key = sortKey[sort];
    for (let i = 1; i < cards.length; i += 1) {
      const [a, b] = [key(cards[i - 1]!), key(cards[i]!)];
      const order = a.findIndex((value, j) => value !== b[j]);
      if (order >= 0) {
        expect(a[order]! < b[order]!).toBe(true);
      } else {
        // A tie: ids ascending, or descending for price_desc (the index read backwards).
        const [x, y] = [cards[i - 1]!.id, cards[i]!.id];
        expect(sort === 'price_desc' ? x > y : x < y).toBe(true);
      }
    }
  });

  it.each(SERVER_SORTS)(
    'pages through %s in one stable order, without gaps or repeats',
    async (sort) => {
      const whole = (await listAll(`sort=${sort}`)).map((c) => c.id);
      const paged: string[] = [];
      for (let page = 1; page <= 4; page += 1) {
        const { status, body } = await list(`sort=${sort}&pageSize=10&page=${page}`);
        expect(status).toBe(200);
        expect(body.meta).toEqual({ page, pageSize: 10, total: 40, totalExact: true });
        paged.push(...body.data.map((c) => c.id));
      }
      expect(paged).toEqual(whole);
      expect(new Set(paged).size).toBe(40);
    },
  );

  it('answers an empty page past the end with the total', async () => {
    const { status, body } = await list('pageSize=50&page=3');
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.meta.total).toBe(40);
  });

  it.each([10, 20, 50, 100])('accepts pageSize=%i', async (size) => {
    const { status, body } = await list(`pageSize=${size}`);
    expect(status).toBe(200);
    expect(body.data).toHaveLength(Math.min(size, 40));
    expect(body.meta.pageSize).toBe(size);
  });

  it.each([
    ['pageSize=15', 'pageSize'],
    ['pageSize=0', 'pageSize'],
    ['pageSize=1000', 'pageSize'],
    ['pageSize=ten', 'pageSize'],
    ['pageSize=10.5', 'pageSize'],
    ['page=0', 'page'],
    ['page=-2', 'page'],
    ['page=1.5', 'page'],
    ['page=abc', 'page'],
    ['page=1001&pageSize=10', 'page'],
    ['sort=cheapest', 'sort'],
    ['sort=PRICE_ASC', 'sort'],
    ['minPrice=abc', 'minPrice'],
    ['minPrice=-1', 'minPrice'],
    ['maxPrice=1.1234567', 'maxPrice'],
    ['minPrice=2&maxPrice=1', 'minPrice'],
    ['game=fortnite', 'game'],
    ['region=Not%20A%20Region', 'region'],
    ['status=busy', 'status'],
    ['availability=available', 'availability'],
    [`q=${'x'.repeat(101)}`, 'q'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const response = await fixture.ctx.app.inject({ method: 'GET', url: `/api/servers?${query}` });
    expect(response.statusCode).toBe(400);
    const body = response.json<{
      error: { code: string; details: { fields: { field: string }[] } };
    }>();
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details.fields.map((f) => f.field)).toContain(field);
  });

  it('answers an unknown region with no servers rather than an error', async () => {
    const { status, body } = await list('region=zzz');
    expect(status).toBe(200);
    expect(body.meta.total).toBe(0);
  });
});
