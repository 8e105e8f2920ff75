'use client';
// 剩余次数预警 (myBuy/earlywarnList, addearlywarning, editEarlywarnStatus): every purchased
// interface with its calls left; a threshold per interface, told once when the calls left fall
// under it, again after a purchase or renewal lifts them back above.
import { alertsApi, RemainingAlertInput, type RemainingAlertRow } from '@apimarket/contracts';
import { App, Button, Card, Empty, Form, Input, type TableColumnsType } from 'antd';
import Link from 'next/link';
import { useState } from 'react';
import { FormDialog } from '@/components/user-center/FormDialog';
import { ListTable, unpaged } from '@/components/user-center/ListTable';
import { serverMessage } from '@/lib/api/errors';
import { useCall, useCallMutation } from '@/lib/api/query';
import { zodRule } from '@/lib/form-rules';
import styles from './alerts.module.css';
import { QUIET, ruleColumns, staleAfterRule, useRuleSwitch } from './shared';

const STALE = staleAfterRule(alertsApi.remainingList);

export function RemainingAlerts() {
  const { message } = App.useApp();
  const list = useCall(alertsApi.remainingList, undefined, QUIET);
  // A refused threshold is shown under its field: no toast.
  const saving = useCallMutation(alertsApi.saveRemaining, { quiet: true, invalidates: STALE });
  const [editing, setEditing] = useState<RemainingAlertRow | null>(null);
  const [form] = Form.useForm<{ threshold: string }>();

  const toggle = useRuleSwitch(alertsApi.remainingStatus, alertsApi.remainingList, list.refetch);

  const save = async ({ threshold }: { threshold: string }) => {
    if (!editing) return;
    try {
      const res = await saving.mutateAsync({
        interfaceId: editing.interfaceId,
        threshold: String(threshold).trim(),
        status: editing.rule?.enabled === false ? '0' : '1',
      });
      message.success(res.msg);
      setEditing(null);
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) form.setFields([{ name: 'threshold', errors: [msg] }]);
    }
  };

  const columns: TableColumnsType<RemainingAlertRow> = [
    { title: '接口', dataIndex: 'interfaceName', key: 'name' },
    { title: '剩余次数', key: 'left', align: 'right', render: (_, r) => r.callsLeft.toLocaleString('zh-CN') },
    {
      title: '低于时提醒',
      key: 'threshold',
      align: 'right',
      render: (_, r) => (r.rule ? `${r.rule.threshold.toLocaleString('zh-CN')} 次` : <span className={styles.muted}>未设置</span>),
    },
    ...ruleColumns<RemainingAlertRow>('剩余次数预警', (r) => r.rule, toggle),
    {
      title: '操作',
      key: 'actions',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setEditing(r)} data-testid={`remaining-set-${r.interfaceId}`}>
          {r.rule ? '修改' : '设置'}
        </Button>
      ),
    },
  ];

  return (
    <Card title="剩余次数预警" data-testid="alert-remaining">
      <ListTable<RemainingAlertRow>
        rowKey="interfaceId"
        columns={columns}
        list={unpaged(list)}
        failedText="剩余次数预警暂时无法读取，请稍后刷新重试"
        scrollX={640}
        empty={
          <Empty description="还没有已购接口：购买套餐后，可在这里为每个接口设置剩余次数提醒">
            <Link href="/userCenter/dataManage/myAPI/purchase">去购买接口</Link>
          </Empty>
        }
      />
      <FormDialog
        open={editing !== null}
        title={`剩余次数预警 · ${editing?.interfaceName ?? ''}`}
        width={420}
        saving={saving.isPending}
        form={form}
        initialValues={{ threshold: editing?.rule ? String(editing.rule.threshold) : '' }}
        onFinish={save}
        onCancel={() => setEditing(null)}
        hint={<>当前剩余 {editing?.callsLeft.toLocaleString('zh-CN')} 次。剩余次数低于该值时提醒一次，续购或续费后回到该值以上再重新计算。</>}
      >
        <Form.Item name="threshold" label="剩余次数低于（次）" rules={[zodRule(RemainingAlertInput.shape.threshold)]}>
          <Input placeholder="如 1000" inputMode="numeric" maxLength={9} aria-label="剩余次数阈值" />
        </Form.Item>
      </FormDialog>
    </Card>
  );
}
