'use client';
// 电子围栏 (vehicleFencing/queryByPage, delete; update for the alert switch): the account's fences
// on a map and in a table — shape, area, bound vehicles, 进出提醒 — filtered by name.
import { type FenceView, TRANSPORT_LIMITS, transportApi } from '@apimarket/contracts';
import { App, Button, Card, Input, Popconfirm, Space, Switch, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { FleetMap, type MapTiles } from '@/components/map/FleetMap';
import { EmptyState, ListTable } from '@/components/user-center/ListTable';
import panel from '@/components/user-center/panel.module.css';
import { useCallMutation, usePagedList } from '@/lib/api/query';
import { dateTime } from '@/lib/format';
import { PlateTag } from '../../_shared/PlateTag';
import shared from '../../_shared/transport.module.css';
import { areaText } from '../../_shared/vehicle-words';
import styles from './fences.module.css';

const FILTERS = { name: '' };

export function FenceList({ tiles, onCreate, onEdit }: { tiles: MapTiles; onCreate: () => void; onEdit: (f: FenceView) => void }) {
  const { message, modal } = App.useApp();
  const list = usePagedList(transportApi.fences, { filters: FILTERS, inUrl: true, quiet: true });
  const [name, setName] = useState(list.filters.name);
  const [selected, setSelected] = useState<number | null>(null);
  const remove = useCallMutation(transportApi.deleteFence, {
    invalidates: [transportApi.fences, transportApi.fenceEvents],
    onSuccess: () => void message.success('围栏已删除'),
  });
  const toggle = useCallMutation(transportApi.updateFence, {
    invalidates: [transportApi.fences],
    onSuccess: (res) => void message.success(res.data.alert ? `已开启「${res.data.name}」的进出提醒` : `已关闭「${res.data.name}」的进出提醒`),
  });
  const none = !list.loading && !list.failed && list.total === 0 && !list.filters.name;

  const setAlert = (f: FenceView, alert: boolean) =>
    toggle
      .mutateAsync({
        id: f.id,
        name: f.name,
        shape: f.shape,
        center: f.center ?? undefined,
        radius: f.radius ?? undefined,
        points: f.points ?? undefined,
        subscriptionIds: f.vehicles.map((v) => v.id),
        alert,
        remark: f.remark,
      })
      .catch(() => undefined);

  const columns: TableColumnsType<FenceView> = [
    { title: '围栏名称', dataIndex: 'name', width: 160, fixed: 'left', render: (v: string) => <strong className={styles.name}>{v}</strong> },
    {
      title: '形状',
      key: 'shape',
      width: 130,
      render: (_, f) => (
        <div>
          {f.shapeLabel}
          <div className={panel.sub}>{f.shape === 'circle' ? `半径 ${(f.radius ?? 0).toLocaleString('zh-CN')} 米` : `${f.points?.length ?? 0} 个顶点`}</div>
        </div>
      ),
    },
    { title: '面积', dataIndex: 'areaKm2', width: 110, render: (v: number) => areaText(v) },
    {
      title: '绑定车辆',
      key: 'vehicles',
      render: (_, f) =>
        f.vehicles.length ? (
          <Space size={4} wrap>
            {f.vehicles.slice(0, 6).map((v) => (
              <PlateTag key={v.id} plate={v.plateNumber} color={v.plateColor} />
            ))}
            {f.vehicles.length > 6 ? <Tag>等 {f.vehicles.length} 辆</Tag> : null}
          </Space>
        ) : (
          <span className={shared.muted}>未绑定</span>
        ),
    },
    {
      title: '进出提醒',
      key: 'alert',
      width: 96,
      render: (_, f) => (
        <Switch
          size="small"
          checked={f.alert}
          loading={toggle.isPending && toggle.variables?.id === f.id}
          onChange={(on) => {
            // Turning it on starts charged checks without a click: say so first.
            if (!on) return void setAlert(f, false);
            modal.confirm({
              title: `开启「${f.name}」的进出提醒？`,
              content: `每 ${TRANSPORT_LIMITS.fenceMonitorMinutes} 分钟自动核查一次绑定的 ${f.vehicles.length} 辆车，每辆车调用一次「车辆轨迹查询」并计费；发现驶入或驶出时通知预警联系人。`,
              okText: '开 启',
              cancelText: '取 消',
              onOk: () => setAlert(f, true),
            });
          }}
          aria-label={`${f.name}的进出提醒`}
        />
      ),
    },
    { title: '更新时间', dataIndex: 'updatedAt', width: 190, render: (v: string) => <span className={shared.nowrap}>{dateTime(v)}</span> },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_, f) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onEdit(f)}>
            编辑
          </Button>
          <Popconfirm
            title={`删除围栏「${f.name}」？`}
            description="删除后不再核查该围栏，已记录的进出事件一并删除。"
            okText="删 除"
            cancelText="取 消"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync({ id: f.id }).catch(() => undefined)}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const createButton = (
    <Button type="primary" onClick={onCreate} data-testid="fence-create">
      新建围栏
    </Button>
  );

  return (
    <Card title="电子围栏" extra={none ? null : createButton}>
      {none ? (
        <EmptyState
          testId="fence-empty"
          title="还没有电子围栏"
          text="在地图上画一个圆形或多边形（或输入坐标），绑定订阅车辆：核查时按车辆轨迹计算驶入、驶出的时间和位置，可通知预警联系人。"
          action={createButton}
        />
      ) : (
        <>
          <FleetMap
            tiles={tiles}
            height="clamp(240px, 40vh, 380px)"
            fences={list.rows.map((f) => ({
              id: f.id,
              name: f.name,
              shape: f.shape,
              center: f.center,
              radius: f.radius,
              points: f.points,
              selected: f.id === selected,
            }))}
            fit="fences"
            ariaLabel="电子围栏地图"
            className={styles.listMap}
          />
          <div className={shared.filters}>
            <div className={shared.filterWide}>
              <Input.Search
                allowClear
                placeholder="围栏名称"
                value={name}
                onChange={(e) => setName(e.target.value)}
                onSearch={(v) => list.setFilters({ name: v.trim() })}
                maxLength={30}
                aria-label="围栏名称"
              />
            </div>
            <span className={panel.sub}>共 {list.total} 个围栏</span>
          </div>
          <ListTable<FenceView>
            list={list}
            rowKey="id"
            columns={columns}
            scrollX={1000}
            failedText="围栏暂时无法读取，请稍后刷新"
            empty={<EmptyState title="没有符合条件的围栏" text="换个名称试试。" />}
            onRow={(f) => ({ onClick: () => setSelected(f.id) })}
            data-testid="fence-table"
          />
        </>
      )}
    </Card>
  );
}
