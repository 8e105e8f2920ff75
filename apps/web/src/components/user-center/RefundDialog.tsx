'use client';
// 申请退款 for one paid order (我的订单) or for what is left of a purchase (我的API): the reason,
// with the contracts rule; the server computes the calls and amount, and the operator decides.
import { formatFen, PURCHASE_MSG, purchasesApi, refundReasonField } from '@apimarket/contracts';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { request } from '@/lib/api/client';
import { serverMessage } from '@/lib/api/errors';
import { zodRule } from '@/lib/form-rules';

export interface RefundTarget {
  /** myOrder/refund with orderNo, or myBuy/refundAll with id. */
  kind: 'order' | 'purchase';
  orderNo?: string;
  purchaseId?: number;
  /** What the customer sees the request is about. */
  label: string;
}

export function RefundDialog({ target, onClose, onDone }: { target: RefundTarget | null; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState('');

  const submit = async ({ reason }: { reason: string }) => {
    if (!target) return;
    setSaving(true);
    setRefused('');
    try {
      const res =
        target.kind === 'order'
          ? await request(purchasesApi.refundOrder, { orderNo: target.orderNo ?? '', reason })
          : await request(purchasesApi.refundAll, { id: target.purchaseId ?? 0, reason });
      message.success(`${res.msg}（可退 ${res.data.calls.toLocaleString('zh-CN')} 次，约 ${formatFen(res.data.amountFen)} 元）`);
      form.resetFields();
      onDone();
    } catch (err) {
      const msg = serverMessage(err);
      if (msg) setRefused(msg);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={target !== null}
      title="申请退款"
      onCancel={() => {
        setRefused('');
        onClose();
      }}
      onOk={() => form.submit()}
      okText="提交申请"
      cancelText="取 消"
      okButtonProps={{ loading: saving }}
      width={520}
    >
      <p data-testid="refund-subject">{target?.label}</p>
      <Alert
        type="info"
        showIcon
        title="退款规则"
        description={
          target?.kind === 'order'
            ? '按该订单的单价退还其尚未使用的调用次数（不超过订单次数），金额向下取整到分；审核通过后收回这些次数，款项退回账户余额。'
            : '退还该接口剩余的全部调用次数（付费测试次数除外），按最近支付订单的单价计算，金额向下取整到分；审核通过后剩余次数清零，款项退回账户余额。'
        }
        style={{ marginBottom: 16 }}
      />
      {refused ? <Alert type="error" showIcon title={refused} style={{ marginBottom: 16 }} data-testid="refund-refused" /> : null}
      <Form<{ reason: string }> form={form} layout="vertical" onFinish={submit} initialValues={{ reason: '' }}>
        <Form.Item label="退款原因" name="reason" rules={[zodRule(refundReasonField)]} extra={PURCHASE_MSG.refundReason}>
          <Input.TextArea rows={3} maxLength={200} showCount aria-label="退款原因" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The refund step of a list: `ask(target)` opens the dialog; a request sent closes it and reads the list again. Render `dialog`. */
export function useRefund(reload: () => unknown) {
  const [target, setTarget] = useState<RefundTarget | null>(null);
  const dialog = (
    <RefundDialog
      target={target}
      onClose={() => setTarget(null)}
      onDone={() => {
        setTarget(null);
        void reload();
      }}
    />
  );
  return { ask: setTarget, dialog };
}
