'use client';
// Buying from the interface's page (issue: "choose a package → order → pay from balance, or the
// recharge instructions when the balance is short → the purchase appears in 我的API"). Plain
// elements, no antd: this is a public page and must stay light.
import { formatFen, type OrderRow, type PricePackage } from '@apimarket/contracts';
import Link from 'next/link';
import { useState } from 'react';
import { request } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { formatPrice, unitPrice } from '@/lib/catalog';
import { signedInOrLogin } from '@/lib/signed-in';
import { useServerAction } from '@/lib/use-server-action';
import styles from './doc.module.css';

type Step =
  | { kind: 'choose' }
  | { kind: 'confirm'; order: OrderRow; balanceFen: number }
  | { kind: 'paid'; order: OrderRow }
  | { kind: 'blocked'; message: string; href: string; action: string };

export function BuyPanel({ interfaceId, packages }: { interfaceId: number; packages: PricePackage[] }) {
  const [chosen, setChosen] = useState(packages[0]?.id ?? 0);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const { busy, error, run } = useServerAction();

  // Buying needs an authenticated company: that refusal is a step of its own, with the way there.
  const unqualified = (err: unknown) => {
    if (!(err instanceof ApiError && err.code === 'ALL_0060')) return false;
    setStep({ kind: 'blocked', message: '购买接口前请先完成企业认证。', href: '/userCenter/enterpriseAuth', action: '去企业认证' });
    return true;
  };

  const buy = async () => {
    if (!signedInOrLogin(`/api/${interfaceId}`)) return;
    await run(async () => {
      // The declarations (and zod with them) load on the click, not with the page (Decision 158).
      const { billingApi } = await import('@apimarket/contracts');
      const order = await request(billingApi.createOrder, { interfaceId, packageId: chosen });
      const balance = await request(billingApi.balance);
      setStep({ kind: 'confirm', order: order.data, balanceFen: balance.data.balanceFen });
    }, unqualified);
  };

  const pay = (order: OrderRow) =>
    run(async () => {
      const { billingApi } = await import('@apimarket/contracts');
      await request(billingApi.pay, { orderNo: order.orderNo });
      setStep({ kind: 'paid', order });
    }, unqualified);

  // A refusal of the last step, in the server's words, below the step's button.
  const warning = error ? (
    <p className={styles.buyWarn} role="alert">
      {error}
    </p>
  ) : null;

  if (step.kind === 'blocked') {
    return (
      <div className={styles.buyBox} role="status">
        <p>{step.message}</p>
        <Link href={step.href} className={styles.primary}>
          {step.action}
        </Link>
      </div>
    );
  }

  if (step.kind === 'paid') {
    return (
      <div className={styles.buyBox} role="status" data-testid="buy-done">
        <p className={styles.buyOk}>支付成功，已开通 {step.order.calls.toLocaleString('zh-CN')} 次调用。</p>
        <p className={styles.muted}>接口 Key 在「我的API」中查看，用它从您的系统调用本接口。</p>
        <Link href="/userCenter/dataManage/myAPI" className={styles.primary}>
          前往我的API
        </Link>
      </div>
    );
  }

  if (step.kind === 'confirm') {
    const { order, balanceFen } = step;
    const short = balanceFen < order.priceFen;
    return (
      <div className={styles.buyBox} data-testid="buy-confirm">
        <dl className={styles.buyFacts}>
          <dt>订单号</dt>
          <dd>{order.orderNo}</dd>
          <dt>套餐</dt>
          <dd>
            {order.calls.toLocaleString('zh-CN')} 次 · 有效期 {order.validityDays} 天
          </dd>
          <dt>应付金额</dt>
          <dd className={styles.pkgPrice}>¥{formatFen(order.priceFen)}</dd>
          <dt>账户余额</dt>
          <dd>¥{formatFen(balanceFen)}</dd>
        </dl>
        {short ? (
          <>
            <p className={styles.buyWarn} role="alert">
              账户余额不足，请先通过对公转账充值；到账后可在「我的订单」中继续支付本订单。
            </p>
            <Link href="/userCenter/paymentManage/myOrder?tab=recharge" className={styles.primary}>
              去充值
            </Link>
          </>
        ) : (
          <button type="button" className={styles.primary} disabled={busy} onClick={() => void pay(order)}>
            确认支付
          </button>
        )}
        {warning}
      </div>
    );
  }

  return (
    <>
      <fieldset className={styles.pkgList}>
        <legend className="visually-hidden">选择套餐</legend>
        {packages.map((p) => (
          <label key={p.id} className={p.id === chosen ? styles.pkgOn : styles.pkg}>
            <input type="radio" name="package" className="visually-hidden" checked={p.id === chosen} onChange={() => setChosen(p.id)} />
            <span className={styles.calls}>{p.calls.toLocaleString('zh-CN')} 次</span>
            <span className={styles.pkgPrice}>{formatPrice(p.priceFen)}</span>
            <span className={styles.pkgMeta}>
              {unitPrice(p)} · 有效期 {p.validityDays} 天
            </span>
          </label>
        ))}
      </fieldset>
      <button type="button" className={`${styles.primary} ${styles.buyButton}`} disabled={busy} onClick={() => void buy()}>
        立即购买
      </button>
      {warning}
    </>
  );
}
