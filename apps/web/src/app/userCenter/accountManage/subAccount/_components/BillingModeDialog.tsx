'use client';
// 计费方式 (accountManagement/saveBillingMode): calls counted against each assigned interface's
// allotment, or a money allotment spent by every charged call. The amount typed replaces what is
// left; the rule and its message are the contract's.
import {
  BILLING_MODE_LABEL,
  type BillingMode,
  BillingModeInput,
  fenToYuanInput,
  formatFen,
  SUB_MSG,
  type SubAccountRow,
  subAccountsApi,
} from '@apimarket/contracts';
import { App, Form, Input, Radio } from 'antd';
import { FormDialog } from '@/components/user-center/FormDialog';
import { useCallMutation } from '@/lib/api/query';
import { zodRule } from '@/lib/form-rules';
import styles from './sub-accounts.module.css';

interface Values {
  billingMode: BillingMode;
  amount?: string;
}

const NOTE: Record<BillingMode, string> = {
  calls: '按分配给它的各接口次数调用，用完即止，费用从主账号的已购套餐中扣除。',
  amount: '在额度内调用所有分配的接口，每次计费调用按套餐单价扣减额度，额度用完即止。',
};

export function BillingModeDialog({ target, onClose }: { target: SubAccountRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch('billingMode', form) ?? target?.billingMode ?? 'calls';
  const saving = useCallMutation(subAccountsApi.saveBillingMode, {
    invalidates: [subAccountsApi.list],
    onSuccess: (res) => {
      message.success(res.msg);
      onClose();
    },
  });

  const submit = (v: Values) => {
    if (!target) return;
    saving.mutate({ id: target.id, billingMode: v.billingMode, ...(v.billingMode === 'amount' ? { amount: (v.amount ?? '').trim() } : {}) });
  };

  const initial: Values = target
    ? { billingMode: target.billingMode, amount: target.billingMode === 'amount' ? fenToYuanInput(target.amountLeftFen) : '' }
    : { billingMode: 'calls', amount: '' };

  return (
    <FormDialog<Values>
      open={target !== null}
      title={`「${target?.loginName ?? ''}」的计费方式`}
      width={520}
      saving={saving.isPending}
      form={form}
      name="sub-billing"
      initialValues={initial}
      onFinish={submit}
      onCancel={onClose}
    >
      <Form.Item name="billingMode" label="计费方式" required>
        <Radio.Group className={styles.choices}>
          {(['calls', 'amount'] as const).map((m) => (
            <Radio key={m} value={m}>
              {BILLING_MODE_LABEL[m]}
              <span className={styles.choiceNote}>{NOTE[m]}</span>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {mode === 'amount' ? (
        <Form.Item
          name="amount"
          label="可用额度"
          required
          rules={[{ required: true, whitespace: true, message: SUB_MSG.amountRequired }, zodRule(BillingModeInput.shape.amount)]}
          extra={
            target?.billingMode === 'amount'
              ? `当前剩余 ${formatFen(target.amountLeftFen)} 元；保存后剩余额度改为所填金额`
              : '从现在起可用的金额，从主账号的已购套餐中按单价计费'
          }
        >
          <Input className={styles.amount} suffix="元" inputMode="decimal" maxLength={11} placeholder="如 5000" />
        </Form.Item>
      ) : null}
    </FormDialog>
  );
}
