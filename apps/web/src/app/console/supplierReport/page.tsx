// /console/supplierReport: what each supplier did and cost per interface over a range of China
// days, the margin it left, and its breakers' changes (area `supplierReport`: admins, editors and
// finance). The range and the supplier are in the address (?from=&to=&supplierId=).
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SupplierReport } from './_components/SupplierReport';

export const metadata: Metadata = { title: '供应商报表' };

export default function SupplierReportPage() {
  return (
    <Suspense fallback={null}>
      <SupplierReport />
    </Suspense>
  );
}
