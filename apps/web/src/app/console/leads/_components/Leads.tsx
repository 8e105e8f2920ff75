'use client';
// 销售线索: two tabs, the leads and the data-compliance audit requests. The URL's ?tab= is the
// open tab, so a link can open 合规审计申请 directly.
import { PageHead, PageTabs } from '@/components/console/ConsoleList';
import shared from '@/components/console/console.module.css';
import { AuditRequests } from './AuditRequests';
import { LeadInbox } from './LeadInbox';

export function Leads() {
  return (
    <>
      <PageHead title="销售线索">
        <span className={shared.sub}>手机号在列表中脱敏显示；打开详情或导出会看到完整号码，并记入操作日志。</span>
      </PageHead>
      <PageTabs
        items={[
          { key: 'leads', label: '销售线索', children: <LeadInbox /> },
          { key: 'audit', label: '合规审计申请', children: <AuditRequests /> },
        ]}
      />
    </>
  );
}
