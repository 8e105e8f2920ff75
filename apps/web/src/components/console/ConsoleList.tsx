'use client';
// The pieces of the console's list screens: the page head, tabs kept in the address, the filter
// form with its 查 询, the table card (the load error above it, the empty sentence in it), and the
// columns and cells several lists show alike.
import {
  Alert,
  Button,
  Card,
  Empty,
  Form,
  type FormInstance,
  Select,
  type SelectProps,
  Table,
  type TableColumnsType,
  type TablePaginationConfig,
  type TableProps,
  Tabs,
} from 'antd';
import type { ColumnType } from 'antd/es/table';
import { usePathname, useSearchParams } from 'next/navigation';
import { dateTime } from '@/lib/format';
import shared from './console.module.css';
import list from './list.module.css';

/** A page's title, and beside it a hint or the page's main action. */
export function PageHead({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className={shared.pageHead}>
      <h1 className={shared.pageTitle}>{title}</h1>
      {children}
    </div>
  );
}

/** Tabs whose open tab is the address's ?tab= (none for the first), so a link can open any of them. */
export function PageTabs({
  items,
}: {
  items: [{ key: string; label: string; children: React.ReactNode }, ...{ key: string; label: string; children: React.ReactNode }[]];
}) {
  const search = useSearchParams();
  const pathname = usePathname();
  const first = items[0].key;
  const active = items.find((i) => i.key === search.get('tab'))?.key ?? first;
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => window.history.replaceState(null, '', key === first ? pathname : `${pathname}?tab=${key}`)}
      destroyOnHidden
      items={items}
    />
  );
}

/** The filter form above a list: its fields, then 查 询 (and 重 置 when the list has one). */
export function FilterCard<F extends object>({
  form,
  initialValues,
  onFinish,
  onReset,
  children,
}: {
  form: FormInstance<F>;
  initialValues: Partial<F>;
  onFinish: (values: F) => void;
  onReset?: () => void;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <Form form={form} layout="inline" className={list.filters} initialValues={initialValues} onFinish={onFinish}>
        {children}
        <Form.Item>
          <Button type="primary" htmlType="submit">
            查 询
          </Button>
        </Form.Item>
        {onReset ? (
          <Form.Item>
            <Button onClick={onReset}>重 置</Button>
          </Form.Item>
        ) : null}
      </Form>
    </Card>
  );
}

/** A select among a list's filters; with a placeholder (what empty means, e.g. 全部状态) it can be cleared. */
export function SelectFilter({ name, label, placeholder, options }: { name: string; label: string; placeholder?: string; options: SelectProps['options'] }) {
  return (
    <Form.Item name={name} label={label}>
      <Select allowClear={placeholder !== undefined} placeholder={placeholder} className={list.select} options={options} />
    </Form.Item>
  );
}

/** What a list card needs of usePagedList. */
interface Paged<Row> {
  rows: Row[];
  fetching: boolean;
  pagination: TablePaginationConfig;
}

/** A list's table in its card, the load error above it; scrolled sideways only when it has rows. */
export function ListCard<Row extends object>({
  list: paged,
  error,
  title,
  extra,
  columns,
  scrollX,
  empty,
  emptyAction,
  pagination,
  ...table
}: {
  list: Paged<Row>;
  error: string | null;
  title?: React.ReactNode;
  extra?: React.ReactNode;
  columns: TableColumnsType<Row>;
  scrollX: number;
  /** The empty table's sentence, and a button under it where there is a first step to take. */
  empty: string;
  emptyAction?: React.ReactNode;
  /** Changes to the list's pagination (a total, a pager on the only page). */
  pagination?: TablePaginationConfig;
} & Pick<TableProps<Row>, 'onRow' | 'expandable'>) {
  return (
    <>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <Card title={title} extra={extra}>
        <Table<Row>
          rowKey="id"
          loading={paged.fetching}
          // Without rows there is nothing to scroll to: the headers drop their widths and wrap within
          // the card instead of pushing a phone's page sideways.
          columns={paged.rows.length ? columns : columns.map(({ width: _w, fixed: _f, ...c }) => c)}
          dataSource={paged.rows}
          scroll={paged.rows.length ? { x: scrollX } : undefined}
          locale={{ emptyText: <Empty description={empty}>{emptyAction}</Empty> }}
          pagination={{ ...paged.pagination, ...pagination }}
          {...table}
        />
      </Card>
    </>
  );
}

/** The right-hand 操作 column: a link that opens the row's drawer. */
export function openColumn<Row extends { id: number }>(label: string | ((row: Row) => string), open: (id: number) => void, width = 80): ColumnType<Row> {
  return {
    title: '操作',
    key: 'open',
    width,
    fixed: 'right',
    render: (_, r) => (
      <Button type="link" size="small" onClick={() => open(r.id)}>
        {typeof label === 'string' ? label : label(r)}
      </Button>
    ),
  };
}

/** A date and time column. */
export function timeColumn<Row>(title: string, dataIndex: keyof Row & string, width = 170): ColumnType<Row> {
  return { title, dataIndex, width, render: (v: string | null) => dateTime(v) };
}

/** A cell of two lines: the value, and under it in grey what tells it apart (a phone, an owner). */
export function TwoLines({ sub, children }: { sub?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div>
      <div>{children}</div>
      {sub ? <div className={shared.sub}>{sub}</div> : null}
    </div>
  );
}
