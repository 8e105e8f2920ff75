'use client';
// 车辆位置 (UserCenter/endPosition): where each active vehicle last reported — markers with their
// heading, green online and grey offline — and the same as a table. 刷新位置 asks again only for
// positions older than positionFreshSeconds, each such vehicle one charged call of 车辆实时位置.
import { type PositionRow, TRANSPORT_LIMITS, transportApi } from '@apimarket/contracts';
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Input, Popconfirm, Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { FleetMap, type FleetMapMarker, type MapTiles } from '@/components/map/FleetMap';
import { EmptyState, ListTable } from '@/components/user-center/ListTable';
import panel from '@/components/user-center/panel.module.css';
import { request } from '@/lib/api/client';
import { serverMessage } from '@/lib/api/errors';
import { callKey, usePagedList } from '@/lib/api/query';
import { useQueryClient } from '@tanstack/react-query';
import { InterfacesBanner, NeedInterfaces, useVehicleInterfaces } from '../../_shared/InterfacesBanner';
import { PlateTag } from '../../_shared/PlateTag';
import shared from '../../_shared/transport.module.css';
import { directionText, MANAGE_HREF, speedText, trajectoryHref } from '../../_shared/vehicle-words';
import styles from './position.module.css';

const FILTERS = { plateNumber: '' };
/** The map shows a page of vehicles; 100 is the most a page holds. */
const PAGE_SIZE = 100;

export function VehiclePosition({ tiles }: { tiles: MapTiles }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const vi = useVehicleInterfaces();
  const list = usePagedList(transportApi.positions, { filters: FILTERS, inUrl: true, pageSize: PAGE_SIZE, quiet: true });
  const [plate, setPlate] = useState(list.filters.plateNumber);
  const [selected, setSelected] = useState<number | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const position = vi.byRole('position');

  const located = list.rows.filter((r) => r.position !== null);
  const online = located.filter((r) => r.position?.online).length;

  const markers = useMemo(
    () =>
      list.rows.flatMap((r) =>
        r.position
          ? [
              {
                id: r.id,
                lon: r.position.lon,
                lat: r.position.lat,
                label: r.plateNumber,
                heading: r.position.direction,
                online: r.position.online,
                detail: `${r.position.online ? '在线' : '离线'} · ${speedText(r.position.speed)} · ${r.position.gpsTime}`,
                selected: r.id === selected,
              },
            ]
          : [],
      ),
    [list.rows, selected],
  );

  const refresh = async () => {
    setRefreshing(true);
    try {
      const input = { ...(list.filters.plateNumber ? { plateNumber: list.filters.plateNumber } : {}), pageNum: list.page, pageSize: PAGE_SIZE };
      const reply = await request(transportApi.positions, { ...input, refresh: 1 });
      list.update(() => reply);
      void client.invalidateQueries({ queryKey: callKey(transportApi.interfaces) });
      void client.invalidateQueries({ queryKey: callKey(transportApi.subscriptions) });
      message.success('位置已刷新');
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) message.error(msg);
    } finally {
      setRefreshing(false);
    }
  };

  const status = (r: PositionRow) =>
    r.position ? (
      <Tag color={r.position.online ? 'success' : 'default'}>{r.position.online ? '在线' : '离线'}</Tag>
    ) : (
      <Tooltip title={r.problem}>
        <Tag color="warning">无位置</Tag>
      </Tooltip>
    );

  const columns: TableColumnsType<PositionRow> = [
    {
      title: '车牌',
      key: 'plate',
      width: 130,
      fixed: 'left',
      render: (_, r) => <PlateTag plate={r.plateNumber} color={r.plateColor} label={r.plateColorLabel} />,
    },
    { title: '颜色', dataIndex: 'plateColorLabel', width: 90 },
    { title: '状态', key: 'status', width: 80, render: (_, r) => status(r) },
    { title: '速度', key: 'speed', width: 100, render: (_, r) => (r.position ? speedText(r.position.speed) : '—') },
    {
      title: '方向',
      key: 'direction',
      width: 120,
      render: (_, r) => (r.position ? <span className={shared.nowrap}>{directionText(r.position.direction)}</span> : '—'),
    },
    {
      title: '位置',
      key: 'address',
      render: (_, r) =>
        r.position ? (
          <div>
            {r.position.address || '—'}
            <div className={panel.sub}>
              {r.position.lon.toFixed(6)}, {r.position.lat.toFixed(6)}
            </div>
          </div>
        ) : (
          <span className={shared.muted}>{r.problem || '尚未定位'}</span>
        ),
    },
    { title: '定位时间', key: 'gpsTime', width: 170, render: (_, r) => r.position?.gpsTime ?? '—' },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, r) => (
        <Link href={trajectoryHref(r.id)} className={shared.action} onClick={(e) => e.stopPropagation()}>
          轨迹
        </Link>
      ),
    },
  ];

  const none = !list.loading && !list.failed && list.total === 0 && !list.filters.plateNumber;

  if (!vi.loading && !position?.usable && none) {
    return (
      <div className={panel.page}>
        <InterfacesBanner needs="position" />
        <Card title="车辆位置">
          <NeedInterfaces title="查看车辆位置需要已购「车辆实时位置」接口" />
        </Card>
      </div>
    );
  }

  return (
    <div className={panel.page}>
      <InterfacesBanner needs="position" />
      <Card
        title="车辆位置"
        extra={
          <Popconfirm
            title="刷新车辆位置？"
            description={`${TRANSPORT_LIMITS.positionFreshSeconds} 秒内取得的位置不再查询；其余每辆车调用一次「车辆实时位置」并计费。`}
            okText="刷 新"
            cancelText="取 消"
            onConfirm={() => refresh()}
            disabled={none}
          >
            <Button icon={<ReloadOutlined />} loading={refreshing} disabled={none || !position?.usable} data-testid="position-refresh">
              刷新位置
            </Button>
          </Popconfirm>
        }
      >
        {none ? (
          <EmptyState
            testId="position-empty"
            title="还没有订阅中的车辆"
            text="订阅车辆后，这里在地图和列表中显示每辆车的最新位置、速度、方向和在线状态。"
            action={
              <Link href={MANAGE_HREF}>
                <Button type="primary">去车辆管理订阅车辆</Button>
              </Link>
            }
          />
        ) : (
          <>
            <p className={panel.note}>
              显示订阅中车辆最近一次取得的位置；超过 {TRANSPORT_LIMITS.offlineMinutes} 分钟没有定位上报的车辆显示为离线。点击「刷新位置」时，
              {TRANSPORT_LIMITS.positionFreshSeconds} 秒内取得的位置不再查询，其余每辆车调用一次「车辆实时位置」接口并计费。
            </p>
            {list.failed ? <Alert type="error" showIcon title="车辆位置暂时无法读取，请稍后刷新" className={panel.notice} /> : null}
            <div className={styles.summary} data-testid="position-summary">
              <span>共 {list.total} 辆</span>
              <span>
                <i className={styles.dotOnline} aria-hidden />
                在线 {online}
              </span>
              <span>
                <i className={styles.dotOffline} aria-hidden />
                离线 {located.length - online}
              </span>
              {list.rows.length - located.length > 0 ? <span>无位置 {list.rows.length - located.length}</span> : null}
            </div>
            <FleetMap
              tiles={tiles}
              height="clamp(280px, 52vh, 480px)"
              markers={markers satisfies FleetMapMarker[]}
              fit="markers"
              onMarkerClick={setSelected}
              ariaLabel="车辆位置地图"
              className={styles.map}
            />
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
            </div>
            <ListTable<PositionRow>
              list={list}
              rowKey="id"
              columns={columns}
              scrollX={1000}
              empty={<EmptyState title="没有符合条件的车辆" text="换个车牌号试试。" />}
              rowClassName={(r) => (r.id === selected ? styles.selectedRow : styles.row) ?? ''}
              onRow={(r) => ({ onClick: () => setSelected(r.id) })}
              data-testid="position-table"
            />
            <Space className={styles.foot}>
              <Link href={MANAGE_HREF}>管理订阅车辆</Link>
            </Space>
          </>
        )}
      </Card>
    </div>
  );
}
