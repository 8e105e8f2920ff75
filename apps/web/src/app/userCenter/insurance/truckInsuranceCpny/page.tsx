// /userCenter/insurance/truckInsuranceCpny (spec 02 §2, menu code 12; issue #23): 货运车队企业模型 —
// a fleet company scored by name or credit code through 9964. The layout shows the truck-model
// notice instead when the account has bought neither 9963 nor 9964.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { FleetScreen } from './_components/FleetScreen';

export const metadata: Metadata = { title: '货运车队企业模型' };

export default function TruckInsuranceCpnyPage() {
  return (
    <Suspense fallback={null}>
      <FleetScreen />
    </Suspense>
  );
}
