// /userCenter/transportation/geofenceManage (spec 02 §2, menu code 11; issue #22): 电子围栏 —
// circles and polygons drawn on the map or typed in, bound to subscribed vehicles, and their
// entries and exits computed from the vehicles' tracks. The map's tiles are the web's setting.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { webConfig } from '@/config';
import { GeofenceManage } from './_components/GeofenceManage';

export const metadata: Metadata = { title: '电子围栏' };

export default function GeofenceManagePage() {
  return (
    <Suspense fallback={null}>
      <GeofenceManage tiles={webConfig.map} />
    </Suspense>
  );
}
