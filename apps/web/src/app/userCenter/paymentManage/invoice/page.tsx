// /userCenter/paymentManage/invoice (issue #19; the spec has no invoice page, so the path sits
// beside myOrder and myRenew under 费用管理): 开票申请 — what may be invoiced, the request form,
// the requests with their state and PDF — and 发票抬头, the company's invoice titles.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Invoices } from './_components/Invoices';

export const metadata: Metadata = { title: '发票管理' };

export default function InvoicePage() {
  // The tab and the list's page are read from the address.
  return (
    <Suspense fallback={null}>
      <Invoices />
    </Suspense>
  );
}
