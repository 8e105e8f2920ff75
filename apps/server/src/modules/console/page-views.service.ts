// Page views of the public site for the console (Decision 5): sums per path and per China day
// of the site's own counter, over a range of at most PAGE_VIEW_MAX_DAYS days.
import { addDays, chinaDay, PAGE_VIEW_MAX_DAYS, type PageViewCounts, type PageViewQuery } from '@apimarket/contracts';
import { and, desc, gte, like, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageViews } from '../../db/schema';
import { Invalid } from '../../http/errors';

/** Without a range: the last 30 China days. */
export async function pageViewCounts(db: Db, q: PageViewQuery, now = new Date()): Promise<PageViewCounts> {
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
