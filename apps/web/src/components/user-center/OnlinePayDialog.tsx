'use client';
// 在线支付 (issue #19): one dialog for a recharge (充值 tab) and for an unpaid order (我的订单, the
// purchase page). It opens the payment, shows the provider's QR code with the amount and a
// countdown, and polls the payment until it is paid (the balance, ledger and orders are read
// again) or its time is up. With the sandbox and the dev tools on, 「模拟支付成功」 has the
// sandbox send its signed notification, as a payer's phone would cause.
import { formatFen, PAYMENT_PROVIDER_LABEL, type PaymentCreated, type PaymentProviderName, paymentsApi } from '@apimarket/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Radio, Result, Skeleton, Space, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PAYMENT_CHANGES } from '@/components/user-center/payment-calls';
import { request } from '@/lib/api/client';
import { serverMessage } from '@/lib/api/errors';
import { callKey, useCall } from '@/lib/api/query';
import styles from './online-pay.module.css';

/** What is paid: a recharge of an amount in 元 (the form checked it), or an unpaid order. */
export type PayTarget =
  | { kind: 'recharge'; amount: string; provider: PaymentProviderName }
  | { kind: 'order'; orderNo: string; amountFen: number; provider?: PaymentProviderName };

const POLL_MS = 2000;

/** The methods this deployment offers (none: bank transfer only). */
export function usePaymentMethods() {
  const loaded = useCall(paymentsApi.methods, undefined, { quiet: true });
  return { methods: loaded.data?.data.methods ?? [], simulate: loaded.data?.data.simulate === true, loading: loaded.isPending };
}

/** `pay(target)` opens the dialog; render `dialog` once in the screen. */
export function useOnlinePay(onPaid?: () => void) {
  const [target, setTarget] = useState<PayTarget | null>(null);
  const dialog = <OnlinePayDialog target={target} onClose={() => setTarget(null)} onPaid={onPaid} />;
  return { pay: setTarget, dialog };
}

function remaining(expiresAt: string, now: number): number {
  return Math.max(0, Math.floor((new Date(expiresAt).getTime() - now) / 1000));
}

const mmss = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

export function OnlinePayDialog({ target, onClose, onPaid }: { target: PayTarget | null; onClose: () => void; onPaid?: () => void }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const { methods, simulate } = usePaymentMethods();
  const [provider, setProvider] = useState<PaymentProviderName | null>(null);
  const [payment, setPayment] = useState<PaymentCreated | null>(null);
  const [creating, setCreating] = useState(false);
  const [refused, setRefused] = useState('');
  const [simulating, setSimulating] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const told = useRef<string | null>(null);
  const started = useRef<PayTarget | null>(null);

  const create = useCallback(async (t: PayTarget, p: PaymentProviderName) => {
    setCreating(true);
    setRefused('');
    setPayment(null);
    try {
      const res =
        t.kind === 'recharge'
          ? await request(paymentsApi.recharge, { amount: t.amount, provider: p })
          : await request(paymentsApi.order, { orderNo: t.orderNo, provider: p });
      setPayment(res.data);
      setNow(Date.now());
    } catch (err) {
      setRefused(serverMessage(err) ?? '支付渠道暂时无法下单，请稍后再试');
    } finally {
      setCreating(false);
    }
  }, []);

  // A target that names its method is opened at once (the recharge form chose it); an order's
  // dialog first asks for the method when there is more than one. Once per target, StrictMode too.
  useEffect(() => {
    if (!target || started.current === target) return;
    started.current = target;
    setPayment(null);
    setRefused('');
    const chosen = target.provider ?? (methods.length === 1 ? methods[0]?.provider : undefined) ?? null;
    setProvider(chosen ?? methods[0]?.provider ?? null);
    if (chosen) void create(target, chosen);
  }, [target, methods, create]);

  const secondsLeft = payment ? remaining(payment.expiresAt, now) : 0;
  const status = useCall(paymentsApi.status, payment ? { paymentNo: payment.paymentNo } : undefined, {
    enabled: payment !== null && secondsLeft > 0,
    refetchInterval: POLL_MS,
    silent: true,
    quiet: true,
  });
  const state = status.data?.data.status ?? payment?.status ?? 'created';
  const paid = state === 'paid';
  const expired = !paid && payment !== null && (state === 'closed' || secondsLeft === 0);

  useEffect(() => {
    if (!payment || paid || expired) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [payment, paid, expired]);

  // Paid: say so once, and have every screen read the balance, the ledger and the orders again.
  useEffect(() => {
    if (!paid || !payment || told.current === payment.paymentNo) return;
    told.current = payment.paymentNo;
    message.success(payment.purpose === 'order' ? '支付成功，订单已完成支付' : `支付成功，${formatFen(payment.amountFen)} 元已充值到账户余额`);
    for (const call of PAYMENT_CHANGES) void client.invalidateQueries({ queryKey: callKey(call) });
    onPaid?.();
  }, [paid, payment, message, client, onPaid]);

  const simulatePaid = async () => {
    if (!payment) return;
    setSimulating(true);
    try {
      await request(paymentsApi.simulatePaid, { paymentNo: payment.paymentNo });
      await status.refetch();
    } catch (err) {
      message.error(serverMessage(err) ?? '模拟支付失败');
    } finally {
      setSimulating(false);
    }
  };

  const close = () => {
    started.current = null;
    setPayment(null);
    setRefused('');
    onClose();
  };

  const amountFen = target ? (target.kind === 'order' ? target.amountFen : (payment?.amountFen ?? null)) : null;

  let body: React.ReactNode;
  if (!target) body = null;
  else if (paid && payment) {
    body = (
      <Result
        status="success"
        title="支付成功"
        subTitle={
          payment.purpose === 'order' ? `订单 ${payment.orderNo} 已支付 ¥${formatFen(payment.amountFen)}` : `¥${formatFen(payment.amountFen)} 已充值到账户余额`
        }
        extra={
          <Button type="primary" onClick={close}>
            完 成
          </Button>
        }
      />
    );
  } else if (expired && payment) {
    body = (
      <Result
        status="warning"
        title="二维码已过期"
        subTitle="本次支付未完成。如已扣款，款项会在几分钟内自动到账，请勿重复支付。"
        extra={
          <Space>
            <Button type="primary" onClick={() => provider && void create(target, provider)}>
              重新获取二维码
            </Button>
            <Button onClick={close}>关 闭</Button>
          </Space>
        }
      />
    );
  } else if (payment) {
    body = (
      <div className={styles.pay} data-testid="online-pay-qr">
        <p className={styles.amount}>
          应付金额 <strong>¥{formatFen(payment.amountFen)}</strong>
        </p>
        {/* biome-ignore lint/performance/noImgElement: a one-off data: QR code drawn by the server */}
        <img className={styles.qr} src={payment.qrDataUrl} alt={`${payment.providerLabel}支付二维码`} width={200} height={200} />
        <p className={styles.hint}>
          请使用{payment.provider === 'wechat' ? '微信' : payment.provider === 'alipay' ? '支付宝' : '手机'}扫码支付，
          <span data-testid="online-pay-countdown">{mmss(secondsLeft)}</span> 后二维码失效
        </p>
        {payment.link ? (
          <a href={payment.link} target="_blank" rel="noreferrer">
            在浏览器中支付
          </a>
        ) : null}
        <Typography.Text type="secondary" className={styles.no}>
          支付单号 {payment.paymentNo}
        </Typography.Text>
        {simulate && payment.provider === 'sandbox' ? (
          <Button onClick={() => void simulatePaid()} loading={simulating}>
            模拟支付成功
          </Button>
        ) : null}
      </div>
    );
  } else if (creating) {
    body = <Skeleton.Image active className={styles.loading} />;
  } else {
    // Choosing the method of an order's payment.
    body = (
      <div className={styles.pay}>
        {amountFen !== null ? (
          <p className={styles.amount}>
            应付金额 <strong>¥{formatFen(amountFen)}</strong>
          </p>
        ) : null}
        {methods.length === 0 ? (
          <Alert type="info" showIcon title="在线支付暂未开通，请使用对公转账充值后以余额支付" />
        ) : (
          <>
            <Radio.Group value={provider} onChange={(e) => setProvider(e.target.value as PaymentProviderName)} aria-label="支付方式">
              {methods.map((m) => (
                <Radio.Button key={m.provider} value={m.provider}>
                  {m.label}
                </Radio.Button>
              ))}
            </Radio.Group>
            <Button type="primary" disabled={!provider} onClick={() => provider && void create(target, provider)}>
              获取支付二维码
            </Button>
          </>
        )}
      </div>
    );
  }

  return (
    <Modal
      open={target !== null}
      title={payment ? `${PAYMENT_PROVIDER_LABEL[payment.provider]} · ${payment.purposeLabel}` : '在线支付'}
      onCancel={close}
      footer={null}
      destroyOnHidden
      width={400}
      mask={{ closable: false }}
    >
      {refused ? <Alert type="error" showIcon title={refused} className={styles.refused} /> : null}
      {body}
    </Modal>
  );
}
