// The knowledge base (/knowledgeBase): the most read articles, types with counts, lists by type
// and keyword, an article with its neighbours and interfaces, and the interfaces of a type.
import type { ContentIdQuery, KnowledgeListQuery, KnowledgeTypeQuery } from '@apimarket/contracts';
import { and, asc, count, desc, eq, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { knowledge } from '../../db/schema';
import { NotFound } from '../../http/errors';
import { paged } from '../../db/sql';
import { brief, contains, interfaceLinks, matches, neighbours, PUBLISHED, type Sequence } from './content.shared';

export const KNOWLEDGE_MSG = { notFound: '知识库文章不存在' } as const;
export const KNOWLEDGE_LIMITS = { mostRead: 5, perType: 10 } as const;

const SEQUENCE: Sequence = { table: knowledge, id: knowledge.id, title: knowledge.title, at: knowledge.publishedAt, status: knowledge.status };
const NEWEST = [desc(knowledge.publishedAt), desc(knowledge.id)];
const published = eq(knowledge.status, PUBLISHED);

const row = {
  id: knowledge.id,
  type: knowledge.type,
  title: knowledge.title,
  summary: knowledge.summary,
  publishedAt: knowledge.publishedAt,
  views: knowledge.views,
};

/** The home of the knowledge base leads with what readers open most (newest on a tie). */
export async function mostReadArticles(db: Db) {
  return db
    .select({ id: knowledge.id, title: knowledge.title, summary: knowledge.summary, type: knowledge.type })
    .from(knowledge)
    .where(published)
    .orderBy(desc(knowledge.views), ...NEWEST)
    .limit(KNOWLEDGE_LIMITS.mostRead);
}

/**
 * Types are whatever editors write in `type`; the biggest comes first. Names tie-break by code
 * point ("C" collation) so PGlite and a PostgreSQL with any locale give the same order.
 */
export async function knowledgeTypes(db: Db) {
  return db
    .select({ type: knowledge.type, count: count() })
    .from(knowledge)
    .where(published)
    .groupBy(knowledge.type)
    .orderBy(desc(count()), sql`${knowledge.type} collate "C"`);
}

/** A keyword finds an article by its title or summary. */
export async function listArticles(db: Db, input: KnowledgeListQuery) {
  const { keyword } = input;
  const where = and(
    published,
    matches(knowledge.type, input.type),
    keyword ? or(contains(knowledge.title, keyword), contains(knowledge.summary, keyword)) : undefined,
  );
  return paged(
    db
      .select(row)
      .from(knowledge)
      .where(where)
      .orderBy(...NEWEST)
      .$dynamic(),
    db.$count(knowledge, where),
    input,
  );
}

/** An article with the interfaces it explains; reading it counts a view. */
export async function getArticle(db: Db, input: ContentIdQuery) {
  const { id } = input;
  if (id === null) throw new NotFound(KNOWLEDGE_MSG.notFound);
  const [found] = await db
    .update(knowledge)
    // A view is not an edit: keep updated_at, which drizzle would otherwise move on any update.
    .set({ views: sql`${knowledge.views} + 1`, updatedAt: sql`${knowledge.updatedAt}` })
    .where(and(eq(knowledge.id, id), published))
    .returning({ ...row, body: knowledge.body, interfaceIds: knowledge.interfaceIds });
  if (!found) throw new NotFound(KNOWLEDGE_MSG.notFound);
  const { interfaceIds, ...article } = found;
  const [{ prev, next }, links] = await Promise.all([neighbours(db, SEQUENCE, id, eq(knowledge.type, article.type)), interfaceLinks(db, interfaceIds)]);
  return { ...article, interfaces: brief(links), prev, next };
}

/** Every type (in getTypeList's order) with its newest titles, for the knowledge-base home. */
export async function newestPerType(db: Db) {
  const ranked = db
    .select({
      id: knowledge.id,
      type: knowledge.type,
      title: knowledge.title,
      rank: sql<number>`row_number() over (partition by ${knowledge.type} order by ${knowledge.publishedAt} desc, ${knowledge.id} desc)`.as('rank'),
    })
    .from(knowledge)
    .where(published)
    .as('ranked');
  const [types, rows] = await Promise.all([
    knowledgeTypes(db),
    db
      .select({ id: ranked.id, type: ranked.type, title: ranked.title })
      .from(ranked)
      .where(lte(ranked.rank, KNOWLEDGE_LIMITS.perType))
      .orderBy(asc(ranked.rank)),
  ]);
  return types.map(({ type }) => ({
    type,
    items: rows.filter((r) => r.type === type).map(({ id, title }) => ({ id, title })),
  }));
}

/** Every article of a type, newest first; unpaged because a type holds a handful. */
export async function articlesOfType(db: Db, input: KnowledgeTypeQuery) {
  return db
    .select(row)
    .from(knowledge)
    .where(and(published, eq(knowledge.type, input.type)))
    .orderBy(...NEWEST);
}

/** The interfaces a type's articles explain, each once, in the order its newest articles name them. */
export async function interfacesOfType(db: Db, input: KnowledgeTypeQuery) {
  const articles = await db
    .select({ interfaceIds: knowledge.interfaceIds })
    .from(knowledge)
    .where(and(published, eq(knowledge.type, input.type)))
    .orderBy(...NEWEST);
  return interfaceLinks(
    db,
    articles.flatMap((a) => a.interfaceIds),
  );
}
