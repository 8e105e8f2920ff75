'use client';
// 发票管理: two tabs (?tab=apply|titles). A sub-account sees why it cannot invoice instead: the
// money, and so the invoices, are the main account's.
import { Alert, Card, Tabs } from 'antd';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import panel from '@/components/user-center/panel.module.css';
import { useUserCenter } from '@/components/user-center/UserCenterContext';
import { ApplyTab } from './ApplyTab';
import { TitlesTab } from './TitlesTab';

const TABS = ['apply', 'titles'] as const;

export function Invoices() {
  const { user } = useUserCenter();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const tab = TABS.find((t) => t === params.get('tab')) ?? 'apply';

  if (user.parentNickname !== '') {
    return (
      <Card>
        <Alert type="info" showIcon title="子账号不能申请发票" description="发票按企业的消费金额开具，请使用主账号登录后申请。" />
      </Card>
    );
  }

  return (
    <div className={panel.page}>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => router.replace(`${pathname}?tab=${key}`, { scroll: false })}
          destroyOnHidden
          items={[
            { key: 'apply', label: '开票申请', children: <ApplyTab onAddTitle={() => router.replace(`${pathname}?tab=titles`, { scroll: false })} /> },
            { key: 'titles', label: '发票抬头', children: <TitlesTab /> },
          ]}
        />
      </Card>
    </div>
  );
}
