import {
  FAQ_SUGGESTION_COUNT,
  type FaqArticle,
  type FaqAnswer,
  type FaqCategory,
  type FaqSearchHit,
  type SnippetPart,
} from '@crimsonhost/shared/support';
import type {
  CannedReply,
  FaqArticleStats,
  FaqEditorCategory,
} from '@crimsonhost/shared/support-desk';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import * as repo from './faq.repository';
import type { ArticleRow } from './faq.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const articleNotFound = () => new AppError('NOT_FOUND', 404, 'Article not found');
/** Words a search looks at: enough for a long message, never a huge query. */
const MAX_WORDS = 40;

/**
 * The words of a search as a `to_tsquery` text: letters and digits only (nothing of the query
 * syntax gets through), joined with `&` (all of them) or `|` (any); the last word of a search
 * box also matches as a prefix, so results follow the typing.
 */
export function toTsQuery(text: string, { any = false, prefix = false } = {}) {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  const terms = words.map((word, index) =>
    prefix && index === words.length - 1 && word.length >= 2 ? `${word}:*` : word,
  );
  return terms.join(any ? ' | ' : ' & ');
}

/** `ts_headline`'s marked text as parts: what sits between U+0002 and U+0003 matched. */
export function snippetParts(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  // eslint-disable-next-line no-control-regex -- the marks are control characters on purpose
  for (const [index, text] of marked.split(/[\u0002\u0003]/u).entries()) {
    if (text) parts.push({ text, match: index % 2 === 1 });
  }
  return parts;
}

export function articleView(row: ArticleRow): FaqArticle {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    body: row.body,
    category: { slug: row.categorySlug, name: row.categoryName },
    updatedAt: row.updatedAt.toISOString(),
    helpfulYes: row.helpfulYes,
    helpfulNo: row.helpfulNo,
  };
}

function statsView(row: ArticleRow): FaqArticleStats {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    body: row.body,
    categoryId: row.categoryId,
    published: row.published,
    position: row.position,
    views: row.views,
    helpfulYes: row.helpfulYes,
    helpfulNo: row.helpfulNo,
    deflections: row.deflections,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The FAQ: what readers see, and the editor staff write it with. */
export class FaqService {
  constructor(private readonly db: Database) {}

  async faq(q: string | undefined): Promise<FaqAnswer> {
    const [categories, articles] = await Promise.all([
      repo.categories(this.db),
      repo.articles(this.db, { publishedOnly: true }),
    ]);
    const grouped: FaqCategory[] = categories
      .map((category) => ({
        slug: category.slug,
        name: category.name,
        articles: articles.filter((a) => a.categoryId === category.id).map(articleView),
      }))
      .filter((category) => category.articles.length > 0);
    const hits = q?.trim() ? await this.search(q, 20, articles) : null;
    return { categories: grouped, hits };
  }

  /** Answers for the new-ticket form: any of the words, best first. */
  async suggestions(text: string): Promise<FaqSearchHit[]> {
    const query = toTsQuery(text, { any: true });
    if (!query) return [];
    const articles = await repo.articles(this.db, { publishedOnly: true });
    return this.hitsOf(await repo.searchArticles(this.db, query, FAQ_SUGGESTION_COUNT), articles);
  }

  async article(slug: string): Promise<FaqArticle> {
    const row = await repo.articleBy(this.db, { slug }, { publishedOnly: true });
    if (!row) throw articleNotFound();
    await repo.countView(this.db, row.id);
    return articleView({ ...row, views: row.views + 1 });
  }

  async vote(id: string, voter: string, helpful: boolean): Promise<FaqArticle> {
    if (!UUID.test(id)) throw articleNotFound();
    const row = await this.db.transaction(async (tx) => {
      const found = await repo.articleBy(tx, { id }, { publishedOnly: true });
      if (!found) throw articleNotFound();
      await repo.vote(tx, id, voter, helpful);
      return repo.articleBy(tx, { id }, { publishedOnly: true });
    });
    return articleView(row!);
  }

  async deflect(id: string): Promise<void> {
    if (!UUID.test(id) || !(await repo.countDeflection(this.db, id))) throw articleNotFound();
  }

  /** Every word first; when nothing has them all, any of them. */
  private async search(q: string, limit: number, articles: ArticleRow[]) {
    const all = toTsQuery(q, { prefix: true });
    if (!all) return [];
    const hits = await repo.searchArticles(this.db, all, limit);
    if (hits.length > 0) return this.hitsOf(hits, articles);
    const any = toTsQuery(q, { any: true, prefix: true });
    return any === all
      ? []
      : this.hitsOf(await repo.searchArticles(this.db, any!, limit), articles);
  }

  private hitsOf(rows: repo.SearchHitRow[], articles: ArticleRow[]): FaqSearchHit[] {
    const byId = new Map(articles.map((a) => [a.id, a]));
    return rows.flatMap((row) => {
      const article = byId.get(row.id);
      if (!article) return [];
      return [
        {
          article: articleView(article),
          title: snippetParts(row.title_marked),
          snippet: snippetParts(row.snippet_marked),
        },
      ];
    });
  }

  // --------------------------------------------------------------------------------------------
  // The editor

  async editor(): Promise<FaqEditorCategory[]> {
    const [categories, articles] = await Promise.all([
      repo.categories(this.db),
      repo.articles(this.db, { publishedOnly: false }),
    ]);
    return categories.map((category) => ({
      id: category.id,
      slug: category.slug,
      name: category.name,
      position: category.position,
      articles: articles.filter((a) => a.categoryId === category.id).map(statsView),
    }));
  }

  async createCategory(input: { slug: string; name: string }) {
    const position = (await repo.categories(this.db)).length;
    const row = await slugTaken(() => repo.insertCategory(this.db, { ...input, position }));
    return { id: row.id, slug: row.slug, name: row.name, position: row.position, articles: [] };
  }

  async updateCategory(id: string, input: { slug: string; name: string }) {
    if (!UUID.test(id)) throw categoryNotFound();
    const row = await slugTaken(() => repo.updateCategory(this.db, id, input));
    if (!row) throw categoryNotFound();
    return (await this.editor()).find((category) => category.id === id)!;
  }

  async reorderCategories(ids: string[]) {
    const all = await repo.categories(this.db);
    assertSameSet(
      ids,
      all.map((category) => category.id),
    );
    await repo.reorder(this.db, 'faq_categories', ids);
  }

  async reorderArticles(categoryId: string, ids: string[]) {
    if (!UUID.test(categoryId)) throw categoryNotFound();
    const articles = (await repo.articles(this.db, { publishedOnly: false })).filter(
      (a) => a.categoryId === categoryId,
    );
    assertSameSet(
      ids,
      articles.map((a) => a.id),
    );
    await repo.reorder(this.db, 'faq_articles', ids, categoryId);
  }

  async createArticle(input: ArticleInput): Promise<FaqArticleStats> {
    await this.assertCategory(input.categoryId);
    const position = await repo.countArticlesIn(this.db, input.categoryId);
    const id = await slugTaken(() => repo.insertArticle(this.db, { ...input, position }));
    return statsView((await repo.articleBy(this.db, { id }, { publishedOnly: false }))!);
  }

  async updateArticle(id: string, input: ArticleInput): Promise<FaqArticleStats> {
    if (!UUID.test(id)) throw articleNotFound();
    await this.assertCategory(input.categoryId);
    const current = await repo.articleBy(this.db, { id }, { publishedOnly: false });
    if (!current) throw articleNotFound();
    const moved = current.categoryId !== input.categoryId;
    const position = moved ? await repo.countArticlesIn(this.db, input.categoryId) : undefined;
    await slugTaken(() => repo.updateArticle(this.db, id, { ...input, position }));
    return statsView((await repo.articleBy(this.db, { id }, { publishedOnly: false }))!);
  }

  private async assertCategory(id: string) {
    const found = (await repo.categories(this.db)).some((category) => category.id === id);
    if (!found) {
      throw new AppError('VALIDATION_ERROR', 400, 'categoryId: Choose an existing category', {
        fields: [{ field: 'categoryId', message: 'Choose an existing category' }],
      });
    }
  }

  // --------------------------------------------------------------------------------------------
  // Canned replies

  async cannedReplies(): Promise<CannedReply[]> {
    return (await repo.listCannedReplies(this.db)).map(cannedView);
  }

  async createCannedReply(input: CannedInput): Promise<CannedReply> {
    return cannedView(await repo.insertCannedReply(this.db, input));
  }

  async updateCannedReply(id: string, input: CannedInput): Promise<CannedReply> {
    const row = UUID.test(id) ? await repo.updateCannedReply(this.db, id, input) : undefined;
    if (!row) throw new AppError('NOT_FOUND', 404, 'Canned reply not found');
    return cannedView(row);
  }

  async deleteCannedReply(id: string): Promise<void> {
    if (!UUID.test(id) || !(await repo.deleteCannedReply(this.db, id))) {
      throw new AppError('NOT_FOUND', 404, 'Canned reply not found');
    }
  }
}

interface ArticleInput {
  categoryId: string;
  slug: string;
  title: string;
  body: string;
  published: boolean;
}
interface CannedInput {
  title: string;
  body: string;
  status: CannedReply['status'];
}

const categoryNotFound = () => new AppError('NOT_FOUND', 404, 'Category not found');

function cannedView(row: Awaited<ReturnType<typeof repo.insertCannedReply>>): CannedReply {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    status: row.status as CannedReply['status'],
  };
}

/** A new order must name every item once. */
function assertSameSet(ids: string[], existing: string[]) {
  const given = new Set(ids);
  if (
    given.size !== ids.length ||
    given.size !== existing.length ||
    existing.some((id) => !given.has(id))
  ) {
    throw new AppError(
      'VALIDATION_ERROR',
      400,
      'ids: Give every item of the list once, in the new order',
      {
        fields: [{ field: 'ids', message: 'Give every item of the list once, in the new order' }],
      },
    );
  }
}

async function slugTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('VALIDATION_ERROR', 400, 'slug: This slug is already used', {
        fields: [{ field: 'slug', message: 'This slug is already used' }],
      });
    }
    throw error;
  }
}
