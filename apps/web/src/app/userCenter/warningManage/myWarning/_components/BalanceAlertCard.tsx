'use client';
// 余额预警 (UserCenter/GetMyAccountAlert, SaveMyAccountAlert): the balance now, the amount under
// which the account is told, the switch, and the dialog that sets the amount (元, two decimals).
import { alertsApi, BalanceAlertInput, fenToYuanInput, formatFen } from '@apimarket/contracts';
import { App, Button, Card, Empty, Form, Input, Skeleton, Switch } from 'antd';
import { useState } from 'react';
import { FormDialog } from '@/components/user-center/FormDialog';
import { serverMessage } from '@/lib/api/errors';
import { useCall, useCallMutation } from '@/lib/api/query';
import { zodRule } from '@/lib/form-rules';
import styles from './alerts.module.css';
import { QUIET, RuleState, staleAfterRule } from './shared';

export function BalanceAlertCard() {
  const { message } = App.useApp();
  const balance = useCall(alertsApi.balance, undefined, QUIET);
  // The form shows a refusal under its field, the switch as a message: no generic toast.
  const saving = useCallMutation(alertsApi.saveBalance, { quiet: true, invalidates: staleAfterRule(alertsApi.balance) });
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<{ amount: string }>();

  const save = async (amount: string, status: boolean) => {
    try {
      const res = await saving.mutateAsync({ amount, status: status ? '1' : '0' });
      message.success(res.msg);
      setEditing(false);
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) editing ? form.setFields([{ name: 'amount', errors: [msg] }]) : message.error(msg);
    }
  };

  const view = balance.data?.data;
  const rule = view?.rule ?? null;

  return (
    <Card title="余额预警" data-testid="alert-balance">
      {view === undefined && balance.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : view === undefined ? (
        <Empty description="余额预警暂时无法读取，请稍后刷新重试" />
      ) : (
        <div className={styles.balanceRow}>
          <div className={styles.figure}>
            <span className={styles.figureLabel}>当前余额</span>
            <span className={styles.figureValue}>{formatFen(view.balanceFen)} 元</span>
          </div>
          <div className={styles.figure}>
            <span className={styles.figureLabel}>余额低于</span>
            <span className={styles.figureValue}>{rule ? `${formatFen(rule.thresholdFen)} 元` : '未设置'}</span>
          </div>
          {rule ? <RuleState enabled={rule.enabled} fired={rule.fired} /> : null}
          <div className={styles.actions}>
            {rule ? (
              <Switch
                checked={rule.enabled}
                loading={saving.isPending}
                checkedChildren="开"
                unCheckedChildren="关"
                aria-label="余额预警开关"
                onChange={(on) => void save(fenToYuanInput(rule.thresholdFen), on)}
              />
            ) : null}
            <Button type={rule ? 'default' : 'primary'} onClick={() => setEditing(true)}>
              {rule ? '修改阈值' : '设置余额预警'}
            </Button>
          </div>
        </div>
      )}
      <FormDialog
        open={editing}
        title="余额预警"
        width={420}
        saving={saving.isPending}
        form={form}
        initialValues={{ amount: rule ? fenToYuanInput(rule.thresholdFen) : '' }}
        onFinish={(v) => void save(v.amount.trim(), rule?.enabled ?? true)}
        onCancel={() => setEditing(false)}
        hint="账户余额低于该金额时提醒一次，充值后余额回到该金额以上再重新计算。"
      >
        <Form.Item name="amount" label="余额低于（元）" rules={[zodRule(BalanceAlertInput.shape.amount)]}>
          <Input placeholder="如 500.00" inputMode="decimal" suffix="元" maxLength={12} aria-label="预警金额" />
        </Form.Item>
      </FormDialog>
    </Card>
  );
}
