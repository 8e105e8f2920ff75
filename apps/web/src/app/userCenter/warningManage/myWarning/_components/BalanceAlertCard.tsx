'use client';
// 余额预警 (UserCenter/GetMyAccountAlert, SaveMyAccountAlert): the balance now, the amount under
// which the account is told, the switch, and the dialog that sets the amount (元, two decimals).
import { type BalanceAlertView, BalanceAlertInput, fenToYuanInput, formatFen } from '@apimarket/contracts';
import { App, Button, Card, Empty, Form, Input, Modal, Skeleton, Switch } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { request } from '../../../../../lib/api/client';
import { serverMessage } from '../../../../../lib/api/errors';
import { zodRule } from '../../../../../lib/form-rules';
import styles from './alerts.module.css';
import { RuleState, useRulesChanged } from './shared';

export function BalanceAlertCard() {
  const { message } = App.useApp();
  const { changed } = useRulesChanged();
  const [view, setView] = useState<BalanceAlertView | null | 'failed'>(null);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ amount: string }>();

  const load = useCallback(async () => {
    try {
      setView((await request<{ data: BalanceAlertView }>('UserCenter/GetMyAccountAlert', { silent: true })).data);
    } catch {
      setView('failed');
    }
  }, []);
  useEffect(() => void load(), [load]);

  const save = async (amount: string, status: boolean) => {
    setSaving(true);
    try {
      const res = await request<{ msg: string; data: BalanceAlertView }>('UserCenter/SaveMyAccountAlert', { data: { amount, status: status ? '1' : '0' } });
      setView(res.data);
      message.success(res.msg);
      setEditing(false);
      changed();
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) editing ? form.setFields([{ name: 'amount', errors: [msg] }]) : message.error(msg);
    } finally {
      setSaving(false);
    }
  };

  const rule = view && view !== 'failed' ? view.rule : null;
  const open = () => {
    form.setFieldsValue({ amount: rule ? fenToYuanInput(rule.thresholdFen) : '' });
    setEditing(true);
  };

  return (
    <Card title="余额预警" data-testid="alert-balance">
      {view === null ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : view === 'failed' ? (
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
                loading={saving}
                checkedChildren="开"
                unCheckedChildren="关"
                aria-label="余额预警开关"
                onChange={(on) => void save(fenToYuanInput(rule.thresholdFen), on)}
              />
            ) : null}
            <Button type={rule ? 'default' : 'primary'} onClick={open}>
              {rule ? '修改阈值' : '设置余额预警'}
            </Button>
          </div>
        </div>
      )}
      <Modal
        open={editing}
        title="余额预警"
        width={420}
        okText="保 存"
        cancelText="取 消"
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setEditing(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => void save(v.amount.trim(), rule?.enabled ?? true)} preserve={false}>
          <p className={styles.hint}>账户余额低于该金额时提醒一次，充值后余额回到该金额以上再重新计算。</p>
          <Form.Item name="amount" label="余额低于（元）" rules={[zodRule(BalanceAlertInput.shape.amount)]}>
            <Input placeholder="如 500.00" inputMode="decimal" suffix="元" maxLength={12} aria-label="预警金额" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
