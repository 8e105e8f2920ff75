'use client';
// 页面访问: views per path and per day over a range of China days, from the site's own counter.
import { PAGE_VIEW_MAX_DAYS } from '@apimarket/contracts';
import { Alert, Button, Card, DatePicker, Empty, Input, Space, Statistic, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useConsole } from '../../../../components/console/ConsoleContext';
import shared from '../../../../components/console/console.module.css';
import { serverMessage } from '../../../../lib/api/errors';
import styles from './page-views.module.css';

interface Counts {
  from: string;
  to: string;
  total: number;
  paths: Array<{ path: string; views: number }>;
  days: Array<{ day: string; views: number }>;
}

const DAY = 'YYYY-MM-DD';

export function PageViews() {
  const { call } = useConsole();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(29, 'day'), dayjs()]);
  const [path, setPath] = useState('');
  const [counts, setCounts] = useState<Counts | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(
    async (prefix: string) => {
      setLoading(true);
      try {
        const res = await call<{ data: Counts }>('pageViews/list', { data: { from: range[0].format(DAY), to: range[1].format(DAY), path: prefix } });
        setCounts(res.data);
        setError(null);
      } catch (err) {
        setError(serverMessage(err) ?? '访问数据加载失败，请稍后再试');
      } finally {
        setLoading(false);
      }
    },
    [call, range],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the path filter applies on search, not on every keystroke
  useEffect(() => {
    void load(path);
  }, [load]);

  const peak = Math.max(1, ...(counts?.days.map((d) => d.views) ?? [1]));
  return (
    <>
      <div className={shared.pageHead}>
        <h1 className={shared.pageTitle}>页面访问</h1>
        <Space wrap>
          <DatePicker.RangePicker
            value={range}
            allowClear={false}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            onChange={(v) => {
              if (v?.[0] && v[1]) setRange([v[0], v[1]]);
            }}
          />
          <Input.Search placeholder="页面路径前缀，如 /api" allowClear value={path} onChange={(e) => setPath(e.target.value)} onSearch={(v) => void load(v)} className={styles.search} />
        </Space>
      </div>
      <span className={shared.sub}>统计本站公开页面的浏览次数（按北京时间自然日），单次查询最多 {PAGE_VIEW_MAX_DAYS} 天。</span>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <div className={styles.grid}>
        <Card loading={loading && !counts}>
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
            loading={loading}
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
      <Button type="link" onClick={() => void load(path)} className={styles.refresh}>
        刷新
      </Button>
    </>
  );
}
