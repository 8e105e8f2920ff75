'use client';
// The balance on top; tabs for orders, recharges, the account's ledger and its monthly statement
// (?tab=orders|recharge|ledger|statement), and for a main account its sub-accounts' calls
// (?tab=subConsume). Each tab keeps its page and filters in the address beside the tab, so a view
// can be bookmarked or shared. ?tab=consume (the old 消费记录) lands on the ledger that replaced it.
import { billingApi, formatFen } from '@apimarket/contracts';
import { Card, Statistic, Tabs } from 'antd';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import panel from '@/components/user-center/panel.module.css';
import { useUserCenter } from '@/components/user-center/UserCenterContext';
import { useCall } from '@/lib/api/query';
import { LedgerTab } from './LedgerTab';
import { OrdersTab } from './OrdersTab';
import { RechargeTab } from './RechargeTab';
import { StatementTab } from './StatementTab';
import { SubConsumeTab } from './SubConsumeTab';

const TABS = ['orders', 'recharge', 'ledger', 'statement', 'subConsume'] as const;
type Tab = (typeof TABS)[number];

export function Billing() {
  const { user } = useUserCenter();
  const isMain = user.parentNickname === '';
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  // Old links (and bookmarks) to 消费记录 open 账户流水.
  const key = params.get('tab') === 'consume' ? 'ledger' : params.get('tab');
  const asked = TABS.find((t) => t === key);
  const tab: Tab = asked && (asked !== 'subConsume' || isMain) ? asked : 'orders';
  // Paying an order or a confirmed recharge changes it; those screens load it again.
  const balance = useCall(billingApi.balance, undefined, { silent: true, quiet: true });

  // A tab's page and filters are its own: switching tabs starts the other one afresh.
  const change = (key: string) => router.replace(`${pathname}?tab=${key}`, { scroll: false });

  return (
    <div className={panel.page}>
      <Card>
        <Statistic title="账户余额（元）" value={balance.data ? formatFen(balance.data.data.balanceFen) : '—'} data-testid="balance" />
      </Card>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={change}
          destroyOnHidden
          items={[
            { key: 'orders', label: '我的订单', children: <OrdersTab /> },
            { key: 'recharge', label: '充值', children: <RechargeTab /> },
            { key: 'ledger', label: '账户流水', children: <LedgerTab /> },
            { key: 'statement', label: '对账单', children: <StatementTab /> },
            ...(isMain ? [{ key: 'subConsume', label: '子账号消费', children: <SubConsumeTab /> }] : []),
          ]}
        />
      </Card>
    </div>
  );
}
