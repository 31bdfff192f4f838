import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_COUNT_LIMIT } from '@crimsonhost/shared/envelope';
import { queryRows } from '../../src/db/client';
import { createTestApp, type TestContext } from '../app';
import { renter } from '../rentals/rentals-fixture';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

interface Page {
  data: { id: string; type: string; createdAt: string }[];
  meta: { page: number; total: number; totalExact: boolean; nextCursor: string | null };
}

const signIn = () => renter(ctx);

/**
 * `count` confirmed transactions for the user, one a minute going back from `start`, three to a
 * minute (ties on the time, told apart by id), every fifth a refund. The timestamps carry
 * microseconds, which a JavaScript date would lose.
 */
async function addTransactions(
  userId: string,
  count: number,
  start = '2026-10-01T12:00:00.123456Z',
) {
  await ctx.database.db.execute(sql`
    insert into wallet_transactions (user_id, type, status, amount, currency, description, created_at)
    select ${userId}::uuid, case when n % 5 = 0 then 'REFUND' else 'RENTAL_PAYMENT' end, 'CONFIRMED',
           1000000, 'USDT', 'Paging test', ${start}::timestamptz - (n / 3) * interval '1 minute'
    from generate_series(1::int, ${count}::int) as n`);
}

async function list(headers: Record<string, string>, query: string): Promise<Page> {
  const response = await ctx.request({
    method: 'GET',
    url: `/api/wallet/transactions?${query}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
}

/** Every page from the first, following nextCursor. */
async function walk(headers: Record<string, string>, query: string) {
  const pages: Page[] = [];
  let after: string | null = null;
  do {
    const cursor: string = after ? `&after=${encodeURIComponent(after)}` : '';
    const page = await list(headers, `${query}&page=${pages.length + 1}${cursor}`);
    pages.push(page);
    after = page.meta.nextCursor;
  } while (after && pages.length < 50);
  return pages;
}

/** The user's transaction ids in the list's order (newest first, ties by id, highest first). */
async function idsInOrder(userId: string, type?: string) {
  const rows = await queryRows<{ id: string }>(
    ctx.database.db,
    sql`select id from wallet_transactions where user_id = ${userId}
        ${type ? sql`and type = ${type}` : sql``} order by created_at desc, id desc`,
  );
  return rows.map((row) => row.id);
}

describe('paging through a wallet by cursor', () => {
  it('visits every transaction once, in order, through ties, and says where it ends', async () => {
    const { user, headers } = await signIn();
    const other = await signIn();
    await addTransactions(user.id, 47);
    await addTransactions(other.user.id, 30);

    const pages = await walk(headers, 'pageSize=10');
    expect(pages.map((page) => page.data.length)).toEqual([10, 10, 10, 10, 7]);
    expect(pages.flatMap((page) => page.data.map((row) => row.id))).toEqual(
      await idsInOrder(user.id),
    );
    expect(pages.at(-1)!.meta.nextCursor).toBeNull();
    for (const page of pages) expect(page.meta).toMatchObject({ total: 47, totalExact: true });

    // The same pages by number.
    const byNumber = [];
    for (let n = 1; n <= 5; n += 1) byNumber.push(await list(headers, `pageSize=10&page=${n}`));
    expect(byNumber.flatMap((page) => page.data.map((row) => row.id))).toEqual(
      pages.flatMap((page) => page.data.map((row) => row.id)),
    );
  });

  it('keeps the filters on every page', async () => {
    const { user, headers } = await signIn();
    await addTransactions(user.id, 60);
    const pages = await walk(headers, 'pageSize=10&type=REFUND');
    expect(pages.flatMap((page) => page.data.map((row) => row.id))).toEqual(
      await idsInOrder(user.id, 'REFUND'),
    );
    expect(pages.flatMap((page) => page.data.map((row) => row.type))).toEqual(
      Array.from({ length: 12 }, () => 'REFUND'),
    );
  });

  it('neither repeats nor skips a row when rows come and go between pages', async () => {
    const { user, headers } = await signIn();
    await addTransactions(user.id, 30);
    const all = await idsInOrder(user.id);
    const first = await list(headers, 'pageSize=10&page=1');

    // A new transaction arrives (newest of all), and the last row shown on page 1, the one the
    // cursor was taken from, goes away, as does one row of page 2.
    await addTransactions(user.id, 1, '2026-11-01T00:00:00Z');
    const gone = [all[9]!, all[12]!];
    await ctx.database.db.execute(
      sql`delete from wallet_transactions where id in (${sql.join(
        gone.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );

    const second = await list(
      headers,
      `pageSize=10&page=2&after=${encodeURIComponent(first.meta.nextCursor!)}`,
    );
    expect(second.data.map((row) => row.id)).toEqual(
      all.slice(10, 21).filter((id) => !gone.includes(id)),
    );
  });
});

describe('the count of a long history', () => {
  it(`stops at ${HISTORY_COUNT_LIMIT} and says it is not exact, on every page`, async () => {
    const { user, headers } = await signIn();
    await addTransactions(user.id, HISTORY_COUNT_LIMIT + 5);
    const first = await list(headers, 'pageSize=100&page=1');
    expect(first.meta).toMatchObject({ total: HISTORY_COUNT_LIMIT, totalExact: false });
    expect(first.meta.nextCursor).not.toBeNull();
    // The page past the count still answers, by number and by cursor.
    const past = await list(headers, 'pageSize=100&page=11');
    expect(past.data).toHaveLength(5);
    expect(past.meta.nextCursor).toBeNull();
  });

  it('is exact under the limit, with a status filter that reads the deposit', async () => {
    const { user, headers } = await signIn();
    await addTransactions(user.id, 25);
    const confirmed = await list(headers, 'pageSize=10&page=2&status=CONFIRMED');
    expect(confirmed.meta).toMatchObject({ total: 25, totalExact: true });
    const failed = await list(headers, 'pageSize=10&page=1&status=FAILED');
    expect(failed).toMatchObject({ data: [], meta: { total: 0, totalExact: true } });
  });
});

describe('a cursor the list did not hand out', () => {
  it.each(['yesterday', '1_not-a-uuid', `${'9'.repeat(18)}_00000000-0000-4000-8000-000000000000`])(
    'answers 400 with a sentence for %s',
    async (after) => {
      const { headers } = await signIn();
      const response = await ctx.request({
        method: 'GET',
        url: `/api/wallet/transactions?after=${encodeURIComponent(after)}`,
        headers,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(
        'after must be the nextCursor of a previous page',
      );
    },
  );
});
