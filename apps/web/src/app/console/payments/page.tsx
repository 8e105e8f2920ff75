// /console/payments: every online payment (issue #19) with its state, member, provider and trade
// number; 「查询支付状态」 asks the provider and settles one as the query job does.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PaymentList } from './_components/PaymentList';

export const metadata: Metadata = { title: '在线支付' };

export default function PaymentsPage() {
  // The list reads its state filter, keyword and page from the address.
  return (
    <Suspense fallback={null}>
      <PaymentList />
    </Suspense>
  );
}
