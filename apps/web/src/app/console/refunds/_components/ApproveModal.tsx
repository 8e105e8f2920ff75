'use client';
// 通过退款: what the approval takes back and returns, with an optional lower amount in 元 checked
// by the server's own rule (zodRule cannot express "empty is fine", so the field calls checkField).
import { checkField, formatFen, RefundAmount, yuanToFen } from '@apimarket/contracts';
import { Form, Input } from 'antd';
import { FormDialog } from '@/components/console/FormDialog';

export function ApproveModal({
  open,
  calls,
  maxAmountFen,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  calls: number;
  maxAmountFen: number;
  onCancel: () => void;
  /** The amount typed (元), or '' for the full refundable amount; the dialog stays open when it throws. */
  onSubmit: (amount: string) => Promise<void>;
}) {
  return (
    <FormDialog<{ amount?: string }>
      open={open}
      title="通过退款"
      okText="确认退款"
      intro={`将收回 ${calls.toLocaleString('zh-CN')} 次调用，退回 ¥${formatFen(maxAmountFen)} 至客户账户余额，并通过站内信通知客户。`}
      onCancel={onCancel}
      onSubmit={({ amount }) => onSubmit((amount ?? '').trim())}
    >
      <Form.Item
        name="amount"
        label="退款金额（元，选填）"
        extra={`不填按可退金额 ${formatFen(maxAmountFen)} 元退款；可填写更低的金额`}
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              if (typeof value !== 'string' || value.trim() === '') return;
              const problem = checkField(RefundAmount, value);
              if (problem) throw new Error(problem);
              // The server answers the same words when the amount is more than it may refund.
              if ((yuanToFen(value) ?? 0) > maxAmountFen) throw new Error(`退款金额不能超过可退金额 ${formatFen(maxAmountFen)} 元`);
            },
          },
        ]}
      >
        <Input inputMode="decimal" placeholder={formatFen(maxAmountFen)} prefix="¥" allowClear />
      </Form.Item>
    </FormDialog>
  );
}
