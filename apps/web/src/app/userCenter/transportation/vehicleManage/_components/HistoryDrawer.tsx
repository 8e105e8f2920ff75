'use client';
// 查询记录 (subscribeCarInfo/subscribeToQueriesHistory): the calls made from 「查询」, newest first,
// of one vehicle or all; each row opens its answer.
import { type SubscriptionView, transportApi, type VehicleQueryView } from '@apimarket/contracts';
import { Drawer, type TableColumnsType, Tag } from 'antd';
import { EmptyState, ListTable } from '@/components/user-center/ListTable';
import { usePagedList } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import { QueryAnswer } from './QueryDialog';

export function HistoryDrawer({ open, vehicle, onClose }: { open: boolean; vehicle: SubscriptionView | null; onClose: () => void }) {
  return (
    <Drawer open={open} onClose={onClose} title={vehicle ? `查询记录 · ${vehicle.plateNumber}` : '查询记录'} size="large" destroyOnHidden>
      {open ? <History vehicleId={vehicle?.id} /> : null}
    </Drawer>
  );
}

function History({ vehicleId }: { vehicleId: number | undefined }) {
  const list = usePagedList(transportApi.queryHistory, { fixed: vehicleId ? { id: vehicleId } : {}, pageSize: 10 });
  const columns: TableColumnsType<VehicleQueryView> = [
    { title: '查询时间', dataIndex: 'requestedAt', width: 170, render: (v: string) => dateTime(v) },
    { title: '车牌号', dataIndex: 'plateNumber', width: 110 },
    { title: '接口', dataIndex: 'interfaceName', width: 150 },
    {
      title: '结果',
      key: 'result',
      render: (_, r) => (
        <>
          <Tag color={r.code === '10000' ? 'success' : 'warning'}>{r.code}</Tag>
          {r.message}
        </>
      ),
    },
    { title: '扣费', dataIndex: 'charged', width: 70, render: (v: boolean) => (v ? '1 次' : '—') },
  ];
  return (
    <ListTable<VehicleQueryView>
      list={list}
      rowKey="id"
      columns={columns}
      scrollX={640}
      failedText="查询记录暂时无法读取，请稍后再试"
      expandable={{ expandedRowRender: (r) => <QueryAnswer answer={r} /> }}
      empty={<EmptyState title="还没有查询记录" text="在订阅车辆列表中点击「查询」，每次查询都会记录在这里。" />}
      data-testid="vehicle-history-list"
    />
  );
}
