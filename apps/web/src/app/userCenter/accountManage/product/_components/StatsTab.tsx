'use client';
// 子账号统计: each sub-account's calls in a period of China days — this month unless other days
// are chosen — from membershipInterfaceStatisticsInfo. The period shown is the one the server
// echoes, so what is read is what was counted. The filters are kept in the address.
import { formatFen, productsApi, type SubStatsRow } from '@apimarket/contracts';
import { Button, DatePicker, Empty, Form, Grid, Select, Space, Spin, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import Link from 'next/link';
import type { z } from 'zod';
import { EmptyState, ListTable } from '@/components/user-center/ListTable';
import panel from '@/components/user-center/panel.module.css';
import { usePagedList } from '@/lib/api/query';
import styles from './products.module.css';
import { count, SUB_ACCOUNTS_HREF, subLabel, times, useSubAccounts } from './shared';

type StatsRow = z.infer<typeof SubStatsRow>;

const FILTERS = { subAccountId: '', startDate: '', endDate: '' };

interface FormValues {
  subAccountId?: number;
  range?: [Dayjs, Dayjs] | null;
}

const yuan = (fen: number) => `¥${formatFen(fen)}`;
const assignmentsOf = (id: number) => `?tab=assignments&subAccountId=${id}`;

export function StatsTab() {
  const screens = Grid.useBreakpoint();
  const narrow = screens.md === false;
  // One sub-account per row and at most a few dozen of them: one page holds them all.
  const list = usePagedList(productsApi.statistics, { inUrl: true, filters: FILTERS, quiet: true, pageSize: 100 });
  const { filters } = list;
  const subs = useSubAccounts();
  const period = list.reply?.period;
  const dated = filters.startDate !== '' || filters.endDate !== '';
  const sum = list.rows.reduce((s, r) => ({ calls: s.calls + r.calls, charged: s.charged + r.chargedCalls, cost: s.cost + r.costFen }), {
    calls: 0,
    charged: 0,
    cost: 0,
  });

  const columns: TableColumnsType<StatsRow> = [
    {
      title: '子账号',
      key: 'sub',
      render: (_, r) => (
        <>
          <div>{r.loginName}</div>
          <div className={panel.sub}>{r.contacter || '—'}</div>
        </>
      ),
    },
    { title: '分配接口', key: 'interfaces', align: 'right', render: (_, r) => `${r.interfaces} 个` },
    { title: '调用次数', key: 'calls', align: 'right', render: (_, r) => <span data-testid="stats-calls">{times(r.calls)}</span> },
    { title: '成功', key: 'success', align: 'right', render: (_, r) => <span data-testid="stats-success">{times(r.success)}</span> },
    { title: '计费次数', key: 'charged', align: 'right', render: (_, r) => <span data-testid="stats-charged">{times(r.chargedCalls)}</span> },
    { title: '费用（从主账号扣除）', key: 'cost', align: 'right', render: (_, r) => <span className={panel.price}>{yuan(r.costFen)}</span> },
    { title: '操作', key: 'actions', render: (_, r) => <Link href={assignmentsOf(r.subAccountId)}>查看分配</Link> },
  ];

  const empty = list.failed ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="子账号统计暂时无法加载，请稍后刷新重试" />
  ) : !subs.loading && subs.total === 0 ? (
    <EmptyState
      testId="stats-empty-subs"
      title="还没有子账号"
      text="创建子账号并分配接口后，每个子账号在统计区间内的调用次数和费用会列在这里。"
      action={
        <Link href={SUB_ACCOUNTS_HREF}>
          <Button type="primary">创建子账号</Button>
        </Link>
      }
    />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="统计区间内子账号没有调用" />
  );

  return (
    <>
      <Form
        layout={narrow ? 'vertical' : 'inline'}
        initialValues={{
          subAccountId: filters.subAccountId ? Number(filters.subAccountId) : undefined,
          range: filters.startDate && filters.endDate ? [dayjs(filters.startDate), dayjs(filters.endDate)] : null,
        }}
        onFinish={(v: FormValues) =>
          list.setFilters({
            subAccountId: v.subAccountId === undefined ? '' : String(v.subAccountId),
            startDate: v.range?.[0]?.format('YYYY-MM-DD') ?? '',
            endDate: v.range?.[1]?.format('YYYY-MM-DD') ?? '',
          })
        }
        className={`${panel.filters} ${styles.filters}`}
      >
        <Form.Item name="subAccountId" label="子账号">
          <Select
            allowClear
            placeholder="全部子账号"
            style={{ width: narrow ? '100%' : 200 }}
            showSearch={{ optionFilterProp: 'label' }}
            options={subs.rows.map((s) => ({ value: s.id, label: subLabel(s) }))}
            notFoundContent="还没有子账号"
            aria-label="子账号"
          />
        </Form.Item>
        <Form.Item name="range" label="统计日期">
          <DatePicker.RangePicker className={styles.range} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block={narrow}>
          查 询
        </Button>
      </Form>
      {period ? (
        <Space className={styles.summary} size={[16, 4]} wrap data-testid="stats-period">
          <span>
            统计区间：{period.startDate} 至 {period.endDate}
            {dated ? '' : '（本月，按北京时间）'}
          </span>
          <span>合计调用 {times(sum.calls)}</span>
          <span>计费 {times(sum.charged)}</span>
          <span>费用 {yuan(sum.cost)}</span>
        </Space>
      ) : null}
      {narrow ? (
        list.loading ? (
          <Spin className={styles.cardsLoading} />
        ) : list.rows.length === 0 ? (
          empty
        ) : (
          <ul className={styles.cards} data-testid="stats-cards">
            {list.rows.map((r) => (
              <li key={r.subAccountId} className={styles.card}>
                <div className={styles.cardHead}>
                  <strong>{subLabel(r)}</strong>
                  <Link href={assignmentsOf(r.subAccountId)}>查看分配</Link>
                </div>
                <dl className={styles.figures}>
                  <div>
                    <dt>调用次数</dt>
                    <dd>{count(r.calls)}</dd>
                  </div>
                  <div>
                    <dt>成功</dt>
                    <dd>{count(r.success)}</dd>
                  </div>
                  <div>
                    <dt>计费次数</dt>
                    <dd>{count(r.chargedCalls)}</dd>
                  </div>
                  <div>
                    <dt>费用</dt>
                    <dd>{yuan(r.costFen)}</dd>
                  </div>
                </dl>
                <div className={panel.sub}>分配接口 {r.interfaces} 个</div>
              </li>
            ))}
          </ul>
        )
      ) : (
        <ListTable<StatsRow> rowKey="subAccountId" columns={columns} list={list} scrollX={820} empty={empty} data-testid="stats-table" />
      )}
    </>
  );
}
