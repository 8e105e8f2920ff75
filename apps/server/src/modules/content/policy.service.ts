// Policy readings (/policy): the list by keyword and tag, and one reading with its neighbours.
// Policies are ordered by the date the document was issued, newest first.
import { PageQuery, pageOffset } from '@apimarket/contracts';
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { policies } from '../../db/schema';
import { NotFound } from '../../http/errors';
import { type ContentCtx, contains, LooseId, neighbours, OptionalText, PUBLISHED, type Sequence } from './content.shared';

export const POLICY_MSG = { notFound: '政策解读不存在' } as const;

export const PolicyListQuery = PageQuery.extend({ keyword: OptionalText, tag: OptionalText });
export type PolicyListQuery = z.output<typeof PolicyListQuery>;

export const PolicyInfoQuery = z.object({ id: LooseId });
export type PolicyInfoQuery = z.output<typeof PolicyInfoQuery>;

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
export async function listPolicies({ ctx, input }: { ctx: ContentCtx; input: PolicyListQuery }) {
  const { keyword, tag } = input;
  const where = and(
    published,
    keyword ? or(contains(policies.title, keyword), contains(policies.summary, keyword), contains(policies.docNumber, keyword)) : undefined,
    tag ? sql`${policies.tags} @> jsonb_build_array(${tag}::text)` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(row)
      .from(policies)
      .where(where)
      .orderBy(desc(policies.issuedAt), desc(policies.id))
      .limit(input.pageSize)
      .offset(pageOffset(input)),
    ctx.db.select({ n: count() }).from(policies).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function getPolicy({ ctx, input }: { ctx: ContentCtx; input: PolicyInfoQuery }) {
  const { id } = input;
  if (id === null) throw new NotFound(POLICY_MSG.notFound);
  const [found] = await ctx.db
    .select({ ...row, body: policies.body })
    .from(policies)
    .where(and(eq(policies.id, id), published));
  if (!found) throw new NotFound(POLICY_MSG.notFound);
  return { ...found, ...(await neighbours(ctx.db, SEQUENCE, id)) };
}
