'use client';
// Recharge by bank transfer (Decision 7): the account to transfer to, the declaration form (the
// same rules as the server), and the declared transfers with their states. The form is offered
// only under an account the page shows: the configured one, or the marked example of a demo
// start; a production start without an account (or an account that cannot be read) offers none.
import {
  billingApi,
  formatFen,
  PaymentRechargeInput,
  type PaymentProviderName,
  RechargeDeclareInput,
  type RechargeRow,
  SUPPORT_HOTLINE,
} from '@apimarket/contracts';
import { Alert, App, Button, Form, Input, Radio, Skeleton, type TableColumnsType, Tag } from 'antd';
import { useOnlinePay, usePaymentMethods } from '@/components/user-center/OnlinePayDialog';
import { BankAccountView } from '@/components/user-center/BankAccountView';
import { ListTable } from '@/components/user-center/ListTable';
import { serverMessage } from '@/lib/api/errors';
import { useCall, useCallMutation, usePagedList } from '@/lib/api/query';
import { zodRule } from '@/lib/form-rules';
import { dateTime } from '@/lib/format';
import styles from './billing.module.css';

const COLOR = { declared: 'processing', confirmed: 'success', rejected: 'error' } as const;

type DeclareValues = { amount: string; transferRef: string; payerName: string };

export function RechargeTab() {
  const { message } = App.useApp();
  const [form] = Form.useForm<DeclareValues>();
  const loaded = useCall(billingApi.rechargeAccount, undefined, { quiet: true });
  const account = loaded.data?.data ?? null;
  const list = usePagedList(billingApi.recharges, { inUrl: true, pageSize: 50, quiet: true });
  // A refusal is shown at the field it concerns, not as a toast.
  const declaring = useCallMutation(billingApi.declareRecharge, {
    quiet: true,
    invalidates: [billingApi.recharges],
    onSuccess: (res) => {
      message.success(res.msg);
      form.resetFields();
    },
  });

  const declare = (values: DeclareValues) =>
    declaring.mutateAsync(values).catch((err: unknown) => {
      const msg = serverMessage(err);
      if (msg) form.setFields([{ name: msg.includes('流水号') ? 'transferRef' : 'amount', errors: [msg] }]);
    });

  const columns: TableColumnsType<RechargeRow> = [
    { title: '申请时间', key: 'createdAt', render: (_, r) => dateTime(r.createdAt) },
    { title: '金额（元）', key: 'amount', render: (_, r) => formatFen(r.amountFen) },
    { title: '转账流水号', dataIndex: 'transferRef', key: 'transferRef' },
    { title: '付款账户', dataIndex: 'payerName', key: 'payerName' },
    {
      title: '状态',
      key: 'status',
      render: (_, r) => (
        <span>
          <Tag color={COLOR[r.status]}>{r.statusLabel}</Tag>
          {r.reason ? <span className={styles.reason}>{r.reason}</span> : null}
        </span>
      ),
    },
  ];

  const open = account?.open === true;
  return (
    <div className={styles.recharge}>
      <OnlineRecharge />
      <section>
        <h3 className={styles.subtitle}>对公转账 · 第一步：转账到平台账户</h3>
        {account ? (
          <BankAccountView account={account} title="收款账户" />
        ) : loaded.isError ? (
          <Alert
            type="warning"
            showIcon
            title="收款账户暂时无法加载，请稍后刷新重试"
            description={`在看到收款账户前请勿转账；如需帮助，请致电 ${SUPPORT_HOTLINE}。`}
          />
        ) : (
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        )}
        {open ? <p className={styles.hint}>请使用已认证企业的对公账户转账，转账备注填写您的登录账号，便于快速核对。</p> : null}
      </section>
      {open ? (
        <section>
          <h3 className={styles.subtitle}>对公转账 · 第二步：提交充值申请</h3>
          <Form form={form} layout="vertical" onFinish={declare} className={styles.form}>
            <Form.Item label="转账金额（元）" name="amount" rules={[zodRule(RechargeDeclareInput.shape.amount)]} required>
              <Input inputMode="decimal" placeholder="如 5000 或 5000.50" maxLength={12} />
            </Form.Item>
            <Form.Item label="银行转账流水号" name="transferRef" rules={[zodRule(RechargeDeclareInput.shape.transferRef)]} required>
              <Input placeholder="网银回单上的交易流水号" maxLength={64} />
            </Form.Item>
            <Form.Item label="付款账户名称" name="payerName" rules={[zodRule(RechargeDeclareInput.shape.payerName)]} required>
              <Input placeholder="与营业执照一致的企业名称" maxLength={100} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={declaring.isPending}>
              提交充值申请
            </Button>
            <p className={styles.hint}>平台核实到账后为您入账，并通过站内信通知您。</p>
          </Form>
        </section>
      ) : null}
      <section>
        <h3 className={styles.subtitle}>充值记录</h3>
        <ListTable<RechargeRow> rowKey="id" columns={columns} list={list} scrollX={720} empty="还没有充值申请" />
      </section>
    </div>
  );
}

type OnlineValues = { amount: string; provider: PaymentProviderName };

/** 在线充值: shown only when the deployment offers a method; the amount has the transfer's rule. */
function OnlineRecharge() {
  const [form] = Form.useForm<OnlineValues>();
  const { methods } = usePaymentMethods();
  const online = useOnlinePay(() => form.resetFields(['amount']));
  if (methods.length === 0) return null;
  return (
    <section data-testid="online-recharge">
      <h3 className={styles.subtitle}>在线充值</h3>
      {/* Named, so its fields' ids (onlineRecharge_amount) differ from the transfer form's and each label finds its own input. */}
      <Form
        name="onlineRecharge"
        form={form}
        layout="vertical"
        className={styles.form}
        initialValues={{ provider: methods[0]?.provider }}
        onFinish={(v: OnlineValues) => online.pay({ kind: 'recharge', amount: v.amount.trim(), provider: v.provider })}
      >
        <Form.Item label="充值金额（元）" name="amount" rules={[zodRule(PaymentRechargeInput.shape.amount)]} required>
          <Input inputMode="decimal" placeholder="如 500 或 500.50" maxLength={12} />
        </Form.Item>
        <Form.Item label="支付方式" name="provider" required>
          <Radio.Group aria-label="支付方式">
            {methods.map((m) => (
              <Radio.Button key={m.provider} value={m.provider}>
                {m.label}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <Button type="primary" htmlType="submit">
          去支付
        </Button>
        <p className={styles.hint}>扫码支付成功后即时到账，可在「账户流水」查看。</p>
      </Form>
      {online.dialog}
    </section>
  );
}
