'use client';
// 退款审核: refund requests by status (待审核 first) with their counts, a search over login name,
// order number and interface, the drawer where the finance desk approves or rejects, and
// 导出 Excel of the same tab and keyword for reconciling with the bank statement.
import { DownloadOutlined } from '@ant-design/icons';
import { formatFen, type QueuePage, REFUND_QUEUE, REFUND_QUEUE_LABEL, type RefundQueueRow, type RefundQueueStatus, REVIEW_KEYWORD_MAX } from '@apimarket/contracts';
import { Alert, App, Button, Card, Empty, Input, Table, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useConsole } from '../../../../components/console/ConsoleContext';
import shared from '../../../../components/console/console.module.css';
import { serverMessage } from '../../../../lib/api/errors';
import { dateTime } from '../../../../lib/format';
import { saveBlob } from '../../../../lib/download';
import { RefundDrawer } from './RefundDrawer';
import styles from './refunds.module.css';
import { STATUS_COLOR } from './status';

type Filter = RefundQueueStatus | 'all';
type Page = QueuePage<RefundQueueRow, RefundQueueStatus>;

const PAGE_SIZE = 20;
const FILTERS: Filter[] = [...REFUND_QUEUE, 'all'];
const FILTER_LABEL: Record<Filter, string> = { ...REFUND_QUEUE_LABEL, all: '全部' };

export function RefundQueue() {
  const { call } = useConsole();
  const { message } = App.useApp();
  const [status, setStatus] = useState<Filter>('requested');
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<Page | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await call<Page>('refunds/list', { data: { status, keyword, pageNum, pageSize: PAGE_SIZE } });
      setPage({ rows: res.rows, total: res.total, counts: res.counts });
      setError(null);
    } catch (err) {
      setError(serverMessage(err) ?? '退款申请加载失败，请稍后刷新重试');
    } finally {
      setLoading(false);
    }
  }, [call, status, keyword, pageNum]);

  useEffect(() => {
    void load();
  }, [load]);

  const exportFile = async () => {
    setExporting(true);
    try {
      const blob = await call<Blob>('refunds/export', { method: 'GET', data: { status, keyword } });
      saveBlob(blob, `退款记录-${dayjs().format('YYYYMMDD')}.xlsx`);
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) void message.error(msg);
    } finally {
      setExporting(false);
    }
  };

  /** A decision made in the drawer: the row changes in place and the tab counts follow. */
  const decided = (row: RefundQueueRow, before: RefundQueueStatus) => {
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

  const columns: TableColumnsType<RefundQueueRow> = [
    { title: '会员', dataIndex: 'loginName', width: 140, render: (v: string, r) => <Typography.Link onClick={() => setOpenId(r.id)}>{v}</Typography.Link> },
    {
      title: '退款范围',
      key: 'scope',
      width: 210,
      render: (_, r) => (
        <div>
          {r.scopeLabel}
          {r.orderNo ? <div className={styles.sub}>{r.orderNo}</div> : null}
        </div>
      ),
    },
    { title: '接口', dataIndex: 'interfaceName' },
    { title: '调用次数', dataIndex: 'calls', width: 110, align: 'right', render: (v: number) => v.toLocaleString('zh-CN') },
    { title: '金额（元）', dataIndex: 'amountFen', width: 120, align: 'right', render: (v: number) => <span className={styles.money}>{formatFen(v)}</span> },
    { title: '申请时间', dataIndex: 'createdAt', width: 170, render: (v: string) => dateTime(v) },
    { title: '状态', key: 'status', width: 90, render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{r.statusLabel}</Tag> },
    {
      title: '操作',
      key: 'action',
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpenId(r.id)}>
          {r.status === 'requested' ? '审 核' : '查 看'}
        </Button>
      ),
    },
  ];

  const emptyText = keyword
    ? `没有找到与「${keyword}」相关的退款申请，换个关键词试试`
    : status === 'requested'
      ? '暂无待审核的退款申请，客户在订单或已购接口中申请退款后会出现在这里'
      : `暂无${FILTER_LABEL[status]}的退款申请`;

  return (
    <>
      <div className={shared.pageHead}>
        <h1 className={shared.pageTitle}>退款审核</h1>
        <span className={shared.sub}>通过后收回未用的调用次数，按购买单价退回账户余额（可填写更低金额）；测试调用不退款</span>
      </div>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <Card>
        <div className={styles.toolbar}>
          <Tabs
            className={styles.tabs}
            activeKey={status}
            onChange={(key) => {
              setStatus(FILTERS.find((f) => f === key) ?? 'requested');
              setPageNum(1);
            }}
            items={FILTERS.map((f) => ({ key: f, label: page ? `${FILTER_LABEL[f]}（${page.counts[f]}）` : FILTER_LABEL[f] }))}
          />
          <Input.Search
            className={styles.search}
            allowClear
            maxLength={REVIEW_KEYWORD_MAX}
            placeholder="登录账号 / 订单号 / 接口名称"
            onSearch={(v) => {
              setKeyword(v.trim());
              setPageNum(1);
            }}
          />
          <Button icon={<DownloadOutlined />} loading={exporting} disabled={!page?.total} onClick={() => void exportFile()}>
            导出 Excel
          </Button>
        </div>
        <Table<RefundQueueRow>
          rowKey="id"
          loading={loading}
          columns={columns}
          dataSource={page?.rows ?? []}
          scroll={page?.rows?.length ? { x: 1000 } : undefined}
          locale={{ emptyText: <Empty description={emptyText} /> }}
          pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: page?.total ?? 0, onChange: setPageNum, showSizeChanger: false, hideOnSinglePage: true, showTotal: (n) => `共 ${n} 条` }}
        />
      </Card>
      <RefundDrawer id={openId} onClose={() => setOpenId(null)} onDecided={decided} />
    </>
  );
}
