// /userCenter/insurance/boardBusInsurance (spec 02 §2, menu code 12; issue #23): 客车险模型 — a
// passenger coach scored by plate through 9965, with its own factors, lines and cycles. The map's
// tiles (none: the offline base map, Decision 11) are read here.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { webConfig } from '@/config';
import { VehicleScreen } from '../_shared/VehicleScreen';

export const metadata: Metadata = { title: '客车险模型' };

export default function BoardBusInsurancePage() {
  return (
    <Suspense fallback={null}>
      <VehicleScreen kind="bus" tiles={webConfig.map} />
    </Suspense>
  );
}
