'use client';
// The table of a user-center list: the rows of a list call (usePagedList, or one unpaged call),
// its empty state, and — when the first load failed — one sentence in its place, so a screen
// states its columns and words, not how a list is shown.
import { Button, Empty, Table, type TableProps } from 'antd';
import Link from 'next/link';
import type { ReactNode } from 'react';
import styles from './panel.module.css';

/** What a list screen knows about its rows (usePagedList's answer fits as it is). */
export interface ListRows<T> {
  rows: T[];
  loading: boolean;
  failed: boolean;
  pagination?: TableProps<T>['pagination'];
}

/** The answer of an unpaged list call (useCall) as ListTable's rows: the whole list, no pages. */
export function unpaged<T>(query: { data?: { rows: T[] }; isPending: boolean; isError: boolean }): ListRows<T> {
  return { rows: query.data?.rows ?? [], loading: query.isPending, failed: query.isError && !query.data };
}

type Props<T> = Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination' | 'locale' | 'scroll'> & {
  list: ListRows<T>;
  /** Said instead of the table when the first load failed; without it the empty table shows. */
  failedText?: string;
  /** Inside the table when there are no rows. */
  empty: ReactNode;
  /** The width below which the table scrolls sideways. */
  scrollX: number;
  /** Keep that width with no rows too: on a phone the headers then scroll and the empty state stays in view. */
  scrollWhenEmpty?: boolean;
};

export function ListTable<T extends object>({ list, failedText, empty, scrollX, scrollWhenEmpty = false, ...table }: Props<T>) {
  if (failedText && list.failed) return <Empty description={failedText} />;
  return (
    <Table<T>
      {...table}
      dataSource={list.rows}
      loading={list.loading}
      pagination={list.pagination ?? false}
      scroll={scrollWhenEmpty || list.rows.length ? { x: scrollX } : undefined}
      locale={{ emptyText: empty }}
    />
  );
}

/** An empty list that says what will show here and offers the first step. */
export function EmptyState({
  title,
  text,
  action,
  testId,
  className,
}: {
  title: string;
  text: ReactNode;
  action?: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <div className={className ? `${styles.empty} ${className}` : styles.empty} data-testid={testId}>
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <strong className={styles.emptyTitle}>{title}</strong>
            <span className={styles.emptyText}>{text}</span>
          </>
        }
      >
        {action}
      </Empty>
    </div>
  );
}

/** The first cell of a row about an interface: its name linking to its page, and a line under it. */
export function InterfaceCell({ id, name, children, className }: { id: number; name: string; children?: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <Link href={`/api/${id}`}>{name}</Link>
      {children}
    </div>
  );
}

/** The way out of an empty list of interfaces: the market. */
export function MarketLink() {
  return (
    <Link href="/api">
      <Button type="primary">浏览 API 市场</Button>
    </Link>
  );
}
