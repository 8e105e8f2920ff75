// /userCenter/transportation/vehicleTrajectory (spec 02 §2, menu code 11; issue #22): 车辆轨迹 —
// a subscribed vehicle's track over a window of at most 72 hours, played back on the map, with its
// stops, points and fence entries, exported or shared to a phone. ?id= names the vehicle (车辆位置
// links here). The map's tiles (none: the offline base map, Decision 11) are read here.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { webConfig } from '@/config';
import { VehicleTrajectory } from './_components/VehicleTrajectory';

export const metadata: Metadata = { title: '车辆轨迹' };

export default function VehicleTrajectoryPage() {
  return (
    <Suspense fallback={null}>
      <VehicleTrajectory tiles={webConfig.map} />
    </Suspense>
  );
}
