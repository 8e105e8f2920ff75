'use client';
// One track the screen asked for: the map with its playback, the figures, and the stops, points
// and fence entries as tables whose rows move the playback there. 导出 and 分享到手机 ask the track
// again on the server (each one more charged call), so both say so before they do.
import { clockMs, type FenceEventView, type Track, type TrackStop, TRANSPORT_LIMITS, transportApi } from '@apimarket/contracts';
import { DownloadOutlined, MobileOutlined } from '@ant-design/icons';
import { App, Button, Card, Modal, Popconfirm, QRCode, Space, Table, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import type { MapTiles } from '@/components/map/FleetMap';
import { TrackFacts, TrackPlayer } from '@/components/map/TrackPlayer';
import { clockAt, durationText, sharePageHref, windowText } from '@/components/map/track-time';
import { indexAt, useTrackPlayback } from '@/components/map/use-track-playback';
import { request } from '@/lib/api/client';
import { serverMessage } from '@/lib/api/errors';
import { useCallMutation } from '@/lib/api/query';
import { saveBlob } from '@/lib/download';
import { dateTime } from '@/lib/format';
import { PlateTag } from '../../_shared/PlateTag';
import { directionText } from '../../_shared/vehicle-words';
import styles from './trajectory.module.css';

interface PointRow {
  i: number;
  clock: string;
  lon: number;
  lat: number;
  speed: number;
  direction: number;
}

const coord = (v: number) => v.toFixed(6);

/** An address with its coordinates under it; an address that is itself the coordinates stands alone. */
function Place({ address, lon, lat }: { address: string; lon: number; lat: number }) {
  if (!address || address.startsWith('经度')) return <span className={styles.coords}>{address || `${coord(lon)}, ${coord(lat)}`}</span>;
  return (
    <>
      {address}
      <div className={styles.sub}>
        {coord(lon)}, {coord(lat)}
      </div>
    </>
  );
}

export function TrackView({ tiles, track, stopMinutes }: { tiles: MapTiles; track: Track; stopMinutes: number }) {
  const { message } = App.useApp();
  const playback = useTrackPlayback(track.points.t);
  const mapRef = useRef<HTMLDivElement>(null);
  const [exporting, setExporting] = useState(false);
  const [shared, setShared] = useState<{ url: string; expiresAt: string } | null>(null);
  const input = { id: track.subscriptionId, startTime: track.startTime, endTime: track.endTime, stopMinutes };
  const share = useCallMutation(transportApi.shareTrajectory, {
    invalidates: [transportApi.interfaces],
    onSuccess: (reply) => setShared({ url: `${window.location.origin}${sharePageHref(reply.data.token)}`, expiresAt: reply.data.expiresAt }),
  });

  const points = useMemo<PointRow[]>(() => {
    const { t, lon, lat, speed, direction } = track.points;
    return t.map((s, i) => ({ i, clock: clockAt(track.startTime, s), lon: lon[i] ?? 0, lat: lat[i] ?? 0, speed: speed[i] ?? 0, direction: direction[i] ?? 0 }));
  }, [track]);

  /** Moves the playback to a point and brings the map into view. */
  const showAt = (i: number) => {
    playback.pause();
    playback.seek(i);
    mapRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  };
  const indexOfClock = (clock: string) => indexAt(track.points.t, (clockMs(clock) - clockMs(track.startTime)) / 1000);

  const exportPoints = async () => {
    setExporting(true);
    try {
      const file = await request(transportApi.trajectory, { ...input, export: 1 });
      if (file instanceof Blob) saveBlob(file, `车辆轨迹-${track.plateNumber}-${track.startTime.slice(0, 10).replaceAll('-', '')}.xlsx`);
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) message.error(msg);
    } finally {
      setExporting(false);
    }
  };

  const stopColumns: TableColumnsType<TrackStop & { n: number }> = [
    { title: '序号', dataIndex: 'n', width: 64 },
    { title: '开始', dataIndex: 'start', width: 170 },
    { title: '结束', dataIndex: 'end', width: 170 },
    { title: '停留时长', dataIndex: 'minutes', width: 120, render: (m: number) => durationText(m) },
    {
      title: '位置',
      key: 'place',
      render: (_, s) => (
        <div>
          <Place address={s.address} lon={s.lon} lat={s.lat} />
        </div>
      ),
    },
    {
      title: '操作',
      key: 'go',
      width: 100,
      render: (_, s) => (
        <Button type="link" size="small" onClick={() => showAt(indexOfClock(s.start))}>
          回放到此
        </Button>
      ),
    },
  ];

  const pointColumns: TableColumnsType<PointRow> = [
    { title: '序号', dataIndex: 'i', width: 80, render: (i: number) => i + 1 },
    { title: '定位时间', dataIndex: 'clock', width: 170 },
    { title: '经度', dataIndex: 'lon', width: 120, render: coord },
    { title: '纬度', dataIndex: 'lat', width: 110, render: coord },
    { title: '速度', dataIndex: 'speed', width: 110, render: (v: number) => `${v} km/h` },
    { title: '方向', dataIndex: 'direction', width: 120, render: (v: number) => directionText(v) },
    {
      title: '操作',
      key: 'go',
      width: 90,
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => showAt(r.i)}>
          定位
        </Button>
      ),
    },
  ];

  const eventColumns: TableColumnsType<FenceEventView> = [
    { title: '围栏', dataIndex: 'fenceName', width: 160 },
    { title: '事件', dataIndex: 'kindLabel', width: 90, render: (v: string, e) => <Tag color={e.kind === 'in' ? 'blue' : 'orange'}>{v}</Tag> },
    { title: '时间', dataIndex: 'at', width: 170 },
    {
      title: '位置',
      key: 'place',
      render: (_, e) => (
        <div>
          <Place address={e.address} lon={e.lon} lat={e.lat} />
        </div>
      ),
    },
    { title: '提醒', dataIndex: 'alerted', width: 90, render: (v: boolean) => (v ? '已通知' : '—') },
    {
      title: '操作',
      key: 'go',
      width: 90,
      render: (_, e) => (
        <Button type="link" size="small" onClick={() => showAt(indexOfClock(e.at))}>
          定位
        </Button>
      ),
    },
  ];

  const again = '将按当前车辆和时段再查询一次轨迹，调用一次「车辆轨迹查询」接口并计费。';

  return (
    <Card className={styles.result}>
      <div className={styles.resultHead}>
        <h2 className={styles.title}>
          <PlateTag plate={track.plateNumber} color={track.plateColor} />
          <span className={styles.window}>{windowText(track.startTime, track.endTime)}</span>
        </h2>
        <Space wrap className={styles.actions}>
          <Popconfirm title="导出轨迹点？" description={again} okText="导 出" cancelText="取 消" onConfirm={() => exportPoints()}>
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              disabled={track.points.t.length > TRANSPORT_LIMITS.exportMax}
              data-testid="trajectory-export"
            >
              导出
            </Button>
          </Popconfirm>
          <Popconfirm
            title="分享到手机？"
            description={`${again}链接 ${TRANSPORT_LIMITS.shareHours} 小时内有效，持有链接的人都能查看这段轨迹。`}
            okText="生成链接"
            cancelText="取 消"
            onConfirm={() => share.mutate(input)}
          >
            <Button icon={<MobileOutlined />} loading={share.isPending} data-testid="trajectory-share">
              分享到手机
            </Button>
          </Popconfirm>
        </Space>
      </div>
      <div ref={mapRef}>
        <TrackPlayer tiles={tiles} track={track} playback={playback} height="clamp(300px, 56vh, 560px)" />
      </div>
      <TrackFacts stats={track.stats} stops={track.stops.length} />
      <Tabs
        className={styles.tabs}
        items={[
          {
            key: 'stops',
            label: `停留点（${track.stops.length}）`,
            children: (
              <Table
                rowKey="n"
                size="small"
                columns={stopColumns}
                dataSource={track.stops.map((s, n) => ({ ...s, n: n + 1 }))}
                pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
                scroll={{ x: 960 }}
                locale={{ emptyText: `没有连续停驶 ${stopMinutes} 分钟以上的停留点` }}
              />
            ),
          },
          {
            key: 'points',
            label: `轨迹点（${track.points.t.length.toLocaleString('en-US')}）`,
            children: (
              <Table
                rowKey="i"
                size="small"
                columns={pointColumns}
                dataSource={points}
                pagination={{ pageSize: 20, showSizeChanger: false, showTotal: (n) => `共 ${n.toLocaleString('en-US')} 个点` }}
                scroll={{ x: 800 }}
                data-testid="trajectory-points"
              />
            ),
          },
          ...(track.fenceEvents.length
            ? [
                {
                  key: 'fences',
                  label: `围栏进出（${track.fenceEvents.length}）`,
                  children: (
                    <Table
                      rowKey="id"
                      size="small"
                      columns={eventColumns}
                      dataSource={track.fenceEvents}
                      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
                      scroll={{ x: 960 }}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={shared !== null}
        title="分享到手机"
        footer={<Button onClick={() => setShared(null)}>关 闭</Button>}
        onCancel={() => setShared(null)}
        width={420}
        destroyOnHidden
      >
        {shared ? (
          <div className={styles.share} data-testid="trajectory-share-link">
            <QRCode value={shared.url} size={180} bordered={false} />
            <p className={styles.shareHint}>用手机扫码，或复制链接发给对方，在手机浏览器中查看这段轨迹。</p>
            <Typography.Paragraph copyable={{ text: shared.url, tooltips: ['复制链接', '已复制'] }} className={styles.shareUrl}>
              {shared.url}
            </Typography.Paragraph>
            <p className={styles.shareHint}>有效期至 {dateTime(shared.expiresAt)}，过期后链接失效。</p>
          </div>
        ) : null}
      </Modal>
    </Card>
  );
}
