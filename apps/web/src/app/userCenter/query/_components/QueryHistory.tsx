'use client';
// 查询记录 (myOnline/list): the account's own queries, newest first, filtered by interface,
// outcome and day (kept in the address), each opened in a drawer; 导出 writes the same filters'
// rows to a spreadsheet (UserCenter/exportApiTestData).
import { QUERY_OUTCOME, QUERY_OUTCOME_LABEL, type QueryReportView, queryApi } from '@apimarket/contracts';
import { App, Button, Card, Drawer, Form, Select, Space, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { HistoryDateRange, HistoryFilters } from '@/components/user-center/HistoryFilters';
import { EmptyState, ListTable } from '@/components/user-center/ListTable';
import { request } from '@/lib/api/client';
import { serverMessage } from '@/lib/api/errors';
import { useCall, usePagedList } from '@/lib/api/query';
import { saveBlob } from '@/lib/download';
import { dateTime } from '@/lib/format';
import { verdictColor } from './query-form';
import { ReportCard, ReportReceipts } from './ReportCard';
import styles from './query.module.css';

const FILTERS = { interfaceId: '', outcome: '', from: '', to: '' };

export function QueryHistory() {
  const { message } = App.useApp();
  const list = usePagedList(queryApi.history, { inUrl: true, filters: FILTERS, pageSize: 10 });
  const pool = useCall(queryApi.pool, { keyword: '' });
  const [open, setOpen] = useState<QueryReportView | null>(null);
  const [exporting, setExporting] = useState(false);
  const { filters } = list;

  const exportRows = async () => {
    setExporting(true);
    try {
      const file = await request(queryApi.exportHistory, Object.fromEntries(Object.entries(filters).filter(([, v]) => v)));
      if (file instanceof Blob) saveBlob(file, `在线查询记录-${dayjs().format('YYYYMMDD')}.xlsx`);
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) message.error(msg);
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<QueryReportView> = [
    { title: '查询时间', dataIndex: 'createdAt', width: 170, render: (v: string) => dateTime(v) },
    { title: '查询类型', dataIndex: 'kindLabel', width: 120 },
    { title: '查询对象', dataIndex: 'subject', width: 230, render: (v: string) => v || '—' },
    {
      title: '查询结果',
      key: 'items',
      render: (_, r) => (
        <Space wrap size={[4, 4]}>
          {r.items.map((i) => (
            <Tag key={i.id} color={verdictColor(i)}>
              {i.interfaceName}：{i.verdict}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpen(r)}>
            查看
          </Button>
          <ReportReceipts report={r} />
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="查询记录"
      extra={
        <Button size="small" onClick={() => void exportRows()} loading={exporting} disabled={list.total === 0}>
          导出
        </Button>
      }
    >
      <HistoryFilters>
        <Form.Item label="接口">
          <Select
            className={styles.filterSelect}
            value={filters.interfaceId || undefined}
            placeholder="全部接口"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={(pool.data?.data ?? []).filter((p) => p.purchaseId !== null).map((p) => ({ value: String(p.interfaceId), label: p.interfaceName }))}
            onChange={(v?: string) => list.setFilters({ interfaceId: v ?? '' })}
          />
        </Form.Item>
        <Form.Item label="结果">
          <Select
            className={styles.filterSelect}
            value={filters.outcome || undefined}
            placeholder="全部"
            allowClear
            options={QUERY_OUTCOME.map((o) => ({ value: o, label: QUERY_OUTCOME_LABEL[o] }))}
            onChange={(v?: string) => list.setFilters({ outcome: v ?? '' })}
          />
        </Form.Item>
        <HistoryDateRange from={filters.from} to={filters.to} onChange={list.setFilters} />
      </HistoryFilters>
      <ListTable<QueryReportView>
        list={list}
        rowKey="id"
        columns={columns}
        scrollX={820}
        failedText="查询记录暂时无法读取，请稍后刷新"
        empty={
          <EmptyState
            title={Object.values(filters).some(Boolean) ? '没有符合条件的查询记录' : '还没有查询记录'}
            text="在上方选择接口并填写信息后点击「查询」，每次查询都会记录在这里，可随时查看结果。"
          />
        }
        data-testid="query-history"
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        title="查询详情"
        size="large"
        destroyOnHidden
        extra={open ? <ReportReceipts report={open} /> : null}
      >
        {open ? <ReportCard report={open} title="" bare /> : null}
      </Drawer>
    </Card>
  );
}
