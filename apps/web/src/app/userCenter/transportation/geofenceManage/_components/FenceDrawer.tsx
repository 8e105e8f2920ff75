'use client';
// New or changed fence (vehicleFencing/save, update): drawn on the map — a circle or a polygon,
// dragged into place — or typed in (a centre and radius, or a vertex list), named, bound to
// subscribed vehicles, with 进出提醒 telling the alert contacts of 预警管理. Both ways fill the
// same fields; the server checks the same schema.
import { type FenceSaveInput, type FenceShape, type FenceView, TRANSPORT_LIMITS, transportApi } from '@apimarket/contracts';
import { App, Button, Drawer, Form, Input, InputNumber, Radio, Segmented, Select, Space, Switch } from 'antd';
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { type FenceDraft, FleetMap, type MapTiles } from '@/components/map/FleetMap';
import panel from '@/components/user-center/panel.module.css';
import { serverMessage } from '@/lib/api/errors';
import { toastFailure, useCall, useCallMutation } from '@/lib/api/query';
import { zodRule } from '@/lib/form-rules';
import { ALERT_CONTACTS_HREF, MANAGE_HREF } from '../../_shared/vehicle-words';
import { FenceNameSchema, FenceRemarkSchema, type FenceValues, fenceInput, fenceValues, type InputMode, parsePoints, pointsText } from './fence-form';
import styles from './fences.module.css';

const STALE = [transportApi.fences, transportApi.fenceEvents];

/** The subscribed vehicles a fence may be bound to (not cancelled or expired). */
export function useBindableVehicles(enabled = true) {
  const q = useCall(transportApi.subscriptions, { pageNum: 1, pageSize: 100 }, { enabled, quiet: true });
  const rows = (q.data?.rows ?? []).filter((s) => s.status === 'active' || s.status === 'pending');
  return { rows, loading: q.isPending && enabled };
}

/** The draft on the map from the typed fields, or null while they do not make a shape. */
function draftOf(v: FenceValues): FenceDraft | null {
  if ((v.shape ?? 'circle') === 'circle') {
    if (typeof v.centerLon !== 'number' || typeof v.centerLat !== 'number' || typeof v.radius !== 'number' || v.radius <= 0) return null;
    return { center: [v.centerLon, v.centerLat], radius: v.radius };
  }
  const parsed = parsePoints(v.pointsText ?? '');
  return 'points' in parsed && parsed.points.length >= 3 ? { points: parsed.points } : null;
}

export function FenceDrawer({
  open,
  fence,
  tiles,
  onClose,
}: {
  open: boolean;
  /** The fence being changed; null for a new one. */
  fence: FenceView | null;
  tiles: MapTiles;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FenceValues>();
  const [mode, setMode] = useState<InputMode>('draw');
  const values = Form.useWatch([], form) as FenceValues | undefined;
  const shape: FenceShape = values?.shape ?? fence?.shape ?? 'circle';
  const vehicles = useBindableVehicles(open);
  const save = useCallMutation(transportApi.saveFence, { quiet: true, invalidates: STALE });
  const update = useCallMutation(transportApi.updateFence, { quiet: true, invalidates: STALE });
  const saving = save.isPending || update.isPending;
  const initial = useMemo(() => fenceValues(fence), [fence]);
  // The shape the drawing starts from: the saved fence's, so editing moves it rather than starting over.
  const [drawStart, setDrawStart] = useState<FenceDraft | null>(() => draftOf(initial));

  const drawn = (d: FenceDraft) => {
    if ('center' in d) form.setFieldsValue({ centerLon: round6(d.center[0]), centerLat: round6(d.center[1]), radius: Math.round(d.radius) });
    else form.setFieldsValue({ pointsText: pointsText(d.points) });
    void form.validateFields(['centerLon', 'centerLat', 'radius', 'pointsText']).catch(() => undefined);
  };

  const submit = async (v: FenceValues) => {
    const input = fenceInput({ ...v, shape });
    if ('problem' in input) {
      form.setFields([{ name: input.problem.field, errors: [input.problem.message] }]);
      if (input.problem.field === 'centerLon' || input.problem.field === 'pointsText' || input.problem.field === 'radius') setMode('type');
      return;
    }
    try {
      const res = fence ? await update.mutateAsync({ ...input, id: fence.id }) : await save.mutateAsync(input as FenceSaveInput);
      message.success(fence ? `已保存围栏「${res.data.name}」` : `已创建围栏「${res.data.name}」，面积 ${res.data.areaKm2.toFixed(3)} km²`);
      onClose();
    } catch (err) {
      const msg = serverMessage(err);
      if (msg && /名称|同名/.test(msg)) form.setFields([{ name: 'name', errors: [msg] }]);
      else toastFailure(err);
    }
  };

  const draft = values ? draftOf({ ...values, shape }) : null;

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={fence ? `编辑围栏「${fence.name}」` : '新建电子围栏'}
      size="large"
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取 消</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="fence-save">
            保 存
          </Button>
        </Space>
      }
    >
      <Form<FenceValues> form={form} name="fence" layout="vertical" initialValues={initial} onFinish={submit} preserve={false} disabled={saving}>
        <Form.Item name="name" label="围栏名称" required rules={[zodRule(FenceNameSchema)]}>
          <Input placeholder="如 杭州萧山仓、嘉兴中转场" maxLength={TRANSPORT_LIMITS.nameChars} showCount />
        </Form.Item>
        <div className={styles.shapeRow}>
          <Form.Item name="shape" label="形状" required>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'circle', label: '圆形' },
                { value: 'polygon', label: '多边形' },
              ]}
              onChange={() => setDrawStart(null)}
            />
          </Form.Item>
          <Form.Item label="设置方式">
            <Segmented<InputMode>
              value={mode}
              onChange={setMode}
              options={[
                { value: 'draw', label: '在地图上绘制' },
                { value: 'type', label: '输入坐标' },
              ]}
              data-testid="fence-mode"
            />
          </Form.Item>
        </div>
        {mode === 'draw' ? (
          <p className={panel.hint}>
            {shape === 'circle'
              ? '在地图上点击确定圆心，拖动设置半径；画好后可拖动调整。'
              : `在地图上依次点击各顶点（${TRANSPORT_LIMITS.polygonVertices.min}–${TRANSPORT_LIMITS.polygonVertices.max} 个），点击第一个顶点闭合；画好后可拖动顶点调整。`}
            坐标系为 GCJ-02。
          </p>
        ) : null}
        <FleetMap
          tiles={tiles}
          height={mode === 'draw' ? 'clamp(260px, 46vh, 420px)' : 240}
          draw={mode === 'draw' ? { shape, onChange: drawn, initial: drawStart ?? draft } : null}
          fences={
            mode === 'type' && draft
              ? [
                  {
                    id: draftId(draft),
                    name: values?.name || '新围栏',
                    shape,
                    ...('center' in draft ? { center: draft.center, radius: draft.radius } : { points: draft.points }),
                    selected: true,
                  },
                ]
              : fence
                ? // Drawing over a saved fence: its outline as it is saved, which also frames the view.
                  [{ id: fence.id, name: `${fence.name}（原位置）`, shape: fence.shape, center: fence.center, radius: fence.radius, points: fence.points }]
                : []
          }
          fit={draft || fence ? 'fences' : 'china'}
          ariaLabel="围栏地图"
          className={styles.drawMap}
        />
        <div className={mode === 'type' ? styles.coords : styles.coordsDrawn}>
          {shape === 'circle' ? (
            <div className={styles.circleRow}>
              <Form.Item name="centerLon" label="圆心经度" required>
                <InputNumber min={73} max={136} step={0.001} precision={6} placeholder="120.153576" style={FULL} readOnly={mode === 'draw'} />
              </Form.Item>
              <Form.Item name="centerLat" label="圆心纬度" required>
                <InputNumber min={3} max={54} step={0.001} precision={6} placeholder="30.287459" style={FULL} readOnly={mode === 'draw'} />
              </Form.Item>
              <Form.Item name="radius" label="半径（米）" required>
                <InputNumber
                  min={TRANSPORT_LIMITS.radiusMetres.min}
                  max={TRANSPORT_LIMITS.radiusMetres.max}
                  step={100}
                  precision={0}
                  style={FULL}
                  readOnly={mode === 'draw'}
                />
              </Form.Item>
            </div>
          ) : (
            <Form.Item name="pointsText" label="顶点坐标" required extra="每行一个顶点，格式为「经度,纬度」，按顺序连成多边形，不必重复第一个点。">
              <Input.TextArea rows={5} placeholder={'120.10,30.25\n120.20,30.25\n120.20,30.32\n120.10,30.32'} readOnly={mode === 'draw'} spellCheck={false} />
            </Form.Item>
          )}
        </div>
        <Form.Item
          name="subscriptionIds"
          label="绑定车辆"
          extra={
            vehicles.rows.length === 0 && !vehicles.loading ? (
              <span>
                还没有订阅中的车辆，<Link href={MANAGE_HREF}>去车辆管理订阅</Link>
              </span>
            ) : (
              `最多 ${TRANSPORT_LIMITS.maxFenceVehicles} 辆；核查进出时为每辆车调用一次「车辆轨迹查询」`
            )
          }
        >
          <Select
            mode="multiple"
            allowClear
            loading={vehicles.loading}
            placeholder="选择要监控的车辆"
            optionFilterProp="label"
            options={vehicles.rows.map((s) => ({ value: s.id, label: `${s.plateNumber}（${s.plateColorLabel}）` }))}
            maxCount={TRANSPORT_LIMITS.maxFenceVehicles}
            data-testid="fence-vehicles"
          />
        </Form.Item>
        <Form.Item
          name="alert"
          label="进出提醒"
          valuePropName="checked"
          extra={
            <span>
              开启后，每 {TRANSPORT_LIMITS.fenceMonitorMinutes} 分钟自动核查一次绑定车辆的轨迹（每辆车调用一次「车辆轨迹查询」并计费），发现驶入或驶出时通知
              <Link href={ALERT_CONTACTS_HREF}>预警管理 › 预警联系人</Link>
              （短信或邮件）。
            </span>
          }
        >
          <Switch />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[zodRule(FenceRemarkSchema)]}>
          <Input.TextArea rows={2} maxLength={TRANSPORT_LIMITS.remarkChars} showCount />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const FULL = { width: '100%' };

/**
 * The typed shape's id on the map: the map frames its fences again when their ids change, so a
 * shape typed anew gets an id of its own (negative: never a saved fence's).
 */
function draftId(d: FenceDraft): number {
  let h = 0;
  for (const ch of JSON.stringify(d)) h = (h * 31 + (ch.codePointAt(0) ?? 0)) | 0;
  return -Math.abs(h) - 1;
}
