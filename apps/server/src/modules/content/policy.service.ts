// Policy readings (/policy): the list by keyword and tag, and one reading with its neighbours.
// Policies are ordered by the date the document was issued, newest first.
import type { ContentIdQuery, PolicyListQuery } from '@apimarket/contracts';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { policies } from '../../db/schema';
import { NotFound } from '../../http/errors';
import { paged } from '../../db/sql';
import { contains, neighbours, PUBLISHED, type Sequence } from './content.shared';

export const POLICY_MSG = { notFound: '政策解读不存在' } as const;

const SEQUENCE: Sequence = { table: policies, id: policies.id, title: policies.title, at: policies.issuedAt, status: policies.status };
const published = eq(policies.status, PUBLISHED);

const row = {
  id: policies.id,
  title: policies.title,
  issuer: policies.issuer,
  docNumber: policies.docNumber,
  issuedAt: policies.issuedAt,
  summary: policies.summary,
  tags: policies.tags,
};

/** A keyword finds a policy by its title, summary or document number (people search by 文号). */
export async function listPolicies(db: Db, input: PolicyListQuery) {
  const { keyword, tag } = input;
  const where = and(
    published,
    keyword ? or(contains(policies.title, keyword), contains(policies.summary, keyword), contains(policies.docNumber, keyword)) : undefined,
    tag ? sql`${policies.tags} @> jsonb_build_array(${tag}::text)` : undefined,
  );
  return paged(db.select(row).from(policies).where(where).orderBy(desc(policies.issuedAt), desc(policies.id)).$dynamic(), db.$count(policies, where), input);
}

export async function getPolicy(db: Db, input: ContentIdQuery) {
  const { id } = input;
  if (id === null) throw new NotFound(POLICY_MSG.notFound);
  const [found] = await db
    .select({ ...row, body: policies.body })
    .from(policies)
    .where(and(eq(policies.id, id), published));
  if (!found) throw new NotFound(POLICY_MSG.notFound);
  return { ...found, ...(await neighbours(db, SEQUENCE, id)) };
}
