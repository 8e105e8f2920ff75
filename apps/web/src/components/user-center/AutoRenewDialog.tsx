'use client';
// 自动续费 of one purchase: choose a package of its interface (api/getInterfacePackageList);
// when the calls run out or the purchase expires, the platform buys it again from the balance.
// Used on 我的API and on /userCenter/paymentManage/myRenew.
import { formatFen, purchasesApi } from '@apimarket/contracts';
import { Alert, App, Form, Modal, Radio, Spin } from 'antd';
import { useState } from 'react';
import { serverMessage } from '@/lib/api/errors';
import { useCall, useCallMutation } from '@/lib/api/query';
import { PAYMENT_CHANGES } from './payment-calls';
import styles from './renew.module.css';

export interface RenewTarget {
  id: number;
  interfaceId: number;
  interfaceName: string;
  /** The package it renews with now, or null when renewal is off. */
  packageId: number | null;
  /** The package last bought for the interface (myBuy/getAutomaticBuy), when the opener knows it. */
  lastPackageId?: number | null;
}

export function AutoRenewDialog({ target, onClose, onDone }: { target: RenewTarget | null; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const [picked, setPicked] = useState<{ target: RenewTarget; packageId: number } | null>(null);
  const [refused, setRefused] = useState<{ target: RenewTarget; msg: string } | null>(null);
  const loaded = useCall(purchasesApi.packages, { interfaceId: target?.interfaceId ?? 0 }, { enabled: target !== null, quiet: true });
  // A package list that cannot be read shows as none on sale, as before.
  const packages = loaded.isError ? [] : (loaded.data?.rows ?? null);
  // Renewal spends the customer's money: never guess a package for them. Preselect the one it
  // renews with now, else the one they last bought, each only while on sale; otherwise nothing,
  // and the button waits for a choice.
  const onSale = (id: number | null | undefined) => (id != null && packages?.some((p) => p.id === id) ? id : null);
  const preselected = onSale(target?.packageId) ?? onSale(target?.lastPackageId);
  const packageId = picked?.target === target ? picked.packageId : preselected;
  const hint = picked?.target === target || packageId === null ? null : packageId === target?.packageId ? '当前续费套餐' : '已选中您上次购买的套餐';
  const enabling = useCallMutation(purchasesApi.enableAutoRenew, {
    quiet: true,
    // Turning it on for a used-up or expired purchase renews at once, from the balance.
    invalidates: PAYMENT_CHANGES,
    onSuccess: (res) => {
      message.success(res.msg);
      onDone();
    },
  });

  const save = () => {
    if (!target || packageId === null) return;
    setRefused(null);
    enabling.mutateAsync({ id: target.id, packageId }).catch((err: unknown) => {
      const msg = serverMessage(err);
      if (msg) setRefused({ target, msg });
    });
  };

  return (
    <Modal
      open={target !== null}
      title={`自动续费 · ${target?.interfaceName ?? ''}`}
      onCancel={onClose}
      onOk={save}
      okText="开启自动续费"
      cancelText="取 消"
      okButtonProps={{ loading: enabling.isPending, disabled: packageId === null }}
      width={560}
    >
      <Alert
        type="info"
        showIcon
        title="调用次数用完或到期时，平台自动从账户余额购买所选套餐"
        description="续费生成一笔已支付订单并发送站内信；余额不足时不会续费，仅提醒一次，充值后自动重试。"
        style={{ marginBottom: 16 }}
      />
      {refused && refused.target === target ? <Alert type="error" showIcon title={refused.msg} style={{ marginBottom: 16 }} /> : null}
      {packages === null ? (
        <Spin />
      ) : packages.length === 0 ? (
        <Alert type="warning" showIcon title="该接口暂无在售套餐，无法开启自动续费" />
      ) : (
        <Form layout="vertical">
          <Form.Item label="续费套餐" extra={hint ?? (packageId === null ? '请选择续费套餐' : undefined)}>
            <Radio.Group
              value={packageId}
              onChange={(e) => target && setPicked({ target, packageId: Number(e.target.value) })}
              className={styles.packages}
              aria-label="续费套餐"
            >
              {packages.map((p) => (
                <Radio key={p.id} value={p.id} className={styles.package}>
                  {p.calls.toLocaleString('zh-CN')} 次 / {p.validityDays} 天 · ¥{formatFen(p.priceFen)}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
