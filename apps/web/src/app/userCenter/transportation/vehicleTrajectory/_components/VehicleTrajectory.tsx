'use client';
// 车辆轨迹 (subscribeCarInfo/trajectoryData): a subscribed vehicle and a window of at most 72 hours
// give one charged call of 车辆轨迹查询; the answer is played back on the map, summed up, its stops,
// points and fence entries listed, exported or shared to a phone. Nothing is asked until the person
// presses 查询轨迹: every ask is a charged call.
import { type Track, TRANSPORT_LIMITS, TRANSPORT_MSG, transportApi } from '@apimarket/contracts';
import { Alert, Button, Card, DatePicker, Form, Grid, InputNumber, Select, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import type { MapTiles } from '@/components/map/FleetMap';
import { defaultWindow, nowClock, windowProblem } from '@/components/map/track-time';
import { EmptyState } from '@/components/user-center/ListTable';
import panel from '@/components/user-center/panel.module.css';
import { useCall, useCallMutation } from '@/lib/api/query';
import { InterfacesBanner, useVehicleInterfaces } from '../../_shared/InterfacesBanner';
import { buyHref, CLOCK_FORMAT, interfaceHref, MANAGE_HREF } from '../../_shared/vehicle-words';
import { TrackView } from './TrackView';
import styles from './trajectory.module.css';

interface Values {
  id?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
  stopMinutes?: number | null;
}

/** The picker holds China wall-clock readings (see track-time.ts), so a browser abroad asks the same hours. */
const wall = (clock: string) => dayjs(clock);
const HOURS = TRANSPORT_LIMITS.maxTrackHours;

export function VehicleTrajectory({ tiles }: { tiles: MapTiles }) {
  const params = useSearchParams();
  const router = useRouter();
  const vi = useVehicleInterfaces();
  const trajectory = vi.byRole('trajectory');
  const [search, setSearch] = useState('');
  const vehicles = useCall(
    transportApi.subscriptions,
    { status: 'active', pageNum: 1, pageSize: 100, ...(search ? { plateNumber: search } : {}) },
    { quiet: true },
  );
  const rows = vehicles.data?.rows ?? [];
  const [form] = Form.useForm<Values>();
  const [rangeError, setRangeError] = useState<string | null>(null);
  const ask = useCallMutation(transportApi.trajectory, { invalidates: [transportApi.interfaces] });
  // One row on a desk; on a phone each field takes the width, label above.
  const wide = Grid.useBreakpoint().sm !== false;
  const [track, setTrack] = useState<{ track: Track; stopMinutes: number } | null>(null);

  const askedId = Number(params.get('id')) || undefined;
  const initial = useMemo<Values>(() => {
    const [s, e] = defaultWindow();
    return { range: [wall(s), wall(e)], stopMinutes: TRANSPORT_LIMITS.stopMinutes.default };
  }, []);

  // The vehicle the address names (车辆位置's 「轨迹」), else the first subscribed one.
  useEffect(() => {
    if (form.getFieldValue('id') !== undefined || rows.length === 0) return;
    const chosen = rows.find((r) => r.id === askedId) ?? rows[0];
    if (chosen) form.setFieldValue('id', chosen.id);
  }, [rows, askedId, form]);

  const noVehicles = !vehicles.isPending && !vehicles.isError && !search && rows.length === 0;
  const blocked = !vi.loading && !vi.failed && trajectory !== undefined && !trajectory.usable;

  const submit = (v: Values) => {
    const [s, e] = v.range ?? [null, null];
    const startTime = s ? s.second(0).format(CLOCK_FORMAT) : null;
    const endTime = e ? e.second(0).format(CLOCK_FORMAT) : null;
    const problem = windowProblem(startTime, endTime);
    setRangeError(problem);
    if (problem || !startTime || !endTime || v.id === undefined) return;
    const stopMinutes = v.stopMinutes ?? TRANSPORT_LIMITS.stopMinutes.default;
    ask.mutate(
      { id: v.id, startTime, endTime, stopMinutes },
      {
        onSuccess: (reply) => {
          setTrack({ track: reply.data, stopMinutes });
          // The address keeps the vehicle, so a reload or a shared address opens on it.
          if (askedId !== v.id) router.replace(`?id=${v.id}`, { scroll: false });
        },
      },
    );
  };

  // Ranges the picker offers: none in the future, none longer than the interface answers.
  const disabledDate = (current: Dayjs, info: { from?: Dayjs }) => {
    if (current.isAfter(wall(nowClock()), 'day')) return true;
    if (!info.from) return false;
    return Math.abs(current.diff(info.from, 'hour', true)) > HOURS + 24;
  };

  if (blocked && trajectory) {
    const bought = trajectory.purchaseId !== null;
    return (
      <div className={panel.page}>
        <InterfacesBanner needs="trajectory" />
        <Card title="车辆轨迹">
          <EmptyState
            testId="trajectory-need-interface"
            title={bought ? `「${trajectory.interfaceName}」暂不可用：${trajectory.reason || '剩余次数不足'}` : TRANSPORT_MSG.needTrajectory}
            text={`轨迹回放的每一次查询都是对「${trajectory.interfaceName}」接口的一次真实调用（单次时段不超过 ${HOURS} 小时），按接口的计费规则扣减调用次数。${bought ? '续购后即可继续查询。' : '购买后即可按车辆和时段回放行驶轨迹、查看停留点和围栏进出。'}`}
            action={
              <Space wrap className={styles.center}>
                <Link href={buyHref(trajectory.interfaceId)}>
                  <Button type="primary">
                    {bought ? '续购' : '购买'}「{trajectory.interfaceName}」
                  </Button>
                </Link>
                <Link href={interfaceHref(trajectory.interfaceId)}>
                  <Button>查看接口说明</Button>
                </Link>
              </Space>
            }
          />
        </Card>
      </div>
    );
  }

  if (noVehicles) {
    return (
      <div className={panel.page}>
        <InterfacesBanner needs="trajectory" />
        <Card title="车辆轨迹">
          <EmptyState
            testId="trajectory-no-vehicles"
            title="还没有订阅中的车辆"
            text="轨迹回放针对订阅中的车辆：先在车辆管理中按车牌订阅车辆，再回到这里按时段查看它的行驶轨迹。"
            action={
              <Link href={MANAGE_HREF}>
                <Button type="primary">去车辆管理订阅车辆</Button>
              </Link>
            }
          />
        </Card>
      </div>
    );
  }

  return (
    <div className={panel.page}>
      <InterfacesBanner needs="trajectory" />
      <Card title="车辆轨迹">
        <p className={panel.note}>
          选择订阅中的车辆和时段（单次不超过 {HOURS} 小时）查询行驶轨迹。每次查询调用一次「{trajectory?.interfaceName ?? '车辆轨迹查询'}
          」接口并计费；查询结果可回放、导出，或分享到手机查看（{TRANSPORT_LIMITS.shareHours} 小时内有效）。
        </p>
        <Form<Values> form={form} layout={wide ? 'inline' : 'vertical'} initialValues={initial} onFinish={submit} className={styles.form} requiredMark={false}>
          <Form.Item name="id" label="车辆" rules={[{ required: true, message: '请选择车辆' }]} className={styles.vehicle}>
            <Select
              showSearch={{ filterOption: false, onSearch: (v) => setSearch(v.trim().toUpperCase()) }}
              placeholder="选择或搜索车牌"
              loading={vehicles.isPending}
              options={rows.map((r) => ({ value: r.id, label: `${r.plateNumber}（${r.plateColorLabel}）` }))}
              notFoundContent={vehicles.isPending ? '加载中…' : '没有匹配的订阅车辆'}
              data-testid="trajectory-vehicle"
            />
          </Form.Item>
          <Form.Item name="range" label="时段" className={styles.range} validateStatus={rangeError ? 'error' : undefined} help={rangeError ?? undefined}>
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              allowClear={false}
              disabledDate={disabledDate}
              onChange={(r) => setRangeError(r ? windowProblem(r[0]?.format(CLOCK_FORMAT) ?? null, r[1]?.format(CLOCK_FORMAT) ?? null) : null)}
              presets={[
                { label: '最近 6 小时', value: [wall(nowClock()).subtract(6, 'hour'), wall(nowClock())] },
                { label: '最近 24 小时', value: [wall(nowClock()).subtract(24, 'hour'), wall(nowClock())] },
                { label: `最近 ${HOURS} 小时`, value: [wall(nowClock()).subtract(HOURS, 'hour'), wall(nowClock())] },
              ]}
              data-testid="trajectory-range"
            />
          </Form.Item>
          <Form.Item name="stopMinutes" label="停留阈值" tooltip="连续停驶达到该时长的地点记为停留点" className={styles.stop}>
            <InputNumber
              min={TRANSPORT_LIMITS.stopMinutes.min}
              max={TRANSPORT_LIMITS.stopMinutes.max}
              precision={0}
              suffix="分钟"
              className={styles.stopInput}
            />
          </Form.Item>
          <Form.Item className={styles.submit}>
            <Button type="primary" htmlType="submit" loading={ask.isPending} disabled={!trajectory?.usable && !vi.loading} data-testid="trajectory-submit">
              查询轨迹
            </Button>
          </Form.Item>
        </Form>
        {vehicles.isError || vi.failed ? (
          <Alert
            type="error"
            showIcon
            className={styles.gap}
            title="订阅车辆或接口状态暂时无法读取"
            action={
              <Button size="small" onClick={() => window.location.reload()}>
                刷新
              </Button>
            }
          />
        ) : null}
        {ask.isError ? null : track && track.track.points.t.length === 0 ? (
          <Alert type="info" showIcon className={styles.gap} title="该时段内车辆没有定位上报，换个时段再试" />
        ) : null}
      </Card>
      {track && track.track.points.t.length > 0 ? (
        <TrackView
          key={`${track.track.subscriptionId}-${track.track.startTime}-${track.track.endTime}-${track.stopMinutes}`}
          tiles={tiles}
          track={track.track}
          stopMinutes={track.stopMinutes}
        />
      ) : null}
      {!track && !ask.isPending ? (
        <Card>
          <EmptyState
            testId="trajectory-idle"
            title="选择车辆和时段后查询轨迹"
            text={
              <>
                查询后在地图上回放行驶过程，并列出里程、速度、停留点和轨迹点
                {trajectory?.usable ? <Tag className={styles.left}>剩余 {trajectory.callsLeft.toLocaleString('zh-CN')} 次</Tag> : null}
              </>
            }
          />
        </Card>
      ) : null}
    </div>
  );
}
