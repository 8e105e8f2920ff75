'use client';
// Buying from the interface's page (issue: "choose a package → order → pay from balance, or the
// recharge instructions when the balance is short → the purchase appears in 我的API"). Plain
// elements, no antd: this is a public page and must stay light.
import { COOKIE, formatFen, type OrderRow, type PricePackage } from '@apimarket/contracts';
import Link from 'next/link';
import { useState } from 'react';
import { readCookie } from '@/lib/api/build';
import { request } from '@/lib/api/client';
import { ApiError, serverMessage } from '@/lib/api/errors';
import { formatPrice, unitPrice } from '@/lib/catalog';
import styles from './doc.module.css';

type Step =
  | { kind: 'choose' }
  | { kind: 'confirm'; order: OrderRow; balanceFen: number }
  | { kind: 'paid'; order: OrderRow }
  | { kind: 'blocked'; message: string; href: string; action: string };

export function BuyPanel({ interfaceId, packages }: { interfaceId: number; packages: PricePackage[] }) {
  const [chosen, setChosen] = useState(packages[0]?.id ?? 0);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.code === 'ALL_0060') {
      setStep({ kind: 'blocked', message: '购买接口前请先完成企业认证。', href: '/userCenter/enterpriseAuth', action: '去企业认证' });
    } else {
      setError(serverMessage(err) ?? '');
    }
  };

  const buy = async () => {
    if (!readCookie(document.cookie, COOKIE.membershipId)) {
      window.location.assign(`/login?redirect=${encodeURIComponent(`/api/${interfaceId}`)}`);
      return;
    }
    setBusy(true);
    setError('');
    try {
      // The declarations (and zod with them) load on the click, not with the page (Decision 158).
      const { billingApi } = await import('@apimarket/contracts');
      const order = await request(billingApi.createOrder, { interfaceId, packageId: chosen });
      const balance = await request(billingApi.balance);
      setStep({ kind: 'confirm', order: order.data, balanceFen: balance.data.balanceFen });
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  const pay = async (order: OrderRow) => {
    setBusy(true);
    setError('');
    try {
      const { billingApi } = await import('@apimarket/contracts');
      await request(billingApi.pay, { orderNo: order.orderNo });
      setStep({ kind: 'paid', order });
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

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
        {error ? (
          <p className={styles.buyWarn} role="alert">
            {error}
          </p>
        ) : null}
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
      {error ? (
        <p className={styles.buyWarn} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
