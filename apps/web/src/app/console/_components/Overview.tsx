'use client';
// 工作台: how much waits in each queue the operator's role works, each a link to its queue.
import { type ConsoleArea, CONSOLE_AREAS, type ConsoleOverview, consoleOverviewApi, OPERATOR_ROLE_LABEL } from '@apimarket/contracts';
import { Alert, Card, Empty, Skeleton, Statistic } from 'antd';
import Link from 'next/link';
import { useConsole } from '@/components/console/ConsoleContext';
import styles from '@/components/console/console.module.css';
import { serverMessage } from '@/lib/api/errors';
import { useCall } from '@/lib/api/query';
import { consoleHref } from '@/lib/console';

const QUEUES: Array<{ key: keyof ConsoleOverview; area: ConsoleArea; label: string; path: string }> = [
  { key: 'qualifications', area: 'qualifications', label: '待审核企业认证', path: 'qualifications' },
  { key: 'payTests', area: 'payTests', label: '待审批付费测试', path: 'payTests' },
  { key: 'recharges', area: 'recharges', label: '待确认充值', path: 'recharges' },
  { key: 'refunds', area: 'refunds', label: '待审核退款', path: 'refunds' },
  { key: 'leads', area: 'leads', label: '未跟进线索', path: 'leads' },
  { key: 'dormant', area: 'members', label: '半年未登录账号', path: 'members?tab=dormant' },
];

export function Overview() {
  const { operator } = useConsole();
  const overview = useCall(consoleOverviewApi.overview, {}, { quiet: true });
  const counts = overview.data?.data ?? null;
  const error = overview.isError ? (serverMessage(overview.error) ?? '工作台数据加载失败，请刷新重试') : null;

  const queues = QUEUES.filter((q) => operator.areas.includes(q.area));
  return (
    <>
      <div className={styles.pageHead}>
        <h1 className={styles.pageTitle}>工作台</h1>
        <span className={styles.sub}>
          {operator.username} · {OPERATOR_ROLE_LABEL[operator.role]}
        </span>
      </div>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      {queues.length === 0 ? (
        <Card>
          <Empty description="你的角色没有待办队列，请从左侧菜单进入工作页面" />
        </Card>
      ) : (
        <div className={styles.queues}>
          {queues.map((q) => (
            <Link key={q.key} href={consoleHref(q.path)} className={styles.queue} data-testid={`queue-${q.key}`}>
              <Card hoverable>
                {counts ? <Statistic title={q.label} value={counts[q.key] ?? 0} suffix="项" /> : <Skeleton active paragraph={false} />}
                <div className={styles.sub}>{CONSOLE_AREAS[q.area].title} →</div>
              </Card>
            </Link>
          ))}
        </div>
      )}
    </>
  );
}
