'use client';
// 子账号消费 (main accounts only): the sub-accounts' calls of the open data API per interface in a
// period — this China month unless other days are chosen — from mytrade/subAccount/consume/list.
import type { SubConsumeList, SubConsumeRow } from '@apimarket/contracts';
import { Button, DatePicker, Empty, Form, Input, Select, Space, Table, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import Link from 'next/link';
import { useCallback, useEffect, useState } from 'react';
import { request } from '../../../../../lib/api/client';
import { dateTime } from '../../../../../lib/format';
import styles from './sub-consume.module.css';

const PAGE_SIZE = 10;
const SUB_ACCOUNTS_HREF = '/userCenter/accountManage/subAccount';

interface Filters {
  subAccountId?: number;
  interfaceName?: string;
  range?: [Dayjs, Dayjs] | null;
}

interface Child {
  id: number;
  mname: string;
  userName: string;
}

const times = (n: number) => `${n.toLocaleString('zh-CN')} 次`;

export function SubConsumeTab() {
  const [filters, setFilters] = useState<Filters>({});
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<Omit<SubConsumeList, 'code' | 'msg'> | null>(null);
  const [failed, setFailed] = useState(false);
  const [children, setChildren] = useState<Child[]>([]);

  useEffect(() => {
    request<{ rows: Child[] }>('myAccount/getChild', { silent: true })
      .then((r) => setChildren(r.rows))
      .catch(() => setChildren([]));
  }, []);

  const load = useCallback(async () => {
    try {
      const res = await request<SubConsumeList>('mytrade/subAccount/consume/list', {
        data: {
          pageNum,
          pageSize: PAGE_SIZE,
          subAccountId: filters.subAccountId ?? '',
          interfaceName: filters.interfaceName ?? '',
          startDate: filters.range?.[0]?.format('YYYY-MM-DD') ?? '',
          endDate: filters.range?.[1]?.format('YYYY-MM-DD') ?? '',
        },
      });
      setFailed(false);
      setPage({ rows: res.rows, total: res.total, period: res.period, sum: res.sum });
    } catch {
      setFailed(true);
      setPage((p) => p ?? { rows: [], total: 0, period: { startDate: '', endDate: '' }, sum: { calls: 0, chargedCalls: 0 } });
    }
  }, [filters, pageNum]);

  useEffect(() => {
    void load();
  }, [load]);

  const filtered = filters.subAccountId !== undefined || Boolean(filters.interfaceName) || Boolean(filters.range);

  const columns: TableColumnsType<SubConsumeRow> = [
    {
      title: '子账号',
      key: 'account',
      render: (_, r) => (
        <span className={styles.account}>
          {r.loginName}
          {r.nickname ? <span className={styles.nickname}>{r.nickname}</span> : null}
        </span>
      ),
    },
    { title: '接口', key: 'interface', render: (_, r) => r.interfaceName || '—' },
    { title: '调用次数', key: 'calls', align: 'right', render: (_, r) => times(r.calls) },
    { title: '计费次数', key: 'charged', align: 'right', render: (_, r) => times(r.chargedCalls) },
    { title: '最近调用', key: 'last', render: (_, r) => dateTime(r.lastCallAt) },
  ];

  const empty = failed ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="子账号消费暂时无法加载，请稍后刷新重试" />
  ) : filtered ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有符合条件的子账号调用记录" />
  ) : (
    <div className={styles.empty} data-testid="sub-consume-empty">
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <strong className={styles.emptyTitle}>还没有子账号的调用记录</strong>
            <span className={styles.emptyText}>
              子账号在「账号管理 › 子账号管理」中创建和管理；子账号用自己名下接口的 Key 调用后，本月的调用次数会按子账号和接口汇总在这里。
            </span>
          </>
        }
      >
        <Link href={SUB_ACCOUNTS_HREF}>
          <Button>管理子账号</Button>
        </Link>
      </Empty>
    </div>
  );

  return (
    <>
      <Form
        layout="inline"
        onFinish={(v: Filters) => {
          setPageNum(1);
          setFilters(v);
        }}
        className={styles.filters}
      >
        <Form.Item name="subAccountId" label="子账号">
          <Select
            allowClear
            placeholder="全部子账号"
            style={{ width: 180 }}
            options={children.map((c) => ({ value: c.id, label: c.userName ? `${c.mname}（${c.userName}）` : c.mname }))}
            notFoundContent="还没有子账号"
          />
        </Form.Item>
        <Form.Item name="interfaceName" label="接口">
          <Input allowClear placeholder="接口名称" maxLength={50} />
        </Form.Item>
        <Form.Item name="range" label="调用日期">
          <DatePicker.RangePicker />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          查 询
        </Button>
      </Form>
      {page?.period.startDate ? (
        <Space className={styles.summary} size="large" wrap data-testid="sub-consume-summary">
          <span>
            统计区间：{page.period.startDate} 至 {page.period.endDate}
            {filters.range ? '' : '（本月）'}
          </span>
          <span>合计调用 {times(page.sum.calls)}</span>
          <span>计费 {times(page.sum.chargedCalls)}</span>
        </Space>
      ) : null}
      <Table<SubConsumeRow>
        rowKey={(r) => `${r.subAccountId}-${r.interfaceId ?? 0}`}
        columns={columns}
        dataSource={page?.rows ?? []}
        loading={!page}
        scroll={page?.rows?.length ? { x: 760 } : undefined}
        pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: page?.total ?? 0, onChange: setPageNum, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: empty }}
      />
    </>
  );
}
