import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Executor } from '../../db/client';
import { cannedReplies, faqArticles, faqCategories, faqVotes } from '../../db/schema/support';

export type FaqArticleRow = typeof faqArticles.$inferSelect;
export type FaqCategoryRow = typeof faqCategories.$inferSelect;

/** Articles without their search vector, with their category. */
const articleColumns = {
  id: faqArticles.id,
  categoryId: faqArticles.categoryId,
  slug: faqArticles.slug,
  title: faqArticles.title,
  body: faqArticles.body,
  published: faqArticles.published,
  position: faqArticles.position,
  views: faqArticles.views,
  helpfulYes: faqArticles.helpfulYes,
  helpfulNo: faqArticles.helpfulNo,
  deflections: faqArticles.deflections,
  updatedAt: faqArticles.updatedAt,
  categorySlug: faqCategories.slug,
  categoryName: faqCategories.name,
};
export type ArticleRow = {
  [K in keyof typeof articleColumns]: (typeof articleColumns)[K]['_']['data'];
};

export async function categories(db: Executor) {
  return db
    .select()
    .from(faqCategories)
    .orderBy(asc(faqCategories.position), asc(faqCategories.name));
}

export async function articles(db: Executor, { publishedOnly }: { publishedOnly: boolean }) {
  return db
    .select(articleColumns)
    .from(faqArticles)
    .innerJoin(faqCategories, eq(faqCategories.id, faqArticles.categoryId))
    .where(publishedOnly ? eq(faqArticles.published, true) : undefined)
    .orderBy(asc(faqCategories.position), asc(faqArticles.position), asc(faqArticles.title));
}

export async function articleBy(
  db: Executor,
  where: { id: string } | { slug: string },
  { publishedOnly }: { publishedOnly: boolean },
) {
  const [row] = await db
    .select(articleColumns)
    .from(faqArticles)
    .innerJoin(faqCategories, eq(faqCategories.id, faqArticles.categoryId))
    .where(
      and(
        'id' in where ? eq(faqArticles.id, where.id) : eq(faqArticles.slug, where.slug),
        publishedOnly ? eq(faqArticles.published, true) : undefined,
      ),
    );
  return row;
}

export interface SearchHitRow {
  id: string;
  title_marked: string;
  snippet_marked: string;
}

/**
 * Published articles matching a text search query (`to_tsquery` syntax, built by the service from
 * plain words), best first, with the title and a snippet of the answer where matches sit between
 * U+0002 and U+0003 (characters stored text never holds). Markdown marks are taken out of the
 * snippet first, so it reads as text.
 */
const MARKS = 'StartSel=\u0002, StopSel=\u0003';
const TITLE_OPTIONS = `${MARKS}, HighlightAll=true`;
const SNIPPET_OPTIONS = `${MARKS}, MaxWords=28, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;
/** A link's target, then the marks of emphasis, headings, quotes and code. */
const MARKDOWN_LINK_TARGET = String.raw`\]\([^)]*\)`;
const MARKDOWN_MARKS = String.raw`[*_\`#>\[]+`;

export async function searchArticles(db: Executor, tsquery: string, limit: number) {
  return queryRows<SearchHitRow>(
    db,
    sql`
      select a.id,
             ts_headline('english', a.title, q, ${TITLE_OPTIONS}) as title_marked,
             ts_headline('english',
               regexp_replace(regexp_replace(a.body, ${MARKDOWN_LINK_TARGET}, '', 'g'), ${MARKDOWN_MARKS}, '', 'g'),
               q, ${SNIPPET_OPTIONS}) as snippet_marked
        from faq_articles a, to_tsquery('english', ${tsquery}) q
       where a.published and a.search @@ q
       order by ts_rank_cd(a.search, q) desc, a.position, a.id
       limit ${limit}`,
  );
}

export async function countView(db: Executor, id: string) {
  await db
    .update(faqArticles)
    .set({ views: sql`${faqArticles.views} + 1` })
    .where(eq(faqArticles.id, id));
}

export async function countDeflection(db: Executor, id: string) {
  const rows = await db
    .update(faqArticles)
    .set({ deflections: sql`${faqArticles.deflections} + 1` })
    .where(and(eq(faqArticles.id, id), eq(faqArticles.published, true)))
    .returning({ id: faqArticles.id });
  return rows.length > 0;
}

/**
 * One vote per reader: a new vote counts, a changed vote moves from one count to the other, the
 * same vote again changes nothing. Runs in the caller's transaction.
 */
export async function vote(db: Executor, articleId: string, voter: string, helpful: boolean) {
  const [previous] = await db
    .select({ helpful: faqVotes.helpful })
    .from(faqVotes)
    .where(and(eq(faqVotes.articleId, articleId), eq(faqVotes.voter, voter)))
    .for('update');
  if (previous?.helpful === helpful) return;
  if (previous) {
    await db
      .update(faqVotes)
      .set({ helpful, createdAt: sql`now()` })
      .where(and(eq(faqVotes.articleId, articleId), eq(faqVotes.voter, voter)));
  } else {
    const inserted = await db
      .insert(faqVotes)
      .values({ articleId, voter, helpful })
      .onConflictDoNothing()
      .returning({ voter: faqVotes.voter });
    // Another request of the same reader voted first: that vote stands.
    if (inserted.length === 0) return;
  }
  const up = (column: AnyPgColumn) => sql`${column} + 1`;
  const down = (column: AnyPgColumn) => sql`${column} - 1`;
  await db
    .update(faqArticles)
    .set(
      helpful
        ? {
            helpfulYes: up(faqArticles.helpfulYes),
            ...(previous ? { helpfulNo: down(faqArticles.helpfulNo) } : {}),
          }
        : {
            helpfulNo: up(faqArticles.helpfulNo),
            ...(previous ? { helpfulYes: down(faqArticles.helpfulYes) } : {}),
          },
    )
    .where(eq(faqArticles.id, articleId));
}

export async function insertCategory(db: Executor, values: typeof faqCategories.$inferInsert) {
  const [row] = await db.insert(faqCategories).values(values).returning();
  return row!;
}

export async function updateCategory(
  db: Executor,
  id: string,
  values: Partial<typeof faqCategories.$inferInsert>,
) {
  const [row] = await db
    .update(faqCategories)
    .set(values)
    .where(eq(faqCategories.id, id))
    .returning();
  return row;
}

export async function insertArticle(db: Executor, values: typeof faqArticles.$inferInsert) {
  const [row] = await db.insert(faqArticles).values(values).returning({ id: faqArticles.id });
  return row!.id;
}

export async function updateArticle(
  db: Executor,
  id: string,
  values: Partial<typeof faqArticles.$inferInsert>,
) {
  const rows = await db
    .update(faqArticles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(faqArticles.id, id))
    .returning({ id: faqArticles.id });
  return rows.length > 0;
}

/** Sets positions 0, 1, 2… in the order given; answers how many rows it changed. */
export async function reorder(
  db: Executor,
  table: 'faq_categories' | 'faq_articles',
  ids: string[],
  categoryId?: string,
) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
      update ${sql.identifier(table)} t set position = o.n - 1
        from unnest(${`{${ids.join(',')}}`}::uuid[]) with ordinality as o(id, n)
       where t.id = o.id ${categoryId ? sql`and t.category_id = ${categoryId}` : sql``}
      returning t.id`,
  );
  return rows.length;
}

export async function countArticlesIn(db: Executor, categoryId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(faqArticles)
    .where(eq(faqArticles.categoryId, categoryId));
  return row?.n ?? 0;
}

export async function listCannedReplies(db: Executor) {
  return db.select().from(cannedReplies).orderBy(asc(cannedReplies.title));
}

export async function insertCannedReply(db: Executor, values: typeof cannedReplies.$inferInsert) {
  const [row] = await db.insert(cannedReplies).values(values).returning();
  return row!;
}

export async function updateCannedReply(
  db: Executor,
  id: string,
  values: Partial<typeof cannedReplies.$inferInsert>,
) {
  const [row] = await db
    .update(cannedReplies)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(cannedReplies.id, id))
    .returning();
  return row;
}

export async function deleteCannedReply(db: Executor, id: string) {
  const rows = await db
    .delete(cannedReplies)
    .where(eq(cannedReplies.id, id))
    .returning({ id: cannedReplies.id });
  return rows.length > 0;
}
