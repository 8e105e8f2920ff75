'use client';
// The frame every review queue shares (企业认证, 付费测试, 充值, 退款): status tabs with their
// counts (the waiting status first), a keyword search, the table with an open-the-drawer action,
// an optional 导出 Excel of the same tab and keyword, and the drawer whose decision changes the
// row in place and moves the tab counts. Each queue brings its own columns and drawer.
import { DownloadOutlined } from '@ant-design/icons';
import { type QueuePage, REVIEW_KEYWORD_MAX } from '@apimarket/contracts';
import { Alert, App, Button, Card, Empty, Input, Table, type TableColumnsType, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { serverMessage } from '../../lib/api/errors';
import { saveBlob } from '../../lib/download';
import shared from './console.module.css';
import { useConsole } from './ConsoleContext';
import styles from './review.module.css';

const PAGE_SIZE = 20;

export interface ReviewQueueProps<Row extends { id: number; status: Status }, Status extends string> {
  /** The console area: its calls are `<area>/list` and `<area>/export`. */
  area: 'qualifications' | 'payTests' | 'recharges' | 'refunds';
  title: string;
  hint: string;
  statuses: readonly Status[];
  labels: Record<Status, string>;
  /** The status that waits for a decision: the first tab, and the rows the action opens to decide. */
  waiting: Status;
  /** What one item is called in messages, e.g. 充值申请. */
  noun: string;
  /** The empty waiting tab's sentence. */
  waitingEmpty: string;
  placeholder: string;
  /** The action's label on a waiting row, e.g. 审 核. */
  decideLabel: string;
  /** The columns before the action column; `open` opens a row's drawer. */
  columns: (open: (id: number) => void) => TableColumnsType<Row>;
  /** Given, the queue exports the tab and keyword to `<exportName>-YYYYMMDD.xlsx`. */
  exportName?: string;
  /** The table's scroll width (default 900). */
  scrollX?: number;
  drawer: (id: number | null, close: () => void, decided: (row: Row, before: Status) => void) => React.ReactNode;
}

export function ReviewQueue<Row extends { id: number; status: Status }, Status extends string>(props: ReviewQueueProps<Row, Status>) {
  const { area, labels, waiting, noun } = props;
  type Filter = Status | 'all';
  const { call } = useConsole();
  const { message } = App.useApp();
  const [status, setStatus] = useState<Filter>(waiting);
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<QueuePage<Row, Status> | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);

  const filters: Filter[] = [...props.statuses, 'all'];
  const filterLabel = (f: Filter) => (f === 'all' ? '全部' : labels[f]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await call<QueuePage<Row, Status>>(`${area}/list`, { data: { status, keyword, pageNum, pageSize: PAGE_SIZE } });
      setPage({ rows: res.rows, total: res.total, counts: res.counts });
      setError(null);
    } catch (err) {
      setError(serverMessage(err) ?? `${noun}加载失败，请稍后刷新重试`);
    } finally {
      setLoading(false);
    }
  }, [call, area, noun, status, keyword, pageNum]);

  useEffect(() => {
    void load();
  }, [load]);

  const exportFile = async (name: string) => {
    setExporting(true);
    try {
      const blob = await call<Blob>(`${area}/export`, { method: 'GET', data: { status, keyword } });
      saveBlob(blob, `${name}-${dayjs().format('YYYYMMDD')}.xlsx`);
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) void message.error(msg);
    } finally {
      setExporting(false);
    }
  };

  /** A decision made in the drawer: the row changes in place and the tab counts follow. */
  const decided = (row: Row, before: Status) => {
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

  const columns: TableColumnsType<Row> = [
    ...props.columns(setOpenId),
    {
      title: '操作',
      key: 'action',
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpenId(r.id)}>
          {r.status === waiting ? props.decideLabel : '查 看'}
        </Button>
      ),
    },
  ];

  const emptyText = keyword
    ? `没有找到与「${keyword}」相关的${noun}，换个关键词试试`
    : status === waiting
      ? props.waitingEmpty
      : `暂无${filterLabel(status)}的${noun}`;

  return (
    <>
      <div className={shared.pageHead}>
        <h1 className={shared.pageTitle}>{props.title}</h1>
        <span className={shared.sub}>{props.hint}</span>
      </div>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <Card>
        <div className={styles.toolbar}>
          <Tabs
            className={styles.tabs}
            activeKey={status}
            onChange={(key) => {
              setStatus(filters.find((f) => f === key) ?? waiting);
              setPageNum(1);
            }}
            items={filters.map((f) => ({ key: f, label: page ? `${filterLabel(f)}（${page.counts[f]}）` : filterLabel(f) }))}
          />
          <Input.Search
            className={styles.search}
            allowClear
            maxLength={REVIEW_KEYWORD_MAX}
            placeholder={props.placeholder}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPageNum(1);
            }}
          />
          {props.exportName ? (
            <Button icon={<DownloadOutlined />} loading={exporting} disabled={!page?.total} onClick={() => void exportFile(props.exportName ?? '')}>
              导出 Excel
            </Button>
          ) : null}
        </div>
        <Table<Row>
          rowKey="id"
          loading={loading}
          columns={columns}
          dataSource={page?.rows ?? []}
          // Always scrolled inside its card: an empty table's headers must not widen a phone's page.
          scroll={{ x: props.scrollX ?? 900 }}
          locale={{ emptyText: <Empty description={emptyText} /> }}
          pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: page?.total ?? 0, onChange: setPageNum, showSizeChanger: false, hideOnSinglePage: true, showTotal: (n) => `共 ${n} 条` }}
        />
      </Card>
      {props.drawer(openId, () => setOpenId(null), decided)}
    </>
  );
}
