'use client';
// 页面访问: views per path and per day over a range of China days, from the site's own counter.
// The range and the path prefix live in the address (?from=&to=&path=), so a view can be shared.
import { consolePageViewsApi, PAGE_VIEW_MAX_DAYS } from '@apimarket/contracts';
import { Alert, Button, Card, DatePicker, Empty, Input, Space, Statistic, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useAddressParams } from '@/lib/address';
import shared from '@/components/console/console.module.css';
import { serverMessage } from '@/lib/api/errors';
import { useCall } from '@/lib/api/query';
import styles from './page-views.module.css';

const DAY = 'YYYY-MM-DD';

export function PageViews() {
  const { params, show } = useAddressParams();
  // Without a range in the address: the last 30 days.
  const from = params.get('from') ?? dayjs().subtract(29, 'day').format(DAY);
  const to = params.get('to') ?? dayjs().format(DAY);
  const prefix = params.get('path') ?? '';
  const [typed, setTyped] = useState(prefix);

  const query = useCall(consolePageViewsApi.list, { from, to, path: prefix }, { quiet: true });
  const counts = query.data?.data ?? null;
  const error = query.isError ? (serverMessage(query.error) ?? '访问数据加载失败，请稍后再试') : null;
  // The path filter applies on search (and on 刷新), not on every keystroke.
  const search = (v: string) => (v === prefix ? void query.refetch() : show({ path: v }));

  const peak = Math.max(1, ...(counts?.days.map((d) => d.views) ?? [1]));
  return (
    <>
      <div className={shared.pageHead}>
        <h1 className={shared.pageTitle}>页面访问</h1>
        <Space wrap>
          <DatePicker.RangePicker
            value={[dayjs(from), dayjs(to)]}
            allowClear={false}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            onChange={(v) => {
              if (v?.[0] && v[1]) show({ from: v[0].format(DAY), to: v[1].format(DAY) });
            }}
          />
          <Input.Search
            placeholder="页面路径前缀，如 /api"
            allowClear
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onSearch={search}
            className={styles.search}
          />
        </Space>
      </div>
      <span className={shared.sub}>统计本站公开页面的浏览次数（按北京时间自然日），单次查询最多 {PAGE_VIEW_MAX_DAYS} 天。</span>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <div className={styles.grid}>
        <Card loading={query.isFetching && !counts}>
          <Statistic title={counts ? `${counts.from} 至 ${counts.to} 浏览量` : '浏览量'} value={counts?.total ?? 0} />
          {counts && counts.days.length > 0 ? (
            <ol className={styles.days} aria-label="每日浏览量">
              {counts.days.map((d) => (
                <li key={d.day} title={`${d.day}：${d.views}`}>
                  <span className={styles.bar} style={{ height: `${Math.max(4, (d.views / peak) * 100)}%` }} />
                </li>
              ))}
            </ol>
          ) : null}
        </Card>
        <Card title="访问最多的页面" className={styles.paths}>
          <Table
            rowKey="path"
            size="small"
            loading={query.isFetching}
            pagination={false}
            dataSource={counts?.paths ?? []}
            locale={{ emptyText: <Empty description="这段时间还没有访问记录" /> }}
            columns={[
              {
                title: '页面',
                dataIndex: 'path',
                // Only this site's own paths become links (older rows may hold anything).
                render: (p: string) =>
                  /^\/(?![/\\])/.test(p) ? (
                    <a href={p} target="_blank" rel="noreferrer">
                      {p}
                    </a>
                  ) : (
                    p
                  ),
              },
              { title: '浏览量', dataIndex: 'views', width: 120, align: 'right', render: (v: number) => v.toLocaleString('zh-CN') },
            ]}
          />
        </Card>
      </div>
      <Button type="link" onClick={() => search(typed)} className={styles.refresh}>
        刷新
      </Button>
    </>
  );
}
