// /userCenter/transportation/vehicleManage (spec 02 §2, menu code 11; issue #22): 车辆管理 —
// subscribe trucks by plate and colour, singly or from a sheet, keep the list, and query a
// vehicle with one of the account's vehicle interfaces.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { VehicleManage } from './_components/VehicleManage';

export const metadata: Metadata = { title: '车辆管理' };

export default function VehicleManagePage() {
  // The list's filters and page are read from the address.
  return (
    <Suspense fallback={null}>
      <VehicleManage />
    </Suspense>
  );
}
