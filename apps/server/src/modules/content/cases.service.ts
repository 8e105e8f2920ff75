// Customer cases (/case and the home page): the list by industry, industry counts, a case with
// its neighbours and interfaces, the newest cases, recommendations and customer voices.
import { type CaseListQuery, type CaseRecommendQuery, type ContentIdQuery, INDUSTRIES } from '@apimarket/contracts';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cases } from '../../db/schema';
import { NotFound } from '../../http/errors';
import { paged } from '../../db/sql';
import { brief, interfaceLinks, matches, neighbours, PUBLISHED, type Sequence } from './content.shared';

export const CASE_MSG = { notFound: '案例不存在' } as const;
export const CASE_LIMITS = { succeed: 6, recommend: 3, comment: 6 } as const;

const SEQUENCE: Sequence = { table: cases, id: cases.id, title: cases.title, at: cases.publishedAt, status: cases.status };
const NEWEST = [desc(cases.publishedAt), desc(cases.id)];
const published = eq(cases.status, PUBLISHED);

/** A case as lists show it: the long challenge/solution/results stay on the detail page. */
const card = {
  id: cases.id,
  industry: cases.industry,
  title: cases.title,
  customer: cases.customer,
  summary: cases.summary,
  publishedAt: cases.publishedAt,
};

export async function listCases(db: Db, input: CaseListQuery) {
  const where = and(published, matches(cases.industry, input.industry));
  return paged(
    db
      .select(card)
      .from(cases)
      .where(where)
      .orderBy(...NEWEST)
      .$dynamic(),
    db.$count(cases, where),
    input,
  );
}

/** The five solution industries, always all five and in their fixed order, with counts. */
export async function caseIndustries(db: Db) {
  const counts = await db.select({ industry: cases.industry, n: count() }).from(cases).where(published).groupBy(cases.industry);
  const byIndustry = new Map(counts.map((c) => [c.industry, c.n]));
  return INDUSTRIES.map((industry) => ({ industry, count: byIndustry.get(industry) ?? 0 }));
}

/**
 * A case with the interfaces it used. Its neighbours run through all cases, not one industry:
 * the case list opens on every industry, and a reader who arrived from the home page has no
 * filter to stay within.
 */
export async function getCase(db: Db, input: ContentIdQuery) {
  const { id } = input;
  if (id === null) throw new NotFound(CASE_MSG.notFound);
  const [found] = await db
    .select({ ...card, challenge: cases.challenge, solution: cases.solution, results: cases.results, interfaceIds: cases.interfaceIds })
    .from(cases)
    .where(and(eq(cases.id, id), published));
  if (!found) throw new NotFound(CASE_MSG.notFound);
  const { interfaceIds, ...detail } = found;
  const [{ prev, next }, links] = await Promise.all([neighbours(db, SEQUENCE, id), interfaceLinks(db, interfaceIds)]);
  return { ...detail, interfaces: brief(links), prev, next };
}

/** The home page's success stories: the newest cases. */
export async function succeededCases(db: Db) {
  return db
    .select(card)
    .from(cases)
    .where(published)
    .orderBy(...NEWEST)
    .limit(CASE_LIMITS.succeed);
}

/** "More cases" beside a case: its own industry first, then the newest of the others. */
export async function recommendCases(db: Db, input: CaseRecommendQuery) {
  const order = input.industry ? [sql`${cases.industry} = ${input.industry} desc`, ...NEWEST] : NEWEST;
  return db
    .select(card)
    .from(cases)
    .where(and(published, input.excludeId === null ? undefined : ne(cases.id, input.excludeId)))
    .orderBy(...order)
    .limit(CASE_LIMITS.recommend);
}

/**
 * Customer voices for the home page. Cases carry no separate testimonial, so a voice is the
 * first item of a case's results: the outcome the customer measured, in one sentence, which is
 * what a visitor should read. Cases without results have nothing to say and are skipped.
 */
export async function caseComments(db: Db) {
  return db
    .select({
      caseId: cases.id,
      customer: cases.customer,
      industry: cases.industry,
      quote: sql<string>`${cases.results} ->> 0`,
    })
    .from(cases)
    .where(and(published, sql`jsonb_array_length(${cases.results}) > 0`))
    .orderBy(...NEWEST)
    .limit(CASE_LIMITS.comment);
}
