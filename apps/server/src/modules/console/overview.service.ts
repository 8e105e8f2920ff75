// The console home: how much waits in each queue the operator's role works, and the page-view
// counts of the public site (Decision 5).
import { addDays, canOperate, chinaDay, type ConsoleOverview, type OperatorRole, PAGE_VIEW_MAX_DAYS, type PageViewQuery } from '@apimarket/contracts';
import { and, desc, eq, gte, isNull, like, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { leads, members, pageViews, payTests, qualifications, recharges, refunds } from '../../db/schema';
import { Invalid } from '../../http/errors';

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

export async function overviewFor(db: Db, role: OperatorRole): Promise<ConsoleOverview> {
  const n = sql<number>`count(*)::int`;
  const out: ConsoleOverview = {};
  const jobs: Promise<void>[] = [];
  const add = (key: keyof ConsoleOverview, q: Promise<{ n: number }[]>) => jobs.push(
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
    add(
      'dormant',
      db
        .select({ n })
        .from(members)
        .where(dormantAccounts()),
    );
  }
  await Promise.all(jobs);
  return out;
}

export async function pageViewCounts(db: Db, q: PageViewQuery, now = new Date()) {
  const to = q.to ?? chinaDay(now);
  const from = q.from ?? addDays(to, -29);
  if (from > to) throw new Invalid('开始日期不能晚于结束日期');
  if (addDays(from, PAGE_VIEW_MAX_DAYS - 1) < to) throw new Invalid(`查询范围最多 ${PAGE_VIEW_MAX_DAYS} 天`);
  const range = [gte(pageViews.day, from), lte(pageViews.day, to)];
  if (q.path) range.push(like(pageViews.path, `${q.path.replace(/[\\%_]/g, '\\$&')}%`));
  const views = sql<number>`sum(${pageViews.views})::bigint`;
  const [paths, days] = await Promise.all([
    db
      .select({ path: pageViews.path, views })
      .from(pageViews)
      .where(and(...range))
      .groupBy(pageViews.path)
      .orderBy(desc(views), pageViews.path)
      .limit(100),
    db
      .select({ day: pageViews.day, views })
      .from(pageViews)
      .where(and(...range))
      .groupBy(pageViews.day)
      .orderBy(pageViews.day),
  ]);
  return {
    from,
    to,
    total: days.reduce((s, d) => s + Number(d.views), 0),
    paths: paths.map((p) => ({ path: p.path, views: Number(p.views) })),
    days: days.map((d) => ({ day: d.day, views: Number(d.views) })),
  };
}
