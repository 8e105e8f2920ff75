// A path under /userCenter that is none of spec 02's routes: the 404 page, inside the user
// center's layout (every route of the spec has its own folder, which takes precedence).
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';

export const metadata: Metadata = { title: '页面不存在' };

export default function UnknownUserCenterPage() {
  notFound();
}
