// /userCenter/enterpriseCapacity (spec 02 §2, menu code 10; issue #23): 企业运力 — a logistics
// company's fleet capacity by name or credit code, from one charged call of the purchased
// 企业运力画像 interface, with its charts, and the account's past queries to reopen for nothing.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { EnterpriseCapacity } from './_components/EnterpriseCapacity';

export const metadata: Metadata = { title: '企业运力' };

export default function EnterpriseCapacityPage() {
  // The history's filter and page are read from the address.
  return (
    <Suspense fallback={null}>
      <EnterpriseCapacity />
    </Suspense>
  );
}
