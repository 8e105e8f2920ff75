// /console/recharges: declared bank transfers (Decision 7) — confirm one against the bank
// statement to credit the member's balance once, or reject it with a reason.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { RechargeQueue } from './_components/RechargeQueue';

export const metadata: Metadata = { title: '充值确认' };

export default function RechargesPage() {
  // The queue reads its tab, keyword and page from the address.
  return (
    <Suspense fallback={null}>
      <RechargeQueue />
    </Suspense>
  );
}
