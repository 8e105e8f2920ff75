// 页面访问: the public site's page views summed by path and by day.
import { describe, expect, it } from 'vitest';
import { pageViews } from '../../db/schema';
import { consolePost, consoleTestApp } from '../../test/console';

const { t, ops, describeRoleMatrix } = consoleTestApp();

describeRoleMatrix('pageViews', { 'pageViews/list': {} });

describe('page views', () => {
  it('sums page views by path and by day over the range asked', async () => {
    await t.database.db.insert(pageViews).values([
      { path: '/api', day: '2026-11-01', views: 7 },
      { path: '/api', day: '2026-11-02', views: 3 },
      { path: '/news', day: '2026-11-02', views: 4 },
      { path: '/news', day: '2026-10-01', views: 100 },
    ]);
    const res = (await consolePost(t, 'pageViews/list', ops.sales, { from: '2026-11-01', to: '2026-11-02' })).json();
    expect(res.data).toEqual({
      from: '2026-11-01',
      to: '2026-11-02',
      total: 14,
      paths: [
        { path: '/api', views: 10 },
        { path: '/news', views: 4 },
      ],
      days: [
        { day: '2026-11-01', views: 7 },
        { day: '2026-11-02', views: 7 },
      ],
    });
    expect((await consolePost(t, 'pageViews/list', ops.sales, { from: '2026-11-03', to: '2026-11-01' })).json().msg).toBe('开始日期不能晚于结束日期');
    expect((await consolePost(t, 'pageViews/list', ops.sales, { from: '2025-01-01', to: '2026-11-01' })).json().msg).toBe('查询范围最多 366 天');
  });
});
