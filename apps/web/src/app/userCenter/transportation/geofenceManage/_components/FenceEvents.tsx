'use client';
// 进出记录 (vehicleFencing/fenceInOutQuery): the entries and exits found in a window of at most
// 72 hours, of one fence or all and one vehicle or all. 「立即核查」 (check=1) first asks the track
// of each bound vehicle in the window — one charged 车辆轨迹查询 call each — computes the
// crossings and says what it found; export=1 writes the list to a sheet.
import { type FenceView, TRANSPORT_LIMITS, transportApi, type FenceEventView } from '@apimarket/contracts';
import { Alert, App, Button, Card, DatePicker, Popconfirm, Select, type TableColumnsType, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { EmptyState, ListTable } from '@/components/user-center/ListTable';
import panel from '@/components/user-center/panel.module.css';
import { request } from '@/lib/api/client';
import { serverMessage } from '@/lib/api/errors';
import { callKey, useCall, usePagedList } from '@/lib/api/query';
import { saveBlob } from '@/lib/download';
import { useQueryClient } from '@tanstack/react-query';
import shared from '../../_shared/transport.module.css';
import { clock, fromClock, windowProblem } from './fence-form';
import styles from './fences.module.css';

type Summary = { tracks: number; charged: number; found: number; problems: Array<{ plateNumber: string; message: string }> };

/**
 * The window opens on the longest one allowed, ending now (to the minute): a check costs one
 * track per vehicle whatever its length, so the widest window finds the most for the same price.
 */
function lastWindow(): { startTime: string; endTime: string } {
  const end = dayjs().second(0);
  return { startTime: clock(end.subtract(TRANSPORT_LIMITS.maxTrackHours, 'hour')), endTime: clock(end) };
}

export function FenceEvents() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [filters] = useState(() => ({ ...lastWindow(), fenceId: '', subscriptionId: '' }));
  const list = usePagedList(transportApi.fenceEvents, { filters, quiet: true });
  const fences = useCall(transportApi.fences, { pageNum: 1, pageSize: 100 }, { quiet: true }).data?.rows ?? [];
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null]>([fromClock(list.filters.startTime), fromClock(list.filters.endTime)]);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [summary, setSummary] = useState<Summary | null>(null);
  const f = list.filters;

  const chosenFences: FenceView[] = f.fenceId ? fences.filter((x) => String(x.id) === f.fenceId) : fences;
  const vehicleIds = new Set(chosenFences.flatMap((x) => x.vehicles.map((v) => v.id)));
  if (f.subscriptionId) for (const id of [...vehicleIds]) if (String(id) !== f.subscriptionId) vehicleIds.delete(id);
  const vehicleOptions = [...new Map(fences.flatMap((x) => x.vehicles).map((v) => [v.id, v])).values()].map((v) => ({
    value: String(v.id),
    label: v.plateNumber,
  }));

  const input = () => ({
    startTime: f.startTime,
    endTime: f.endTime,
    ...(f.fenceId ? { fenceId: f.fenceId } : {}),
    ...(f.subscriptionId ? { subscriptionId: f.subscriptionId } : {}),
  });

  const applyRange = (r: [Dayjs | null, Dayjs | null] | null) => {
    const next: [Dayjs | null, Dayjs | null] = r ?? [null, null];
    setRange(next);
    const problem = windowProblem(next, dayjs());
    setRangeError(problem);
    if (!problem && next[0] && next[1]) list.setFilters({ startTime: clock(next[0]), endTime: clock(next[1]) });
  };

  const check = async () => {
    setChecking(true);
    try {
      const reply = await request(transportApi.fenceEvents, { ...input(), pageNum: 1, pageSize: list.pagination.pageSize, check: 1 });
      setSummary(reply.check);
      list.setPage(1);
      await client.invalidateQueries({ queryKey: callKey(transportApi.fenceEvents) });
      void client.invalidateQueries({ queryKey: callKey(transportApi.interfaces) });
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) message.error(msg);
    } finally {
      setChecking(false);
    }
  };

  const exportRows = async () => {
    setExporting(true);
    try {
      const blob = await request(transportApi.fenceEvents, { ...input(), export: 1 });
      if (blob instanceof Blob) saveBlob(blob, `围栏进出记录-${dayjs().format('YYYYMMDD')}.xlsx`);
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) message.error(msg);
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<FenceEventView> = [
    { title: '时间', dataIndex: 'at', width: 180 },
    { title: '车牌号', dataIndex: 'plateNumber', width: 110 },
    { title: '围栏', dataIndex: 'fenceName', width: 150 },
    { title: '进出', key: 'kind', width: 80, render: (_, e) => <Tag color={e.kind === 'in' ? 'blue' : 'orange'}>{e.kindLabel}</Tag> },
    {
      title: '位置',
      key: 'where',
      render: (_, e) => (
        <div>
          {e.address || '—'}
          {/* An address the platform could not name is the coordinates already. */}
          {e.address.startsWith('经度') ? null : (
            <div className={panel.sub}>
              {e.lon.toFixed(6)}, {e.lat.toFixed(6)}
            </div>
          )}
        </div>
      ),
    },
    { title: '提醒', dataIndex: 'alerted', width: 80, render: (v: boolean) => (v ? '已通知' : <span className={shared.muted}>—</span>) },
  ];

  const cost = vehicleIds.size;

  return (
    <Card
      title="进出记录"
      extra={
        <Button size="small" onClick={() => void exportRows()} loading={exporting} disabled={list.total === 0}>
          导出
        </Button>
      }
    >
      <p className={panel.note}>
        进出记录按车辆轨迹计算：点击「立即核查」，为所选围栏绑定的每辆车调用一次「车辆轨迹查询」接口（计费），取得时段内的轨迹后计算驶入、驶出的时间和位置。时段最长{' '}
        {TRANSPORT_LIMITS.maxTrackHours} 小时。
      </p>
      <div className={shared.filters}>
        <div className={styles.rangeBox}>
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            value={range}
            onChange={(v) => applyRange(v as [Dayjs | null, Dayjs | null] | null)}
            allowClear={false}
            status={rangeError ? 'error' : undefined}
            className={styles.range}
            aria-label="核查时段"
            data-testid="fence-window"
          />
          {rangeError ? <div className={styles.rangeError}>{rangeError}</div> : null}
        </div>
        <Select
          className={shared.filter}
          allowClear
          placeholder="全部围栏"
          value={f.fenceId || undefined}
          options={fences.map((x) => ({ value: String(x.id), label: x.name }))}
          onChange={(v?: string) => list.setFilters({ fenceId: v ?? '' })}
          aria-label="围栏"
          data-testid="fence-events-fence"
        />
        <Select
          className={shared.filter}
          allowClear
          placeholder="全部车辆"
          value={f.subscriptionId || undefined}
          options={vehicleOptions}
          onChange={(v?: string) => list.setFilters({ subscriptionId: v ?? '' })}
          aria-label="车辆"
        />
        <Popconfirm
          title="立即核查进出？"
          description={cost > 0 ? `将为 ${cost} 辆绑定车辆各调用一次「车辆轨迹查询」，共扣减约 ${cost} 次调用。` : '所选围栏还没有绑定车辆。'}
          okText="核 查"
          cancelText="取 消"
          okButtonProps={{ disabled: cost === 0 }}
          onConfirm={() => check()}
        >
          <Button type="primary" loading={checking} disabled={rangeError !== null || fences.length === 0} data-testid="fence-check">
            立即核查
          </Button>
        </Popconfirm>
      </div>
      {summary ? (
        <Alert
          className={panel.notice}
          type={summary.problems.length ? 'warning' : 'success'}
          showIcon
          closable
          onClose={() => setSummary(null)}
          title={`核查完成：查询 ${summary.tracks} 辆车的轨迹，扣费 ${summary.charged} 次，新发现 ${summary.found} 条进出记录`}
          description={
            summary.problems.length ? (
              <ul className={styles.problems}>
                {summary.problems.map((p) => (
                  <li key={p.plateNumber}>
                    {p.plateNumber}：{p.message}
                  </li>
                ))}
              </ul>
            ) : undefined
          }
          data-testid="fence-check-summary"
        />
      ) : null}
      <ListTable<FenceEventView>
        list={list}
        rowKey="id"
        columns={columns}
        scrollX={860}
        failedText="进出记录暂时无法读取，请稍后刷新"
        empty={
          <EmptyState
            title="这段时间没有进出记录"
            text={fences.length ? '选择时段后点击「立即核查」，按绑定车辆的轨迹计算进出。' : '先新建围栏并绑定车辆，再核查进出。'}
          />
        }
        data-testid="fence-events"
      />
    </Card>
  );
}
