// /console/refunds: refund requests — approving takes the calls back and returns the unused
// share to the member's balance (optionally less); rejecting sends the reason.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { RefundQueue } from './_components/RefundQueue';

export const metadata: Metadata = { title: '退款审核' };

export default function RefundsPage() {
  // The queue reads its tab, keyword and page from the address.
  return (
    <Suspense fallback={null}>
      <RefundQueue />
    </Suspense>
  );
}
