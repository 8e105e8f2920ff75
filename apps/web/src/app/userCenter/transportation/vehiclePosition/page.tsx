// /userCenter/transportation/vehiclePosition (spec 02 §2, menu code 11; issue #22): 车辆位置 —
// the subscribed vehicles' last positions on a map and in a table, refreshed on demand. The map's
// tiles (none: the offline base map, Decision 11) are a setting of the web process, read here.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { webConfig } from '@/config';
import { VehiclePosition } from './_components/VehiclePosition';

export const metadata: Metadata = { title: '车辆位置' };

export default function VehiclePositionPage() {
  return (
    <Suspense fallback={null}>
      <VehiclePosition tiles={webConfig.map} />
    </Suspense>
  );
}
