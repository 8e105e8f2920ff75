// /console/pageViews: first-party page-view counts of the public site (Decision 5); the range
// and the path prefix are in the address.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PageViews } from './_components/PageViews';

export const metadata: Metadata = { title: '页面访问' };

export default function PageViewsPage() {
  return (
    <Suspense fallback={null}>
      <PageViews />
    </Suspense>
  );
}
