'use client';
// 「查询」 on a subscribed vehicle (subscribeCarInfo/subscribeToQueries): one call of one of the
// account's purchased vehicle interfaces with the vehicle's plate and colour — charged and
// recorded like any call — and its answer shown as it came.
import { billingApi, type SubscriptionView, transportApi, VEHICLE_INTERFACES, type VehicleQueryView } from '@apimarket/contracts';
import { useVehicleInterfaces } from '../../_shared/InterfacesBanner';
import { Alert, Button, Descriptions, Form, Modal, Select, Space, Tag } from 'antd';
import Link from 'next/link';
import { useState } from 'react';
import panel from '@/components/user-center/panel.module.css';
import { useCallMutation } from '@/lib/api/query';
import { PlateTag } from '../../_shared/PlateTag';
import { buyHref } from '../../_shared/vehicle-words';
import styles from './vehicles.module.css';

/** What 「查询」 may call: the account's purchased interfaces that take a plate alone (checkApplyInterface). */
function useVehicleInterfaceOptions() {
  const vi = useVehicleInterfaces();
  const options = vi.plateInterfaces.map((p) => ({
    value: p.interfaceId,
    label: p.usable ? `${p.interfaceName}（剩余 ${p.callsLeft.toLocaleString('zh-CN')} 次）` : `${p.interfaceName}（${p.reason || '不可用'}）`,
    disabled: !p.usable,
  }));
  return { options, loading: vi.loading };
}

export function QueryDialog({
  vehicle,
  onClose,
  onHistory,
}: {
  vehicle: SubscriptionView | null;
  onClose: () => void;
  onHistory: (v: SubscriptionView) => void;
}) {
  const open = vehicle !== null;
  const { options, loading } = useVehicleInterfaceOptions();
  const [interfaceId, setInterfaceId] = useState<number | undefined>(undefined);
  const [answer, setAnswer] = useState<VehicleQueryView | null>(null);
  const run = useCallMutation(transportApi.query, { invalidates: [transportApi.queryHistory, transportApi.interfaces, billingApi.purchases] });
  const chosen = interfaceId ?? options.find((o) => !o.disabled)?.value;

  const close = () => {
    setAnswer(null);
    setInterfaceId(undefined);
    onClose();
  };

  const submit = async () => {
    if (!vehicle || chosen === undefined) return;
    try {
      setAnswer((await run.mutateAsync({ id: vehicle.id, interfaceId: chosen })).data);
    } catch {
      // told by the toast
    }
  };

  return (
    <Modal
      open={open}
      title="查询车辆信息"
      width={640}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space wrap>
          {vehicle ? (
            <Button
              onClick={() => {
                onHistory(vehicle);
                close();
              }}
            >
              查询记录
            </Button>
          ) : null}
          <Button onClick={close}>关 闭</Button>
          <Button type="primary" onClick={() => void submit()} loading={run.isPending} disabled={chosen === undefined} data-testid="vehicle-query-run">
            查 询
          </Button>
        </Space>
      }
    >
      {vehicle ? (
        <p className={panel.hint}>
          对 <PlateTag plate={vehicle.plateNumber} color={vehicle.plateColor} label={vehicle.plateColorLabel} />{' '}
          调用一次所选接口（以车牌号和车牌颜色入参），按接口计费规则扣减 1 次调用并记入调用记录。
        </p>
      ) : null}
      <Form layout="vertical">
        <Form.Item label="查询接口" required>
          <Select
            value={chosen}
            loading={loading}
            options={options}
            onChange={(v: number) => {
              setInterfaceId(v);
              setAnswer(null);
            }}
            placeholder="选择已购的车辆类接口（以车牌入参）"
            notFoundContent={
              <span>
                还没有已购的车辆类接口，<Link href={buyHref(VEHICLE_INTERFACES.position)}>去购买</Link>
              </span>
            }
            data-testid="vehicle-query-interface"
          />
        </Form.Item>
      </Form>
      {answer ? <QueryAnswer answer={answer} /> : null}
    </Modal>
  );
}

export function QueryAnswer({ answer }: { answer: VehicleQueryView }) {
  const ok = answer.code === '10000';
  return (
    <div className={styles.answer} data-testid="vehicle-query-answer">
      <Alert
        type={ok ? 'success' : 'warning'}
        showIcon
        title={`${answer.interfaceName}：${answer.message || (ok ? '查询成功' : '查询失败')}`}
        description={
          <Space size={4} wrap>
            <Tag>{answer.code}</Tag>
            <span>{answer.charged ? '已扣费 1 次' : '未扣费'}</span>
            {answer.seqNo ? <span className={styles.mono}>流水号 {answer.seqNo}</span> : null}
          </Space>
        }
      />
      {answer.data !== null && answer.data !== undefined ? <AnswerData data={answer.data} /> : null}
    </div>
  );
}

/** The answer's fields as a list when they are flat, else the JSON itself. */
function AnswerData({ data }: { data: unknown }) {
  const flat = data !== null && typeof data === 'object' && !Array.isArray(data) && Object.values(data).every((v) => v === null || typeof v !== 'object');
  if (flat) {
    return (
      <Descriptions
        size="small"
        column={1}
        bordered
        className={styles.answerData}
        items={Object.entries(data as Record<string, unknown>).map(([k, v]) => ({ key: k, label: k, children: String(v ?? '—') }))}
      />
    );
  }
  return <pre className={`${panel.codeBlock} ${styles.answerData}`}>{JSON.stringify(data, null, 2)}</pre>;
}
