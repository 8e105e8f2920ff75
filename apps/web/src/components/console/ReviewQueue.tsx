'use client';
// The frame every review queue shares (企业认证, 付费测试, 充值, 退款): status tabs with their
// counts (the waiting status first), a keyword search, the table with an open-the-drawer action,
// an optional 导出 Excel of the same tab and keyword, and the drawer whose decision changes the
// row in place and moves the tab counts. The tab, keyword and page are in the address, so a
// filtered queue can be bookmarked or shared. Each queue brings its calls, columns and drawer.
import { type Access, type CallSpec, REVIEW_KEYWORD_MAX } from '@apimarket/contracts';
import { Alert, Button, Card, Empty, Input, Table, type TableColumnsType, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { serverMessage } from '@/lib/api/errors';
import { usePagedList } from '@/lib/api/query';
import shared from './console.module.css';
import { ExportButton, type FileCall } from './ExportButton';
import styles from './review.module.css';

const PAGE_SIZE = 20;

/** A queue's list call: a page of its rows, and beside them how many items each status holds. */
export type QueueListCall<Row, Status extends string> = CallSpec<
  z.ZodType,
  { rows: z.ZodType<Row>; extra: { counts: z.ZodType<Record<Status | 'all', number>> } },
  Access
>;

export interface ReviewQueueProps<Row extends { id: number; status: Status }, Status extends string> {
  /** The queue's list call (contracts' `console<Area>Api.list`). */
  list: QueueListCall<Row, Status>;
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
  /** Given, the queue exports the tab and keyword through `call` to `<name>-YYYYMMDD.xlsx`. */
  exportFile?: { call: FileCall; name: string };
  /** The table's scroll width (default 900). */
  scrollX?: number;
  drawer: (id: number | null, close: () => void, decided: (row: Row, before: Status) => void) => React.ReactNode;
}

export function ReviewQueue<Row extends { id: number; status: Status }, Status extends string>(props: ReviewQueueProps<Row, Status>) {
  const { labels, waiting, noun } = props;
  type Filter = Status | 'all';
  const defaults: { status: string; keyword: string } = { status: waiting, keyword: '' };
  const list = usePagedList(props.list, { inUrl: true, quiet: true, pageSize: PAGE_SIZE, filters: defaults });
  const [openId, setOpenId] = useState<number | null>(null);
  // The tab counts stay on screen while another tab or keyword loads.
  const [counts, setCounts] = useState<Record<Filter, number> | null>(null);
  useEffect(() => {
    if (list.reply) setCounts(list.reply.counts);
  }, [list.reply]);

  const filters: Filter[] = [...props.statuses, 'all'];
  const filterLabel = (f: Filter) => (f === 'all' ? '全部' : labels[f]);
  const status: Filter = filters.find((f) => f === list.filters.status) ?? waiting;
  const keyword = list.filters.keyword;
  const error = list.error ? (serverMessage(list.error) ?? `${noun}加载失败，请稍后刷新重试`) : null;

  /** A decision made in the drawer: the row changes in place and the tab counts follow. */
  const decided = (row: Row, before: Status) =>
    list.update((reply) => {
      const moved = { ...reply.counts };
      if (before !== row.status) {
        moved[before] -= 1;
        moved[row.status] += 1;
      }
      return { ...reply, counts: moved, rows: reply.rows.map((r) => (r.id === row.id ? row : r)) };
    });

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
            onChange={(key) => list.setFilters({ status: filters.find((f) => f === key) ?? waiting })}
            items={filters.map((f) => ({ key: f, label: counts ? `${filterLabel(f)}（${counts[f]}）` : filterLabel(f) }))}
          />
          <Input.Search
            className={styles.search}
            allowClear
            maxLength={REVIEW_KEYWORD_MAX}
            placeholder={props.placeholder}
            defaultValue={keyword}
            onSearch={(v) => list.setFilters({ keyword: v.trim() })}
          />
          {props.exportFile ? (
            <ExportButton call={props.exportFile.call} input={{ status, keyword }} name={props.exportFile.name} disabled={!list.total} />
          ) : null}
        </div>
        <Table<Row>
          rowKey="id"
          loading={list.fetching}
          columns={columns}
          dataSource={list.rows}
          // Always scrolled inside its card: an empty table's headers must not widen a phone's page.
          scroll={{ x: props.scrollX ?? 900 }}
          locale={{ emptyText: <Empty description={emptyText} /> }}
          pagination={{ ...list.pagination, showTotal: (n: number) => `共 ${n} 条` }}
        />
      </Card>
      {props.drawer(openId, () => setOpenId(null), decided)}
    </>
  );
}
