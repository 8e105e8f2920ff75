// /console/invoices: 发票管理 — invoice requests to issue (number, date, PDF) or reject with a
// reason, and the red invoices refunds after invoicing call for.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { InvoiceQueue } from './_components/InvoiceQueue';

export const metadata: Metadata = { title: '发票管理' };

export default function InvoicesPage() {
  // The queue reads its tab, keyword and page from the address.
  return (
    <Suspense fallback={null}>
      <InvoiceQueue />
    </Suspense>
  );
}
