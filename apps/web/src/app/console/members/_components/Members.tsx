'use client';
// 会员管理: the member list and 半年未登录. The URL's ?tab= is the open tab, so the console
// home's dormant count links straight to the second.
import { Tabs } from 'antd';
import { usePathname, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import shared from '@/components/console/console.module.css';
import { Dormant } from './Dormant';
import { MemberDrawer } from './MemberDrawer';
import { MemberList } from './MemberList';

export function Members() {
  const search = useSearchParams();
  const pathname = usePathname();
  const active = search.get('tab') === 'dormant' ? 'dormant' : 'list';
  const [openId, setOpenId] = useState<number | null>(null);

  return (
    <>
      <div className={shared.pageHead}>
        <h1 className={shared.pageTitle}>会员管理</h1>
        <span className={shared.sub}>每次修改都会记入操作日志；账号不会被删除。</span>
      </div>
      <Tabs
        activeKey={active}
        onChange={(key) => window.history.replaceState(null, '', key === 'dormant' ? `${pathname}?tab=dormant` : pathname)}
        destroyOnHidden
        items={[
          { key: 'list', label: '会员列表', children: <MemberList onOpen={setOpenId} /> },
          { key: 'dormant', label: '半年未登录', children: <Dormant onOpen={setOpenId} /> },
        ]}
      />
      <MemberDrawer id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
