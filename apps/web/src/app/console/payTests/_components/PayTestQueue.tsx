'use client';
// 付费测试审批: applications by status (待审核 first) with their counts, a search over login name
// and interface, and the drawer where an operator approves (the fee is debited) or rejects.
import { formatFen, PAY_TEST_QUEUE, PAY_TEST_QUEUE_LABEL, type PayTestQueueRow, type PayTestQueueStatus, type QueuePage, REVIEW_KEYWORD_MAX } from '@apimarket/contracts';
import { Alert, Button, Card, Empty, Input, Table, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useConsole } from '../../../../components/console/ConsoleContext';
import shared from '../../../../components/console/console.module.css';
import { serverMessage } from '../../../../lib/api/errors';
import { dateTime } from '../../../../lib/format';
import { PayTestDrawer } from './PayTestDrawer';
import styles from './pay-tests.module.css';
import { STATUS_COLOR } from './status';

type Filter = PayTestQueueStatus | 'all';
type Page = QueuePage<PayTestQueueRow, PayTestQueueStatus>;

const PAGE_SIZE = 20;
const FILTERS: Filter[] = [...PAY_TEST_QUEUE, 'all'];
const FILTER_LABEL: Record<Filter, string> = { ...PAY_TEST_QUEUE_LABEL, all: '全部' };

export function PayTestQueue() {
  const { call } = useConsole();
  const [status, setStatus] = useState<Filter>('applied');
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<Page | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await call<Page>('payTests/list', { data: { status, keyword, pageNum, pageSize: PAGE_SIZE } });
      setPage({ rows: res.rows, total: res.total, counts: res.counts });
      setError(null);
    } catch (err) {
      setError(serverMessage(err) ?? '付费测试申请加载失败，请稍后刷新重试');
    } finally {
      setLoading(false);
    }
  }, [call, status, keyword, pageNum]);

  useEffect(() => {
    void load();
  }, [load]);

  /** A decision made in the drawer: the row changes in place and the tab counts follow. */
  const decided = (row: PayTestQueueRow, before: PayTestQueueStatus) => {
    setPage((p) => {
      if (!p) return p;
      const counts = { ...p.counts };
      if (before !== row.status) {
        counts[before] -= 1;
        counts[row.status] += 1;
      }
      return { ...p, counts, rows: p.rows.map((r) => (r.id === row.id ? row : r)) };
    });
  };

  const columns: TableColumnsType<PayTestQueueRow> = [
    { title: '会员', dataIndex: 'loginName', width: 140, render: (v: string, r) => <Typography.Link onClick={() => setOpenId(r.id)}>{v}</Typography.Link> },
    { title: '接口', dataIndex: 'interfaceName' },
    { title: '测试次数', dataIndex: 'calls', width: 100, render: (v: number) => v.toLocaleString('zh-CN') },
    { title: '测试费用', dataIndex: 'feeFen', width: 120, render: (v: number) => <span className={styles.money}>¥{formatFen(v)}</span> },
    {
      title: '联系人',
      key: 'contact',
      width: 150,
      render: (_, r) => (
        <div>
          {r.contactName}
          <div className={styles.sub}>{r.contactPhone}</div>
        </div>
      ),
    },
    { title: '申请时间', dataIndex: 'createdAt', width: 170, render: (v: string) => dateTime(v) },
    { title: '状态', key: 'status', width: 90, render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{r.statusLabel}</Tag> },
    {
      title: '操作',
      key: 'action',
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpenId(r.id)}>
          {r.status === 'applied' ? '审 批' : '查 看'}
        </Button>
      ),
    },
  ];

  const emptyText = keyword
    ? `没有找到与「${keyword}」相关的付费测试申请，换个关键词试试`
    : status === 'applied'
      ? '暂无待审核的付费测试申请，客户提交后会出现在这里'
      : `暂无${FILTER_LABEL[status]}的付费测试申请`;

  return (
    <>
      <div className={shared.pageHead}>
        <h1 className={shared.pageTitle}>付费测试审批</h1>
        <span className={shared.sub}>通过时从客户余额扣除测试费用并开通测试次数；余额不足时不会扣费</span>
      </div>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <Card>
        <div className={styles.toolbar}>
          <Tabs
            className={styles.tabs}
            activeKey={status}
            onChange={(key) => {
              setStatus(FILTERS.find((f) => f === key) ?? 'applied');
              setPageNum(1);
            }}
            items={FILTERS.map((f) => ({ key: f, label: page ? `${FILTER_LABEL[f]}（${page.counts[f]}）` : FILTER_LABEL[f] }))}
          />
          <Input.Search
            className={styles.search}
            allowClear
            maxLength={REVIEW_KEYWORD_MAX}
            placeholder="登录账号 / 接口名称"
            onSearch={(v) => {
              setKeyword(v.trim());
              setPageNum(1);
            }}
          />
        </div>
        <Table<PayTestQueueRow>
          rowKey="id"
          loading={loading}
          columns={columns}
          dataSource={page?.rows ?? []}
          scroll={page?.rows?.length ? { x: 1000 } : undefined}
          locale={{ emptyText: <Empty description={emptyText} /> }}
          pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: page?.total ?? 0, onChange: setPageNum, showSizeChanger: false, hideOnSinglePage: true, showTotal: (n) => `共 ${n} 条` }}
        />
      </Card>
      <PayTestDrawer id={openId} onClose={() => setOpenId(null)} onDecided={decided} />
    </>
  );
}
