// /userCenter/insurance/truckInsuranceCpnyLog (spec 02 §2, menu code 12; issue #23): 车队模型查询记录 —
// every fleet company scored through 9964, filtered by company, grade and period, exported as xlsx.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { QueryLog } from '../_shared/QueryLog';

export const metadata: Metadata = { title: '车队模型查询记录' };

export default function TruckInsuranceCpnyLogPage() {
  return (
    <Suspense fallback={null}>
      <QueryLog kind="fleet" />
    </Suspense>
  );
}
