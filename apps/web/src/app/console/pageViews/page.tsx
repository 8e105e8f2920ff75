// /console/pageViews: first-party page-view counts of the public site (Decision 5).
import type { Metadata } from 'next';
import { PageViews } from './_components/PageViews';

export const metadata: Metadata = { title: '页面访问' };

export default function PageViewsPage() {
  return <PageViews />;
}
