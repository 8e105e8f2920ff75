'use client';
// 查询记录 (UserCenter/enterpriseCapacityHistory): the account's queries, newest first, filtered
// by company name or credit code (kept in the address), exported as xlsx; 查看 reopens a stored
// result (enterpriseCapacityDetail) without a new call.
import { type CapacityHistoryRow, capacityApi } from '@apimarket/contracts';
import { App, Button, Card, Input, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { EmptyState, ListTable } from '@/components/user-center/ListTable';
import panel from '@/components/user-center/panel.module.css';
import { request } from '@/lib/api/client';
import { serverMessage } from '@/lib/api/errors';
import { usePagedList } from '@/lib/api/query';
import { saveBlob } from '@/lib/download';
import styles from './capacity.module.css';
import { chinaTime, percent } from './capacity-words';

const FILTERS = { company: '' };

function result(r: CapacityHistoryRow) {
  if (r.vehicleCount !== null) return <Tag color="success">成功</Tag>;
  if (r.code === '10001') return <Tag>无营运货车</Tag>;
  return <Tag color="warning">未成功（{r.code}）</Tag>;
}

export function CapacityHistory({ openId, onOpen }: { openId: number; onOpen: (id: number) => void }) {
  const { message } = App.useApp();
  const list = usePagedList(capacityApi.history, { filters: FILTERS, inUrl: true, quiet: true });
  const [company, setCompany] = useState(list.filters.company);
  const [exporting, setExporting] = useState(false);

  const exportRows = async () => {
    setExporting(true);
    try {
      const blob = await request(capacityApi.history, { ...(list.filters.company ? { company: list.filters.company } : {}), export: 1 });
      if (blob instanceof Blob) saveBlob(blob, `企业运力查询记录-${dayjs().format('YYYYMMDD')}.xlsx`);
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) message.error(msg);
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<CapacityHistoryRow> = [
    { title: '查询时间', key: 'at', width: 150, render: (_, r) => <span className={styles.muted}>{chinaTime(r.requestedAt)}</span> },
    {
      title: '企业',
      key: 'company',
      render: (_, r) => (
        <div>
          {r.answeredName || r.companyName || r.creditCode}
          <div className={panel.sub}>{r.answeredCode || r.creditCode || '—'}</div>
        </div>
      ),
    },
    { title: '结果', key: 'result', width: 130, render: (_, r) => result(r) },
    { title: '车辆总数', key: 'vehicles', width: 90, render: (_, r) => (r.vehicleCount === null ? '—' : r.vehicleCount.toLocaleString('zh-CN')) },
    { title: '近30天活跃', key: 'active', width: 120, render: (_, r) => (r.activeShare === null ? '—' : percent(r.activeShare)) },
    { title: '计费', key: 'charged', width: 70, render: (_, r) => (r.charged ? '是' : '否') },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" disabled={r.id === openId} onClick={() => onOpen(r.id)} data-testid={`capacity-open-${r.id}`}>
          {r.id === openId ? '查看中' : '查看'}
        </Button>
      ),
    },
  ];

  return (
    <Card
      title="查询记录"
      extra={
        <Button size="small" onClick={() => void exportRows()} loading={exporting} disabled={list.total === 0} data-testid="capacity-export">
          导出
        </Button>
      }
    >
      <div className={styles.filters}>
        <div className={styles.filterWide}>
          <Input.Search
            allowClear
            placeholder="企业名称或信用代码"
            value={company}
            onChange={(e) => setCompany(e.target.value)}
            onSearch={(v) => list.setFilters({ company: v.trim() })}
            maxLength={100}
            aria-label="按企业筛选"
          />
        </div>
        <span className={panel.sub} data-testid="capacity-history-count">
          共 {list.total} 条
        </span>
      </div>
      <ListTable<CapacityHistoryRow>
        list={list}
        rowKey="id"
        columns={columns}
        scrollX={840}
        failedText="查询记录暂时无法读取，请稍后刷新"
        empty={
          <EmptyState
            title={list.filters.company ? '没有符合条件的查询记录' : '还没有查询记录'}
            text={list.filters.company ? '换个企业名称或信用代码再试。' : '查询过的企业运力会保存在这里，随时免费查看。'}
          />
        }
      />
    </Card>
  );
}
