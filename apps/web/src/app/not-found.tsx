// Unknown routes (spec 01 §2.3): HTTP 404, the message, 3 s, then home. Next shows it inside the
// layout of the segment that called notFound() (public paths: the site's header and footer, see
// (site)/[...missing]), so it opens no <main> of its own.
import type { Metadata } from 'next';
import { StatusPage } from '../components/status/StatusPage';

export const metadata: Metadata = { title: '页面不存在', robots: { index: false } };

export default function NotFound() {
  return <StatusPage status={404} message="很抱歉，您访问的页面找不到了" hint="This page could not be found" inLayout />;
}
