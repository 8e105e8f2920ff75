// News of the public site (/news): the list by type and keyword, the type tabs with counts,
// and an article with its neighbours and related articles. Only published rows are public.
import { type ContentIdQuery, NEWS_TYPES, type NewsListQuery, newsTypeName } from '@apimarket/contracts';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { news } from '../../db/schema';
import { NotFound } from '../../http/errors';
import { paged } from '../../db/sql';
import { contains, matches, neighbours, PUBLISHED, type Sequence } from './content.shared';

export const NEWS_MSG = { notFound: '新闻不存在' } as const;
export const RELATED_NEWS = 4;

const SEQUENCE: Sequence = { table: news, id: news.id, title: news.title, at: news.publishedAt, status: news.status };
const NEWEST = [desc(news.publishedAt), desc(news.id)];

const row = {
  id: news.id,
  type: news.type,
  title: news.title,
  summary: news.summary,
  source: news.source,
  publishedAt: news.publishedAt,
  views: news.views,
};

const withTypeName = <T extends { type: number }>(r: T) => ({ ...r, typeName: newsTypeName(r.type) });

export async function listNews(db: Db, input: NewsListQuery) {
  const where = and(eq(news.status, PUBLISHED), matches(news.type, input.type), input.keyword ? contains(news.title, input.keyword) : undefined);
  const { rows, total } = await paged(
    db
      .select(row)
      .from(news)
      .where(where)
      .orderBy(...NEWEST)
      .$dynamic(),
    db.$count(news, where),
    input,
  );
  return { rows: rows.map(withTypeName), total };
}

/** Every type with its count of published news, including types that have none yet. */
export async function newsTypes(db: Db) {
  const counts = await db.select({ type: news.type, n: count() }).from(news).where(eq(news.status, PUBLISHED)).groupBy(news.type);
  const byType = new Map(counts.map((c) => [c.type, c.n]));
  return NEWS_TYPES.map(({ type, typeName }) => ({ type, typeName, count: byType.get(type) ?? 0 }));
}

/** An article; reading it counts a view. */
export async function getNews(db: Db, input: ContentIdQuery) {
  const { id } = input;
  if (id === null) throw new NotFound(NEWS_MSG.notFound);
  const [article] = await db
    .update(news)
    // A view is not an edit: keep updated_at, which drizzle would otherwise move on any update.
    .set({ views: sql`${news.views} + 1`, updatedAt: sql`${news.updatedAt}` })
    .where(and(eq(news.id, id), eq(news.status, PUBLISHED)))
    .returning({ ...row, body: news.body });
  if (!article) throw new NotFound(NEWS_MSG.notFound);

  const sameType = eq(news.type, article.type);
  const [{ prev, next }, related] = await Promise.all([
    neighbours(db, SEQUENCE, id, sameType),
    db
      .select({ id: news.id, title: news.title, publishedAt: news.publishedAt })
      .from(news)
      .where(and(eq(news.status, PUBLISHED), sameType, ne(news.id, id)))
      .orderBy(...NEWEST)
      .limit(RELATED_NEWS),
  ]);
  return { ...withTypeName(article), prev, next, related };
}
