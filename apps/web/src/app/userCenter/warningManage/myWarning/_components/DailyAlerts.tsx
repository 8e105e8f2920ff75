'use client';
// 日调用量预警 (myBuy/addDayInvokerAlarm, dayInvokerAlarmList, editDayInvokerAlarmStatus): calls
// of one interface (or all) in a China day above a number; told once a day at most.
import { alertsApi, DailyAlertInput, type DailyAlertRow } from '@apimarket/contracts';
import { App, Button, Card, Empty, Form, Input, Select, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { FormDialog } from '@/components/user-center/FormDialog';
import { ListTable, unpaged } from '@/components/user-center/ListTable';
import { serverMessage } from '@/lib/api/errors';
import { useCall, useCallMutation } from '@/lib/api/query';
import { zodRule } from '@/lib/form-rules';
import { QUIET, ruleColumns, staleAfterRule, useRuleSwitch } from './shared';

interface Values {
  interfaceId: number;
  threshold: string;
}

const STALE = staleAfterRule(alertsApi.dailyList);

export function DailyAlerts() {
  const { message } = App.useApp();
  const list = useCall(alertsApi.dailyList, undefined, QUIET);
  const purchased = useCall(alertsApi.warnInterfaces, undefined, QUIET).data?.rows ?? [];
  // A refusal is shown under its field: no toast.
  const saving = useCallMutation(alertsApi.saveDaily, { quiet: true, invalidates: STALE });
  const [editing, setEditing] = useState<DailyAlertRow | 'new' | null>(null);
  const [form] = Form.useForm<Values>();

  const toggle = useRuleSwitch(alertsApi.dailyStatus, alertsApi.dailyList, list.refetch);

  const save = async (values: Values) => {
    try {
      const enabled = editing && editing !== 'new' ? editing.enabled : true;
      const res = await saving.mutateAsync({ interfaceId: values.interfaceId, threshold: String(values.threshold).trim(), status: enabled ? '1' : '0' });
      message.success(res.msg);
      setEditing(null);
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) form.setFields([{ name: msg.includes('接口') ? 'interfaceId' : 'threshold', errors: [msg] }]);
    }
  };

  const initialValues =
    editing === 'new' || editing === null ? { interfaceId: 0, threshold: '' } : { interfaceId: editing.interfaceId, threshold: String(editing.threshold) };

  const columns: TableColumnsType<DailyAlertRow> = [
    { title: '接口', dataIndex: 'interfaceName', key: 'name' },
    { title: '今日调用', key: 'today', align: 'right', render: (_, r) => r.todayCalls.toLocaleString('zh-CN') },
    { title: '超过时提醒', key: 'threshold', align: 'right', render: (_, r) => `${r.threshold.toLocaleString('zh-CN')} 次` },
    ...ruleColumns<DailyAlertRow>('日调用量预警', (r) => r, toggle),
    {
      title: '操作',
      key: 'actions',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setEditing(r)}>
          修改
        </Button>
      ),
    },
  ];

  return (
    <Card
      title="日调用量预警"
      data-testid="alert-daily"
      extra={
        <Button type="primary" size="small" onClick={() => setEditing('new')}>
          新增预警
        </Button>
      }
    >
      <ListTable<DailyAlertRow>
        rowKey="id"
        columns={columns}
        list={unpaged(list)}
        failedText="日调用量预警暂时无法读取，请稍后刷新重试"
        scrollX={640}
        empty={<Empty description="未设置日调用量预警：某个接口（或全部接口）当天调用超过设定次数时提醒，每天最多一次" />}
      />
      <FormDialog
        open={editing !== null}
        title={editing === 'new' ? '新增日调用量预警' : '修改日调用量预警'}
        width={440}
        saving={saving.isPending}
        form={form}
        initialValues={initialValues}
        onFinish={save}
        onCancel={() => setEditing(null)}
        hint="按中国时间自然日统计调用次数（含失败的调用），超过设定值时提醒一次，次日重新计算。"
      >
        <Form.Item name="interfaceId" label="接口" rules={[zodRule(DailyAlertInput.shape.interfaceId)]}>
          <Select
            disabled={editing !== 'new'}
            aria-label="接口"
            options={[{ value: 0, label: '全部接口' }, ...purchased.map((p) => ({ value: p.interfaceId, label: p.interfaceName }))]}
          />
        </Form.Item>
        <Form.Item name="threshold" label="当日调用超过（次）" rules={[zodRule(DailyAlertInput.shape.threshold)]}>
          <Input placeholder="如 5000" inputMode="numeric" maxLength={9} aria-label="日调用量阈值" />
        </Form.Item>
      </FormDialog>
    </Card>
  );
}
