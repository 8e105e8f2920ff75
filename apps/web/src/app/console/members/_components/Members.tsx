'use client';
// 会员管理: the member list and 半年未登录. The URL's ?tab= is the open tab, so the console
// home's dormant count links straight to the second.
import { useState } from 'react';
import { PageHead, PageTabs } from '@/components/console/ConsoleList';
import shared from '@/components/console/console.module.css';
import { Dormant } from './Dormant';
import { MemberDrawer } from './MemberDrawer';
import { MemberList } from './MemberList';

export function Members() {
  const [openId, setOpenId] = useState<number | null>(null);

  return (
    <>
      <PageHead title="会员管理">
        <span className={shared.sub}>每次修改都会记入操作日志；账号不会被删除。</span>
      </PageHead>
      <PageTabs
        items={[
          { key: 'list', label: '会员列表', children: <MemberList onOpen={setOpenId} /> },
          { key: 'dormant', label: '半年未登录', children: <Dormant onOpen={setOpenId} /> },
        ]}
      />
      <MemberDrawer id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
