// /userCenter/insurance/accessHistory (spec 02 §2, menu code 12; issue #23): 访问记录 — the account's
// scored queries by province on a map of China (车险区域数据), and below it every query of the
// three models, filtered and exported; each row opens its log detail (访问日志).
import type { Metadata } from 'next';
import { Suspense } from 'react';
import panel from '@/components/user-center/panel.module.css';
import { QueryLog } from '../_shared/QueryLog';
import { ZoneCard } from '../_shared/ZoneCard';

export const metadata: Metadata = { title: '访问记录' };

export default function AccessHistoryPage() {
  return (
    <div className={panel.page}>
      <ZoneCard />
      <Suspense fallback={null}>
        <QueryLog kind="history" />
      </Suspense>
    </div>
  );
}
