'use client';
// 内容管理: one tab per kind of public content. The URL's ?tab= is the open tab, so a link can
// open 首页横幅 or 知识库 directly.
import { CONTENT_KIND_LABEL, CONTENT_KINDS, isContentKind } from '@apimarket/contracts';
import { Tabs } from 'antd';
import { usePathname, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import shared from '@/components/console/console.module.css';
import { ContentList } from './ContentList';

export function ContentConsole() {
  const search = useSearchParams();
  const pathname = usePathname();
  const asked = search.get('tab');
  const [active, setActive] = useState(isContentKind(asked) ? asked : 'news');

  return (
    <>
      <div className={shared.pageHead}>
        <h1 className={shared.pageTitle}>内容管理</h1>
        <span className={shared.sub}>新建的内容先存为草稿，预览无误后发布；发布、下线或修改已发布的内容后，公开页面随即刷新。</span>
      </div>
      <Tabs
        activeKey={active}
        onChange={(key) => {
          if (!isContentKind(key)) return;
          setActive(key);
          window.history.replaceState(null, '', key === 'news' ? pathname : `${pathname}?tab=${key}`);
        }}
        destroyOnHidden
        items={CONTENT_KINDS.map((kind) => ({ key: kind, label: CONTENT_KIND_LABEL[kind], children: <ContentList kind={kind} /> }))}
      />
    </>
  );
}
