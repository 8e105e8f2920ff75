'use client';
// 充值确认: declared transfers by status (待确认 first) with their counts, a search over transfer
// reference, payer and login name, the drawer where the finance desk confirms or rejects, and
// 导出 Excel of the same tab and keyword for reconciling with the bank statement.
import { DownloadOutlined } from '@ant-design/icons';
import { formatFen, type QueuePage, RECHARGE_QUEUE, RECHARGE_QUEUE_LABEL, type RechargeQueueRow, type RechargeQueueStatus, REVIEW_KEYWORD_MAX } from '@apimarket/contracts';
import { Alert, App, Button, Card, Empty, Input, Table, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useConsole } from '../../../../components/console/ConsoleContext';
import shared from '../../../../components/console/console.module.css';
import { serverMessage } from '../../../../lib/api/errors';
import { dateTime } from '../../../../lib/format';
import { saveBlob } from '../../../../lib/download';
import { RechargeDrawer } from './RechargeDrawer';
import styles from './recharges.module.css';
import { STATUS_COLOR } from './status';

type Filter = RechargeQueueStatus | 'all';
type Page = QueuePage<RechargeQueueRow, RechargeQueueStatus>;

const PAGE_SIZE = 20;
const FILTERS: Filter[] = [...RECHARGE_QUEUE, 'all'];
const FILTER_LABEL: Record<Filter, string> = { ...RECHARGE_QUEUE_LABEL, all: '全部' };

export function RechargeQueue() {
  const { call } = useConsole();
  const { message } = App.useApp();
  const [status, setStatus] = useState<Filter>('declared');
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
      const res = await call<Page>('recharges/list', { data: { status, keyword, pageNum, pageSize: PAGE_SIZE } });
      setPage({ rows: res.rows, total: res.total, counts: res.counts });
      setError(null);
    } catch (err) {
      setError(serverMessage(err) ?? '充值申请加载失败，请稍后刷新重试');
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
      const blob = await call<Blob>('recharges/export', { method: 'GET', data: { status, keyword } });
      saveBlob(blob, `充值记录-${dayjs().format('YYYYMMDD')}.xlsx`);
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) void message.error(msg);
    } finally {
      setExporting(false);
    }
  };

  /** A decision made in the drawer: the row changes in place and the tab counts follow. */
  const decided = (row: RechargeQueueRow, before: RechargeQueueStatus) => {
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

  const columns: TableColumnsType<RechargeQueueRow> = [
    { title: '转账流水号', dataIndex: 'transferRef', width: 200, render: (v: string, r) => <Typography.Link onClick={() => setOpenId(r.id)}>{v}</Typography.Link> },
    { title: '付款户名', dataIndex: 'payerName' },
    { title: '金额（元）', dataIndex: 'amountFen', width: 140, align: 'right', render: (v: number) => <span className={styles.money}>{formatFen(v)}</span> },
    { title: '会员', dataIndex: 'loginName', width: 140 },
    { title: '申报时间', dataIndex: 'createdAt', width: 170, render: (v: string) => dateTime(v) },
    { title: '状态', key: 'status', width: 90, render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{r.statusLabel}</Tag> },
    {
      title: '操作',
      key: 'action',
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpenId(r.id)}>
          {r.status === 'declared' ? '核 对' : '查 看'}
        </Button>
      ),
    },
  ];

  const emptyText = keyword
    ? `没有找到与「${keyword}」相关的充值申请，换个关键词试试`
    : status === 'declared'
      ? '暂无待确认的充值，客户申报对公转账后会出现在这里'
      : `暂无${FILTER_LABEL[status]}的充值申请`;

  return (
    <>
      <div className={shared.pageHead}>
        <h1 className={shared.pageTitle}>充值确认</h1>
        <span className={shared.sub}>按银行流水核对流水号、付款户名和金额后确认到账；每笔只会入账一次</span>
      </div>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <Card>
        <div className={styles.toolbar}>
          <Tabs
            className={styles.tabs}
            activeKey={status}
            onChange={(key) => {
              setStatus(FILTERS.find((f) => f === key) ?? 'declared');
              setPageNum(1);
            }}
            items={FILTERS.map((f) => ({ key: f, label: page ? `${FILTER_LABEL[f]}（${page.counts[f]}）` : FILTER_LABEL[f] }))}
          />
          <Input.Search
            className={styles.search}
            allowClear
            maxLength={REVIEW_KEYWORD_MAX}
            placeholder="流水号 / 付款户名 / 登录账号"
            onSearch={(v) => {
              setKeyword(v.trim());
              setPageNum(1);
            }}
          />
          <Button icon={<DownloadOutlined />} loading={exporting} disabled={!page?.total} onClick={() => void exportFile()}>
            导出 Excel
          </Button>
        </div>
        <Table<RechargeQueueRow>
          rowKey="id"
          loading={loading}
          columns={columns}
          dataSource={page?.rows ?? []}
          scroll={page?.rows?.length ? { x: 900 } : undefined}
          locale={{ emptyText: <Empty description={emptyText} /> }}
          pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: page?.total ?? 0, onChange: setPageNum, showSizeChanger: false, hideOnSinglePage: true, showTotal: (n) => `共 ${n} 条` }}
        />
      </Card>
      <RechargeDrawer id={openId} onClose={() => setOpenId(null)} onDecided={decided} />
    </>
  );
}
