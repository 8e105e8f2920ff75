// /userCenter/insurance/accessHistoryLog?id= (spec 02 §2, menu code 12; issue #23): 访问日志 — one
// model query's log: what was sent (personal data masked), what the interface answered, the
// receipt, and the result as the model's own screen shows it.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { webConfig } from '@/config';
import { AccessLog } from './_components/AccessLog';

export const metadata: Metadata = { title: '访问日志' };

export default function AccessHistoryLogPage() {
  return (
    <Suspense fallback={null}>
      <AccessLog tiles={webConfig.map} />
    </Suspense>
  );
}
