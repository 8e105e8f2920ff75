'use client';
// What the balance was spent on: the ledger's debits, newest first.
import { formatFen } from '@apimarket/contracts';
import { Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { request } from '../../../../../lib/api/client';
import { dateTime } from '../../../../../lib/format';

interface Row {
  id: number;
  ref: string;
  note: string;
  amountFen: number;
  balanceAfterFen: number;
  createdAt: string;
}

const PAGE_SIZE = 10;

export function ConsumeTab() {
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<{ rows: Row[]; total: number } | null>(null);

  useEffect(() => {
    request<{ rows: Row[]; total: number }>('mytrade/consume/list', { data: { pageNum, pageSize: PAGE_SIZE } })
      .then((r) => setPage({ rows: r.rows, total: r.total }))
      .catch(() => setPage({ rows: [], total: 0 }));
  }, [pageNum]);

  const columns: TableColumnsType<Row> = [
    { title: '时间', key: 'createdAt', render: (_, r) => dateTime(r.createdAt) },
    { title: '订单号', dataIndex: 'ref', key: 'ref' },
    { title: '说明', dataIndex: 'note', key: 'note' },
    { title: '金额（元）', key: 'amount', render: (_, r) => formatFen(r.amountFen) },
    { title: '余额（元）', key: 'after', render: (_, r) => formatFen(r.balanceAfterFen) },
  ];
  return (
    <Table<Row>
      rowKey="id"
      columns={columns}
      dataSource={page?.rows ?? []}
      loading={!page}
      scroll={page?.rows?.length ? { x: 720 } : undefined}
      pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: page?.total ?? 0, onChange: setPageNum, showSizeChanger: false, hideOnSinglePage: true }}
      locale={{ emptyText: '还没有消费记录' }}
    />
  );
}
