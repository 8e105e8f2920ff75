'use client';
// 自动续费 of one purchase: choose a package of its interface (api/getInterfacePackageList);
// when the calls run out or the purchase expires, the platform buys it again from the balance.
// Used on 我的API and on /userCenter/paymentManage/myRenew.
import { formatFen } from '@apimarket/contracts';
import { Alert, App, Form, Modal, Radio, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { request } from '../../lib/api/client';
import { serverMessage } from '../../lib/api/errors';
import styles from './renew.module.css';

export interface RenewTarget {
  id: number;
  interfaceId: number;
  interfaceName: string;
  packageId: number | null;
}

interface Package {
  id: number;
  calls: number;
  priceFen: number;
  validityDays: number;
}

export function AutoRenewDialog({ target, onClose, onDone }: { target: RenewTarget | null; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const [packages, setPackages] = useState<Package[] | null>(null);
  const [packageId, setPackageId] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState('');

  useEffect(() => {
    if (!target) return;
    setPackages(null);
    setRefused('');
    setPackageId(target.packageId);
    request<{ rows: Package[] }>('api/getInterfacePackageList', { data: { interfaceId: target.interfaceId } })
      .then((r) => {
        setPackages(r.rows);
        if (target.packageId === null && r.rows[0]) setPackageId(r.rows[0].id);
      })
      .catch(() => setPackages([]));
  }, [target]);

  const save = async () => {
    if (!target || packageId === null) return;
    setSaving(true);
    try {
      const res = await request<{ msg: string }>('myBuy/addAutomaticBuy', { data: { id: target.id, packageId } });
      message.success(res.msg);
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
      title={`自动续费 · ${target?.interfaceName ?? ''}`}
      onCancel={onClose}
      onOk={() => void save()}
      okText="开启自动续费"
      cancelText="取 消"
      okButtonProps={{ loading: saving, disabled: packageId === null }}
      width={560}
    >
      <Alert
        type="info"
        showIcon
        title="调用次数用完或到期时，平台自动从账户余额购买所选套餐"
        description="续费生成一笔已支付订单并发送站内信；余额不足时不会续费，仅提醒一次，充值后自动重试。"
        style={{ marginBottom: 16 }}
      />
      {refused ? <Alert type="error" showIcon title={refused} style={{ marginBottom: 16 }} /> : null}
      {packages === null ? (
        <Spin />
      ) : packages.length === 0 ? (
        <Alert type="warning" showIcon title="该接口暂无在售套餐，无法开启自动续费" />
      ) : (
        <Form layout="vertical">
          <Form.Item label="续费套餐">
            <Radio.Group value={packageId} onChange={(e) => setPackageId(Number(e.target.value))} className={styles.packages} aria-label="续费套餐">
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
