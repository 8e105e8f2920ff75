// /console/audit: every operator action, who did it, and the state before and after.
import type { Metadata } from 'next';
import { AuditLog } from './_components/AuditLog';

export const metadata: Metadata = { title: '操作日志' };

export default function AuditPage() {
  return <AuditLog />;
}
