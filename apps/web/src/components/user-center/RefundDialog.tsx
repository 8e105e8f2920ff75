'use client';
// 申请退款 for one paid order (我的订单) or for what is left of a purchase (我的API): what the refund
// would return now (the server's quote, asked when the dialog opens, issue #19), then the reason
// with the contracts rule. A quote the server refuses shows its words and nothing can be sent; the
// operator decides, and calls used before the decision lower the amount.
import { formatFen, PURCHASE_MSG, purchasesApi, type RefundQuote, refundReasonField } from '@apimarket/contracts';
import { Alert, App, Form, Input, Modal, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
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
  const quote = useQuote(target);

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
      // Nothing is sent before the customer has seen what would come back.
      okButtonProps={{ loading: saving, disabled: quote.state !== 'ready' }}
      width={520}
    >
      <p data-testid="refund-subject">{target?.label}</p>
      <QuoteView quote={quote} rule={target?.kind === 'order' ? ORDER_RULE : PURCHASE_RULE} />
      {refused ? <Alert type="error" showIcon title={refused} style={{ marginBottom: 16 }} data-testid="refund-refused" /> : null}
      <Form<{ reason: string }> form={form} layout="vertical" onFinish={submit} initialValues={{ reason: '' }}>
        <Form.Item label="退款原因" name="reason" rules={[zodRule(refundReasonField)]} extra={PURCHASE_MSG.refundReason}>
          <Input.TextArea rows={3} maxLength={200} showCount aria-label="退款原因" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type Quote = { state: 'loading' } | { state: 'ready'; quote: RefundQuote } | { state: 'refused'; message: string };

/** What the target's refund would return now, asked afresh each time the dialog opens (calls go on being used). */
function useQuote(target: RefundTarget | null): Quote {
  // Kept with the target it answers, so a dialog opened again never shows the last one's amount.
  const [quote, setQuote] = useState<{ for: RefundTarget | null; quote: Quote }>({ for: null, quote: { state: 'loading' } });
  useEffect(() => {
    if (!target) return;
    let live = true;
    const asked =
      target.kind === 'order'
        ? request(purchasesApi.refundOrderQuote, { orderNo: target.orderNo ?? '' }, { silent: true })
        : request(purchasesApi.refundAllQuote, { id: target.purchaseId ?? 0 }, { silent: true });
    asked.then(
      (res) => live && setQuote({ for: target, quote: { state: 'ready', quote: res.data } }),
      (err: unknown) => live && setQuote({ for: target, quote: { state: 'refused', message: serverMessage(err) ?? '暂时无法计算可退金额，请稍后重试' } }),
    );
    return () => {
      live = false;
    };
  }, [target]);
  return quote.for === target ? quote.quote : { state: 'loading' };
}

const ORDER_RULE = '按该订单的单价退还其已购买且尚未使用的调用次数，金额向下取整到分，不超过该订单实付金额；审核通过后收回这些次数，款项退回账户余额。';
const PURCHASE_RULE =
  '退还该接口已购买且尚未使用的全部调用次数，每次按其所属订单的单价计算，金额向下取整到分，不超过实付金额；审核通过后剩余次数清零，款项退回账户余额。';
const NOT_REFUNDED = '付费测试和免费试用的调用次数不退款；审核通过前继续使用的调用会相应减少退款金额，以审核通过时为准。';

/** The amount first, then what it rests on; a refusal in the server's words, with the rule that explains it. */
function QuoteView({ quote, rule }: { quote: Quote; rule: string }) {
  const style = { marginBottom: 16 };
  if (quote.state === 'loading') return <Skeleton active title={false} paragraph={{ rows: 3 }} style={style} />;
  if (quote.state === 'refused') {
    return (
      <Alert
        type="error"
        showIcon
        title={quote.message}
        description={
          <>
            <div>付费测试和免费试用的调用次数不退款。</div>
            <div>{rule}</div>
          </>
        }
        style={style}
        data-testid="refund-quote-refused"
      />
    );
  }
  const { calls, amountFen } = quote.quote;
  return (
    <Alert
      type="info"
      showIcon
      title={<strong>{`可退 ${calls.toLocaleString('zh-CN')} 次调用，预计退回 ¥${formatFen(amountFen)} 至账户余额`}</strong>}
      description={
        <>
          <div>{NOT_REFUNDED}</div>
          <div>{rule}</div>
        </>
      }
      style={style}
      data-testid="refund-quote"
    />
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
