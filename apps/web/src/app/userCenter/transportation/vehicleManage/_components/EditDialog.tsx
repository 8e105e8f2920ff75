'use client';
// 修改订阅 (subscribeCarInfo/update): the end date and the remark; the plate and colour are what
// was subscribed, and the start stays (a subscription that has begun cannot begin later).
import { type SubscriptionView, TRANSPORT_LIMITS, transportApi } from '@apimarket/contracts';
import { App, DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { FormDialog } from '@/components/user-center/FormDialog';
import { useCallMutation } from '@/lib/api/query';
import { DAY_FORMAT } from '../../_shared/vehicle-words';
import { periodDayDisabled, periodProblem, remarkRules } from './subscribe-form';

interface Values {
  endDate?: Dayjs | null;
  remark?: string;
}

export function EditDialog({ vehicle, onClose }: { vehicle: SubscriptionView | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const update = useCallMutation(transportApi.update, {
    invalidates: [transportApi.subscriptions, transportApi.positions],
    onSuccess: (res) => {
      void message.success(`已修改 ${res.data.plateNumber} 的订阅`);
      onClose();
    },
  });
  const start = vehicle ? dayjs(vehicle.startDate) : null;
  const today = dayjs().startOf('day');

  return (
    <FormDialog<Values>
      open={vehicle !== null}
      title={vehicle ? `修改订阅 · ${vehicle.plateNumber}` : '修改订阅'}
      width={480}
      saving={update.isPending}
      form={form}
      name="subscription-edit"
      initialValues={vehicle ? { endDate: dayjs(vehicle.endDate), remark: vehicle.remark } : {}}
      onFinish={(v) =>
        vehicle
          ? update
              .mutateAsync({ id: vehicle.id, startDate: vehicle.startDate, endDate: v.endDate?.format(DAY_FORMAT) ?? '', remark: v.remark ?? '' })
              .catch(() => undefined)
          : undefined
      }
      onCancel={onClose}
      hint={vehicle ? `${vehicle.plateColorLabel}车牌，自 ${vehicle.startDate} 起订阅。延长期限不另扣费。` : null}
    >
      <Form.Item
        name="endDate"
        label="订阅结束日期"
        required
        rules={[
          {
            validator: (_r, v: Dayjs | null | undefined) => {
              const problem = periodProblem([start, v ?? null], today);
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          },
        ]}
        extra={`自开始日期起最长 ${TRANSPORT_LIMITS.maxSubscribeDays} 天`}
      >
        <DatePicker style={{ width: '100%' }} disabledDate={(d) => periodDayDisabled(d, start, today)} />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={remarkRules}>
        <Input.TextArea rows={2} maxLength={TRANSPORT_LIMITS.remarkChars} showCount />
      </Form.Item>
    </FormDialog>
  );
}
