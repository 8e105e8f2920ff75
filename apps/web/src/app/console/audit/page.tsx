// /console/audit: every operator action, who did it, and the state before and after; the
// filters live in the address (?actor=&action=&from=…), so a view can be bookmarked or shared.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AuditLog } from './_components/AuditLog';

export const metadata: Metadata = { title: '操作日志' };

export default function AuditPage() {
  return (
    <Suspense fallback={null}>
      <AuditLog />
    </Suspense>
  );
}
