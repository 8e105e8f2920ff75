'use client';
// What the balance was spent on: the ledger's debits, newest first (the page is kept in the address).
import { billingApi, type ConsumeRow, formatFen } from '@apimarket/contracts';
import type { TableColumnsType } from 'antd';
import { ListTable } from '@/components/user-center/ListTable';
import { usePagedList } from '@/lib/api/query';
import { dateTime } from '@/lib/format';

export function ConsumeTab() {
  const list = usePagedList(billingApi.consumption, { inUrl: true, quiet: true });

  const columns: TableColumnsType<ConsumeRow> = [
    { title: '时间', key: 'createdAt', render: (_, r) => dateTime(r.createdAt) },
    { title: '订单号', dataIndex: 'ref', key: 'ref' },
    { title: '说明', dataIndex: 'note', key: 'note' },
    { title: '金额（元）', key: 'amount', render: (_, r) => formatFen(r.amountFen) },
    { title: '余额（元）', key: 'after', render: (_, r) => formatFen(r.balanceAfterFen) },
  ];
  return <ListTable<ConsumeRow> rowKey="id" columns={columns} list={list} scrollX={720} empty="还没有消费记录" />;
}
