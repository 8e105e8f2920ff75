// /console/leads: the sales inbox — leads from the site's forms and data-compliance audit
// requests (?tab=audit), each followed up, noted and exported to the CRM.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Leads } from './_components/Leads';

export const metadata: Metadata = { title: '销售线索' };

export default function LeadsPage() {
  return (
    <Suspense fallback={null}>
      <Leads />
    </Suspense>
  );
}
