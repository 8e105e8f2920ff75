'use client';
// The balance on top; tabs for orders, recharges and spending (?tab=orders|recharge|consume), and
// for a main account its sub-accounts' calls (?tab=subConsume).
import { formatFen } from '@apimarket/contracts';
import { Card, Statistic, Tabs } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useUserCenter } from '../../../../../components/user-center/UserCenterContext';
import { request } from '../../../../../lib/api/client';
import { ConsumeTab } from './ConsumeTab';
import { OrdersTab } from './OrdersTab';
import { RechargeTab } from './RechargeTab';
import { SubConsumeTab } from './SubConsumeTab';
import styles from './billing.module.css';

const TABS = ['orders', 'recharge', 'consume', 'subConsume'] as const;
type Tab = (typeof TABS)[number];

export function Billing() {
  const { user } = useUserCenter();
  const isMain = user.parentNickname === '';
  const [tab, setTab] = useState<Tab>('orders');
  const [balance, setBalance] = useState<number | null>(null);

  const refreshBalance = useCallback(async () => {
    try {
      setBalance((await request<{ data: { balanceFen: number } }>('mytrade/balance', { silent: true })).data.balanceFen);
    } catch {
      setBalance(null);
    }
  }, []);

  useEffect(() => {
    const asked = new URLSearchParams(window.location.search).get('tab');
    if (TABS.some((t) => t === asked) && (asked !== 'subConsume' || isMain)) setTab(asked as Tab);
    void refreshBalance();
  }, [refreshBalance, isMain]);

  const change = (key: string) => {
    setTab(key as Tab);
    const url = new URL(window.location.href);
    url.searchParams.set('tab', key);
    window.history.replaceState(null, '', url);
  };

  return (
    <div className={styles.page}>
      <Card>
        <Statistic title="账户余额（元）" value={balance === null ? '—' : formatFen(balance)} data-testid="balance" />
      </Card>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={change}
          items={[
            { key: 'orders', label: '我的订单', children: <OrdersTab onPaid={refreshBalance} /> },
            { key: 'recharge', label: '充值', children: <RechargeTab /> },
            { key: 'consume', label: '消费记录', children: <ConsumeTab /> },
            ...(isMain ? [{ key: 'subConsume', label: '子账号消费', children: <SubConsumeTab /> }] : []),
          ]}
        />
      </Card>
    </div>
  );
}
