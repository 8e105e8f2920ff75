// /console/suppliers: the companies the platform buys data from and, per interface, the routes by
// which they answer it (area `suppliers`: editors and admins). The chosen interface is in the
// address (?interfaceId=), so a view of its routes can be shared.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Suppliers } from './_components/Suppliers';

export const metadata: Metadata = { title: '供应商与线路' };

export default function SuppliersPage() {
  return (
    <Suspense fallback={null}>
      <Suppliers />
    </Suspense>
  );
}
