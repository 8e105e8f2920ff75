// /console/payTests: paid test applications — approving debits the test fee from the member's
// balance and opens the test calls; rejecting sends the reason.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PayTestQueue } from './_components/PayTestQueue';

export const metadata: Metadata = { title: '付费测试审批' };

export default function PayTestsPage() {
  // The queue reads its tab, keyword and page from the address.
  return (
    <Suspense fallback={null}>
      <PayTestQueue />
    </Suspense>
  );
}
