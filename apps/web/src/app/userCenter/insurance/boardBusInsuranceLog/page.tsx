// /userCenter/insurance/boardBusInsuranceLog (spec 02 §2, menu code 12; issue #23): 客车险查询记录 —
// every coach scored through 9965, filtered by plate, grade and period, exported as xlsx.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { QueryLog } from '../_shared/QueryLog';

export const metadata: Metadata = { title: '客车险查询记录' };

export default function BoardBusInsuranceLogPage() {
  return (
    <Suspense fallback={null}>
      <QueryLog kind="bus" />
    </Suspense>
  );
}
