// /userCenter/truckInsurance (spec 02 §2, menu code 12; issue #23): 货车险分析 — a truck scored by
// plate through 9963: score and grade, factors, regular driving lines on the map, driving cycles.
// The layout shows the truck-model notice instead when neither 9963 nor 9964 is bought.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { webConfig } from '@/config';
import { VehicleScreen } from '../insurance/_shared/VehicleScreen';

export const metadata: Metadata = { title: '货车险分析' };

export default function TruckInsurancePage() {
  return (
    <Suspense fallback={null}>
      <VehicleScreen kind="truck" tiles={webConfig.map} />
    </Suspense>
  );
}
