'use client';
// 供应商: each supplier's limits, how many routes it answers, its breaker as this server sees it and
// the last time the breaker changed; 新建供应商 and 编辑 open one dialog.
import { BREAKER_LABEL, type BreakerStateName, type SupplierRow } from '@apimarket/contracts';
import { Alert, Button, Card, Empty, Skeleton, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import shared from '@/components/console/console.module.css';
import { dateTime } from '@/lib/format';
import { SupplierModal } from './SupplierModal';
import styles from './suppliers.module.css';

export const BREAKER_COLOR: Record<BreakerStateName, string> = { closed: 'success', open: 'error', half_open: 'warning' };

/** A recorded breaker change: opened or closed again. */
export function eventLabel(state: string): string {
  if (state === 'open') return '已熔断';
  if (state === 'closed') return '已恢复';
  return state in BREAKER_LABEL ? BREAKER_LABEL[state as BreakerStateName] : state;
}

export function SuppliersCard({ suppliers, loading, error }: { suppliers: SupplierRow[]; loading: boolean; error: string | null }) {
  /** The dialog: closed (undefined), a new supplier (null) or the row edited. */
  const [editing, setEditing] = useState<SupplierRow | null | undefined>(undefined);

  const columns: TableColumnsType<SupplierRow> = [
    { title: '供应商', dataIndex: 'name', width: 160, render: (v: string) => <strong>{v}</strong> },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (v: SupplierRow['status']) => <Tag color={v === 'enabled' ? 'success' : 'default'}>{v === 'enabled' ? '启用' : '停用'}</Tag>,
    },
    { title: '并发上限', dataIndex: 'maxConcurrent', width: 90, align: 'right' },
    { title: '排队上限', dataIndex: 'maxQueue', width: 90, align: 'right' },
    { title: '线路数', dataIndex: 'routes', width: 80, align: 'right' },
    {
      title: '熔断状态',
      dataIndex: 'breaker',
      width: 100,
      render: (v: BreakerStateName) => (
        <Tooltip title="本服务器进程所见的状态">
          <Tag color={BREAKER_COLOR[v]} data-testid="supplier-breaker">
            {BREAKER_LABEL[v]}
          </Tag>
        </Tooltip>
      ),
    },
    {
      title: '最近变化',
      key: 'lastEvent',
      width: 240,
      render: (_, r) =>
        r.lastEvent ? (
          <div className={styles.cellLines}>
            <span>
              {eventLabel(r.lastEvent.state)} · {dateTime(r.lastEvent.at)}
            </span>
            {r.lastEvent.reason ? <span className={shared.sub}>{r.lastEvent.reason}</span> : null}
          </div>
        ) : (
          <span className={shared.sub}>无熔断记录</span>
        ),
    },
    { title: '备注', dataIndex: 'remark', width: 200, render: (v: string) => v || <span className={shared.sub}>—</span> },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setEditing(r)} aria-label={`编辑供应商 ${r.name}`}>
          编 辑
        </Button>
      ),
    },
  ];

  return (
    <>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <Card
        title="供应商"
        extra={
          <Button type="primary" onClick={() => setEditing(null)}>
            新建供应商
          </Button>
        }
      >
        {suppliers.length ? (
          <Table<SupplierRow>
            rowKey="id"
            data-testid="supplier-table"
            loading={loading}
            dataSource={suppliers}
            columns={columns}
            scroll={{ x: 1140 }}
            pagination={false}
          />
        ) : loading ? (
          <Skeleton active />
        ) : (
          // No table headers without rows: nine columns of headers alone would push a phone's page sideways.
          <Empty description="还没有供应商。新建供应商后即可为接口添加线路；在此之前，所有接口由沙箱应答。">
            <Button type="primary" onClick={() => setEditing(null)}>
              新建供应商
            </Button>
          </Empty>
        )}
      </Card>
      <SupplierModal open={editing !== undefined} supplier={editing ?? null} onClose={() => setEditing(undefined)} />
    </>
  );
}
