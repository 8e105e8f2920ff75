'use client';
// 产品分配: 分配记录 (?tab=assignments, the default) and 子账号统计 (?tab=stats). Each tab keeps its
// page and filters in the address beside the tab; switching tabs starts the other afresh, except
// the sub-account a person was looking at, which follows them across.
import { SUB_MSG } from '@apimarket/contracts';
import { Card, Tabs } from 'antd';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { EmptyState } from '@/components/user-center/ListTable';
import panel from '@/components/user-center/panel.module.css';
import { useUserCenter } from '@/components/user-center/UserCenterContext';
import { AssignmentsTab } from './AssignmentsTab';
import { StatsTab } from './StatsTab';

const TABS = ['assignments', 'stats'] as const;

export function ProductAssignment() {
  const { user } = useUserCenter();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const tab = TABS.find((t) => t === params.get('tab')) ?? 'assignments';

  // A sub-account that follows a link here is told why there is nothing for it, not shown a 403.
  if (user.parentNickname !== '') {
    return (
      <Card>
        <EmptyState title="产品分配由主账号管理" text={SUB_MSG.mainOnly} />
      </Card>
    );
  }

  const change = (key: string) => {
    const sub = params.get('subAccountId');
    const q = new URLSearchParams({ tab: key });
    if (sub) q.set('subAccountId', sub);
    router.replace(`${pathname}?${q.toString()}`, { scroll: false });
  };

  return (
    <div className={panel.page}>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={change}
          destroyOnHidden
          items={[
            { key: 'assignments', label: '分配记录', children: <AssignmentsTab /> },
            { key: 'stats', label: '子账号统计', children: <StatsTab /> },
          ]}
        />
      </Card>
    </div>
  );
}
