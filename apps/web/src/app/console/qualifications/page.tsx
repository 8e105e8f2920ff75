// /console/qualifications: the enterprise authentication queue — review the company and its
// licence, then approve or reject with a reason the member reads.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { QualificationQueue } from './_components/QualificationQueue';

export const metadata: Metadata = { title: '企业认证审核' };

export default function QualificationsPage() {
  // The queue reads its tab, keyword and page from the address.
  return (
    <Suspense fallback={null}>
      <QualificationQueue />
    </Suspense>
  );
}
