// The console home: how much waits in each queue the operator's role works, and which member
// accounts count as dormant (Decision 9; the members area lists them).
import { canOperate, type ConsoleOperator, type ConsoleOverview } from '@apimarket/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { leads, members, payTests, qualifications, recharges, refunds } from '../../db/schema';

/** Decision 9: an account not logged in (or, never logged in, not created) for 6 months. */
export const dormantSince = () => sql`now() - interval '6 months'`;

/** The dormant accounts an operator still has to look at: main, active, not yet marked. */
export const dormantAccounts = () =>
  and(
    isNull(members.parentId),
    isNull(members.closureMarkedAt),
    eq(members.status, 'active'),
    sql`coalesce(${members.lastLoginAt}, ${members.createdAt}) < ${dormantSince()}`,
  );

const first = async (query: Promise<{ n: number }[]>): Promise<number> => (await query)[0]?.n ?? 0;

export async function overviewFor(db: Db, operator: Pick<ConsoleOperator, 'role'>): Promise<ConsoleOverview> {
  const { role } = operator;
  const n = sql<number>`count(*)::int`;
  const out: ConsoleOverview = {};
  const jobs: Promise<void>[] = [];
  const add = (key: keyof ConsoleOverview, q: Promise<{ n: number }[]>) =>
    jobs.push(
      first(q).then((v) => {
        out[key] = v;
      }),
    );
  if (canOperate(role, 'qualifications')) add('qualifications', db.select({ n }).from(qualifications).where(eq(qualifications.status, 'pending')));
  if (canOperate(role, 'payTests')) add('payTests', db.select({ n }).from(payTests).where(eq(payTests.status, 'applied')));
  if (canOperate(role, 'recharges')) add('recharges', db.select({ n }).from(recharges).where(eq(recharges.status, 'declared')));
  if (canOperate(role, 'refunds')) add('refunds', db.select({ n }).from(refunds).where(eq(refunds.status, 'requested')));
  if (canOperate(role, 'leads')) add('leads', db.select({ n }).from(leads).where(eq(leads.state, 'new')));
  if (canOperate(role, 'members')) {
    add('dormant', db.select({ n }).from(members).where(dormantAccounts()));
  }
  await Promise.all(jobs);
  return out;
}
