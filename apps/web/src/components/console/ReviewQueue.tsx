'use client';
// The frame every review queue shares (企业认证, 付费测试, 充值, 退款): status tabs with their
// counts (the waiting status first), a keyword search, the table with an open-the-drawer action,
// an optional 导出 Excel of the same tab and keyword, and the review drawer whose decision changes
// the row in place and moves the tab counts. The tab, keyword and page are in the address, so a
// filtered queue can be bookmarked or shared. Each queue brings its calls, words, columns and
// what its drawer shows.
import { type Access, type CallSpec, REVIEW_KEYWORD_MAX } from '@apimarket/contracts';
import { Alert, Card, Empty, Input, Table, type TableColumnsType, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { serverMessage } from '@/lib/api/errors';
import { usePagedList } from '@/lib/api/query';
import { openColumn, PageHead } from './ConsoleList';
import shared from './console.module.css';
import { ExportButton, type FileCall } from './ExportButton';
import { ReviewDrawer, type ReviewDrawerProps } from './ReviewDrawer';
import styles from './review.module.css';
import type { ReviewCalls } from './useReviewDetail';

const PAGE_SIZE = 20;

/** A queue's list call: a page of its rows, and beside them how many items each status holds. */
export type QueueListCall<Row, Status extends string> = CallSpec<
  z.ZodType,
  { rows: z.ZodType<Row>; extra: { counts: z.ZodType<Record<Status | 'all', number>> } },
  Access
>;

export interface ReviewQueueProps<Detail extends { id: number; status: Status }, Row extends { id: number; status: Status }, Status extends string> {
  /** The queue's calls (contracts' `console<Area>Api`); with `export`, the queue offers 导出 Excel. */
  calls: ReviewCalls<Detail, Row> & { list: QueueListCall<Row, Status>; export?: FileCall };
  title: string;
  hint: string;
  /** The statuses in tab order, the one that waits for a decision first. */
  statuses: readonly [Status, ...Status[]];
  labels: Record<Status, string>;
  /** What one item is called in messages, e.g. 充值申请. */
  noun: string;
  /** The empty waiting tab's sentence. */
  waitingEmpty: string;
  placeholder: string;
  /** The action's label on a waiting row, e.g. 审 核. */
  decideLabel: string;
  /** The export's file name, `<name>-YYYYMMDD.xlsx`, of the tab and keyword on screen. */
  exportName?: string;
  /** The table's scroll width (default 900). */
  scrollX?: number;
  /** The first column, whose value opens the row's drawer. */
  lead: { title: string; dataIndex: keyof Row & string; width?: number };
  /** The columns after it, before the action column. */
  columns: TableColumnsType<Row>;
  /** The drawer: its title, load error, approval and rejection, and how a decided item reads. */
  review: Omit<ReviewDrawerProps<Detail, Row, Status>, 'calls' | 'id' | 'onClose' | 'onDecided' | 'waiting' | 'children'>;
  /** The drawer's sections for the loaded item. */
  children: (detail: Detail) => React.ReactNode;
}

export function ReviewQueue<Detail extends { id: number; status: Status }, Row extends { id: number; status: Status }, Status extends string>(
  props: ReviewQueueProps<Detail, Row, Status>,
) {
  const { labels, noun, calls } = props;
  const waiting = props.statuses[0];
  type Filter = Status | 'all';
  const defaults: { status: string; keyword: string } = { status: waiting, keyword: '' };
  const list = usePagedList(calls.list, { inUrl: true, quiet: true, pageSize: PAGE_SIZE, filters: defaults });
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
    {
      title: props.lead.title,
      dataIndex: props.lead.dataIndex,
      width: props.lead.width,
      render: (v: string, r) => <Typography.Link onClick={() => setOpenId(r.id)}>{v}</Typography.Link>,
    },
    ...props.columns,
    openColumn<Row>((r) => (r.status === waiting ? props.decideLabel : '查 看'), setOpenId, 90),
  ];

  const emptyText = keyword
    ? `没有找到与「${keyword}」相关的${noun}，换个关键词试试`
    : status === waiting
      ? props.waitingEmpty
      : `暂无${filterLabel(status)}的${noun}`;

  return (
    <>
      <PageHead title={props.title}>
        <span className={shared.sub}>{props.hint}</span>
      </PageHead>
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
          {calls.export && props.exportName ? (
            <ExportButton call={calls.export} input={{ status, keyword }} name={props.exportName} disabled={!list.total} />
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
      <ReviewDrawer<Detail, Row, Status> {...props.review} calls={calls} id={openId} onClose={() => setOpenId(null)} onDecided={decided} waiting={waiting}>
        {props.children}
      </ReviewDrawer>
    </>
  );
}
