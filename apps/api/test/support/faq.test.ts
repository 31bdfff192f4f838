// The FAQ as readers and staff meet it: articles written and ordered in the editor, published
// ones found by full-text search with highlights, suggestions for a ticket being written, votes
// that count once per reader, deflections and views.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaqAnswer, FaqSearchHit } from '@crimsonhost/shared/support';
import type { FaqEditorCategory } from '@crimsonhost/shared/support-desk';
import { createTestApp, type TestContext } from '../app';
import { signedIn } from './support-fixture';

let ctx: TestContext;
let staff: Record<string, string>;
let deposits: string;
let account: string;
const ids: Record<string, string> = {};

async function write(payload: Record<string, unknown>) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/admin/support/faq/articles',
    headers: staff,
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { id: string } }>().data.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  staff = (await signedIn(ctx, 'support')).headers;
  const category = async (slug: string, name: string) => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/admin/support/faq/categories',
      headers: staff,
      payload: { slug, name },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: { id: string } }>().data.id;
  };
  deposits = await category('deposits', 'Deposits & payments');
  account = await category('account', 'Account & security');
  ids.trc20 = await write({
    categoryId: deposits,
    slug: 'trc20-deposits',
    title: 'Depositing USDT on TRC20',
    body: 'Send **only USDT** on the TRON network to the address shown. The deposit is credited after 19 confirmations.',
    published: true,
  });
  ids.late = await write({
    categoryId: deposits,
    slug: 'late-payments',
    title: 'A payment that arrived late',
    body: 'A payment that reaches the address after its 30 minutes is still credited for what arrived. See [your wallet](/wallet).',
    published: true,
  });
  ids.password = await write({
    categoryId: account,
    slug: 'forgot-password',
    title: 'I forgot my password',
    body: 'Ask for a reset link on the sign-in page; it works once, for 30 minutes.',
    published: true,
  });
  ids.draft = await write({
    categoryId: account,
    slug: 'draft-article',
    title: 'Unfinished draft about deposits',
    body: 'Not ready for readers yet, mentions deposits.',
  });
});
afterAll(() => ctx.close());

async function faq(q?: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/support/faq${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: FaqAnswer }>().data;
}

const matched = (hit: FaqSearchHit) =>
  [...hit.title, ...hit.snippet]
    .filter((part) => part.match)
    .map((part) => part.text.toLowerCase());

describe('reading the FAQ', () => {
  it('groups published articles by category in order, without drafts', async () => {
    const answer = await faq();
    expect(answer.hits).toBeNull();
    expect(answer.categories.map((c) => [c.slug, c.articles.map((a) => a.slug)])).toEqual([
      ['deposits', ['trc20-deposits', 'late-payments']],
      ['account', ['forgot-password']],
    ]);
  });

  it('finds articles by words of the title and the answer, with the matches marked', async () => {
    const { hits } = await faq('confirmations TRON');
    expect(hits!.map((h) => h.article.slug)).toEqual(['trc20-deposits']);
    expect(matched(hits![0]!)).toEqual(expect.arrayContaining(['tron', 'confirmations']));
    // Markdown marks are not in the snippet.
    expect(hits![0]!.snippet.map((p) => p.text).join('')).not.toContain('**');
  });

  it('matches the last word as it is typed, falls back to any word, and never lists a draft', async () => {
    expect((await faq('passw')).hits!.map((h) => h.article.slug)).toEqual(['forgot-password']);
    const any = await faq('credited password');
    expect(any.hits!.map((h) => h.article.slug).sort()).toEqual(
      ['forgot-password', 'late-payments', 'trc20-deposits'].sort(),
    );
    expect((await faq('unfinished draft')).hits).toEqual([]);
    // Query syntax is only words: nothing breaks the search.
    expect((await faq("deposit & | ! ( ' :* <->")).hits!.length).toBeGreaterThan(0);
    expect((await faq('')).hits).toBeNull();
  });

  it('suggests the closest answers for a ticket being written', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/support/faq/suggestions?q=${encodeURIComponent(
        'My payment arrived late, the address had expired. Is my money lost?',
      )}`,
    });
    const hits = response.json<{ data: FaqSearchHit[] }>().data;
    expect(hits[0]!.article.slug).toBe('late-payments');
    expect(hits.length).toBeLessThanOrEqual(3);
  });

  it('opens an article by its permalink and counts the view; a draft or unknown one is 404', async () => {
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/support/faq/articles/late-payments',
    });
    expect(read.json().data).toMatchObject({
      slug: 'late-payments',
      category: { slug: 'deposits' },
    });
    for (const slug of ['draft-article', 'no-such-article']) {
      const missing = await ctx.app.inject({
        method: 'GET',
        url: `/api/support/faq/articles/${slug}`,
      });
      expect(missing.statusCode).toBe(404);
    }
    const editor = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/support/faq',
      headers: staff,
    });
    const late = editor
      .json<{ data: FaqEditorCategory[] }>()
      .data.flatMap((c) => c.articles)
      .find((a) => a.slug === 'late-payments');
    expect(late?.views).toBe(1);
  });
});

describe('what readers tell us', () => {
  const vote = (id: string, helpful: boolean, remoteAddress = '203.0.113.7', headers = {}) =>
    ctx.request({
      method: 'POST',
      url: `/api/support/faq/articles/${id}/votes`,
      payload: { helpful },
      remoteAddress,
      headers,
    });

  it('counts one vote per reader; changing it moves the count', async () => {
    expect((await vote(ids.password!, true)).json().data).toMatchObject({
      helpfulYes: 1,
      helpfulNo: 0,
    });
    expect((await vote(ids.password!, true)).json().data).toMatchObject({
      helpfulYes: 1,
      helpfulNo: 0,
    });
    expect((await vote(ids.password!, false)).json().data).toMatchObject({
      helpfulYes: 0,
      helpfulNo: 1,
    });
    const reader = await signedIn(ctx);
    expect(
      (await vote(ids.password!, true, '203.0.113.7', reader.headers)).json().data,
    ).toMatchObject({
      helpfulYes: 1,
      helpfulNo: 1,
    });
    expect((await vote(ids.draft!, true)).statusCode).toBe(404);
    expect((await vote('not-an-id', true)).statusCode).toBe(404);
  });

  it('limits votes from one address with 429 and Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 31; i += 1)
      answers.push(await vote(ids.trc20!, i % 2 === 0, '198.51.100.9'));
    const last = answers.at(-1)!;
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts a deflection for a published article', async () => {
    const deflect = (id: string) =>
      ctx.request({ method: 'POST', url: `/api/support/faq/articles/${id}/deflections` });
    expect((await deflect(ids.late!)).statusCode).toBe(204);
    expect((await deflect(ids.draft!)).statusCode).toBe(404);
    const editor = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/support/faq',
      headers: staff,
    });
    const late = editor
      .json<{ data: FaqEditorCategory[] }>()
      .data.flatMap((c) => c.articles)
      .find((a) => a.id === ids.late);
    expect(late?.deflections).toBe(1);
  });
});

describe('the FAQ editor', () => {
  it('reorders categories and articles, given every id once', async () => {
    const reorder = (url: string, list: string[]) =>
      ctx.request({ method: 'POST', url, headers: staff, payload: { ids: list } });
    expect(
      (await reorder('/api/admin/support/faq/categories/reorder', [account, deposits])).statusCode,
    ).toBe(204);
    expect((await faq()).categories.map((c) => c.slug)).toEqual(['account', 'deposits']);
    expect(
      (
        await reorder(`/api/admin/support/faq/categories/${deposits}/articles/reorder`, [
          ids.late!,
          ids.trc20!,
        ])
      ).statusCode,
    ).toBe(204);
    expect((await faq()).categories[1]!.articles.map((a) => a.slug)).toEqual([
      'late-payments',
      'trc20-deposits',
    ]);
    const partial = await reorder('/api/admin/support/faq/categories/reorder', [account]);
    expect(partial.statusCode).toBe(400);
  });

  it('publishes and unpublishes, and refuses a slug already used', async () => {
    const publish = (published: boolean) =>
      ctx.request({
        method: 'PUT',
        url: `/api/admin/support/faq/articles/${ids.draft}`,
        headers: staff,
        payload: {
          categoryId: account,
          slug: 'draft-article',
          title: 'Unfinished draft about deposits',
          body: 'Not ready for readers yet, mentions deposits.',
          published,
        },
      });
    expect((await publish(true)).json().data.published).toBe(true);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/support/faq/articles/draft-article' }))
        .statusCode,
    ).toBe(200);
    expect((await publish(false)).json().data.published).toBe(false);

    const duplicate = await ctx.request({
      method: 'POST',
      url: '/api/admin/support/faq/articles',
      headers: staff,
      payload: {
        categoryId: account,
        slug: 'late-payments',
        title: 'Another one',
        body: 'Same slug as before.',
      },
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().error.details.fields).toEqual([
      { field: 'slug', message: 'This slug is already used' },
    ]);
  });
});
