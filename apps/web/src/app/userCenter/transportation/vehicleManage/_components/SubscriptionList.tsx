'use client';
// 订阅车辆 (subscribeCarInfo/queryByPage): the account's vehicles filtered by plate, colour and
// status (kept in the address), with each one's period and last position; export, change the
// end date and remark, cancel, and 「查询」 one of the account's vehicle interfaces for it.
import {
  PLATE_COLORS,
  SUBSCRIPTION_STATUS,
  SUBSCRIPTION_STATUS_LABEL,
  type SubscriptionStatus,
  type SubscriptionView,
  transportApi,
} from '@apimarket/contracts';
import { App, Button, Card, Input, Popconfirm, Select, Space, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import Link from 'next/link';
import { useState } from 'react';
import { EmptyState, ListTable } from '@/components/user-center/ListTable';
import panel from '@/components/user-center/panel.module.css';
import { request } from '@/lib/api/client';
import { serverMessage } from '@/lib/api/errors';
import { useCallMutation, usePagedList } from '@/lib/api/query';
import { saveBlob } from '@/lib/download';
import { PlateTag } from '../../_shared/PlateTag';
import shared from '../../_shared/transport.module.css';
import { PLATE_COLOR_OPTIONS, POSITION_HREF, trajectoryHref } from '../../_shared/vehicle-words';
import { EditDialog } from './EditDialog';
import { HistoryDrawer } from './HistoryDrawer';
import { QueryDialog } from './QueryDialog';

const FILTERS = { plateNumber: '', plateColor: '', status: '' };
const STATUS_COLOR: Record<SubscriptionStatus, string> = { active: 'success', pending: 'processing', expired: 'default', cancelled: 'default' };

export function SubscriptionList() {
  const { message } = App.useApp();
  const list = usePagedList(transportApi.subscriptions, { filters: FILTERS, inUrl: true, quiet: true });
  const [plate, setPlate] = useState(list.filters.plateNumber);
  const [editing, setEditing] = useState<SubscriptionView | null>(null);
  const [querying, setQuerying] = useState<SubscriptionView | null>(null);
  const [history, setHistory] = useState<{ open: boolean; vehicle: SubscriptionView | null }>({ open: false, vehicle: null });
  const [exporting, setExporting] = useState(false);
  const cancel = useCallMutation(transportApi.cancel, {
    invalidates: [transportApi.subscriptions, transportApi.positions],
    onSuccess: (res) => void message.success(`已取消订阅 ${res.data.plateNumber}`),
  });
  const filtered = Object.values(list.filters).some(Boolean);

  const exportRows = async () => {
    setExporting(true);
    try {
      const blob = await request(transportApi.subscriptions, { ...Object.fromEntries(Object.entries(list.filters).filter(([, v]) => v)), export: 1 });
      if (blob instanceof Blob) saveBlob(blob, `订阅车辆-${dayjs().format('YYYYMMDD')}.xlsx`);
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) message.error(msg);
    } finally {
      setExporting(false);
    }
  };

  const live = (r: SubscriptionView) => r.status === 'active';

  const columns: TableColumnsType<SubscriptionView> = [
    {
      title: '车牌',
      key: 'plate',
      width: 150,
      fixed: 'left',
      render: (_, r) => (
        <div>
          <PlateTag plate={r.plateNumber} color={r.plateColor} />
          <div className={panel.sub}>{r.plateColorLabel}</div>
        </div>
      ),
    },
    { title: '状态', key: 'status', width: 90, render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{r.statusLabel}</Tag> },
    {
      title: '订阅期限',
      key: 'period',
      width: 210,
      render: (_, r) => (
        <span className={`${shared.muted} ${shared.nowrap}`}>
          {r.startDate} 至 {r.endDate}
        </span>
      ),
    },
    {
      title: '最新位置',
      key: 'position',
      render: (_, r) =>
        r.position ? (
          <div>
            {r.position.address || `${r.position.lon.toFixed(5)}, ${r.position.lat.toFixed(5)}`}
            <div className={panel.sub}>
              {r.position.gpsTime} · {r.position.online ? '在线' : '离线'}
            </div>
          </div>
        ) : (
          <span className={shared.muted}>尚未定位</span>
        ),
    },
    { title: '备注', dataIndex: 'remark', width: 140, render: (v: string) => v || <span className={shared.muted}>—</span> },
    {
      title: '操作',
      key: 'actions',
      width: 300,
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" disabled={!live(r)} onClick={() => setQuerying(r)} data-testid={`vehicle-query-${r.plateNumber}`}>
            查询
          </Button>
          <Link href={trajectoryHref(r.id)} className={shared.action}>
            轨迹
          </Link>
          <Button type="link" size="small" disabled={r.status === 'cancelled'} onClick={() => setEditing(r)}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => setHistory({ open: true, vehicle: r })}>
            查询记录
          </Button>
          {r.status === 'cancelled' || r.status === 'expired' ? null : (
            <Popconfirm
              title={`取消订阅 ${r.plateNumber}？`}
              description="取消后不再定位和跟踪该车辆，也不能再查询其轨迹；已查询的记录保留。"
              okText="取消订阅"
              cancelText="再想想"
              okButtonProps={{ danger: true }}
              onConfirm={() => cancel.mutateAsync({ id: r.id }).catch(() => undefined)}
            >
              <Button type="link" size="small" danger>
                取消订阅
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="已订阅车辆"
      extra={
        <Space wrap>
          <Link href={POSITION_HREF}>
            <Button size="small">查看位置</Button>
          </Link>
          <Button size="small" onClick={() => setHistory({ open: true, vehicle: null })} data-testid="vehicle-history">
            查询记录
          </Button>
          <Button size="small" onClick={() => void exportRows()} loading={exporting} disabled={list.total === 0}>
            导出
          </Button>
        </Space>
      }
    >
      <div className={shared.filters}>
        <div className={shared.filterWide}>
          <Input.Search
            allowClear
            placeholder="车牌号"
            value={plate}
            onChange={(e) => setPlate(e.target.value.toUpperCase())}
            onSearch={(v) => list.setFilters({ plateNumber: v.trim().toUpperCase() })}
            maxLength={10}
            aria-label="车牌号"
          />
        </div>
        <Select
          className={shared.filter}
          allowClear
          placeholder="全部颜色"
          value={list.filters.plateColor || undefined}
          options={PLATE_COLOR_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }))}
          onChange={(v?: string) => list.setFilters({ plateColor: v ?? '' })}
          aria-label="车牌颜色"
        />
        <Select
          className={shared.filter}
          allowClear
          placeholder="全部状态"
          value={list.filters.status || undefined}
          options={SUBSCRIPTION_STATUS.map((s) => ({ value: s, label: SUBSCRIPTION_STATUS_LABEL[s] }))}
          onChange={(v?: string) => list.setFilters({ status: v ?? '' })}
          aria-label="订阅状态"
        />
        <span className={panel.sub} data-testid="vehicle-count">
          共 {list.total} 辆
        </span>
      </div>
      <ListTable<SubscriptionView>
        list={list}
        rowKey="id"
        columns={columns}
        scrollX={1160}
        failedText="订阅车辆暂时无法读取，请稍后刷新"
        empty={
          <EmptyState
            title={filtered ? '没有符合条件的车辆' : '还没有订阅车辆'}
            text={
              filtered
                ? `换个车牌号或颜色试试${list.filters.plateColor ? `（当前：${PLATE_COLORS[Number(list.filters.plateColor) as keyof typeof PLATE_COLORS] ?? ''}）` : ''}。`
                : '在上方填写车牌号和车牌颜色订阅车辆，或下载模板批量导入。订阅后可查看车辆位置、回放轨迹、设置电子围栏。'
            }
          />
        }
        data-testid="vehicle-list"
      />
      <EditDialog vehicle={editing} onClose={() => setEditing(null)} />
      <QueryDialog vehicle={querying} onClose={() => setQuerying(null)} onHistory={(v) => setHistory({ open: true, vehicle: v })} />
      <HistoryDrawer open={history.open} vehicle={history.vehicle} onClose={() => setHistory((h) => ({ ...h, open: false }))} />
    </Card>
  );
}
