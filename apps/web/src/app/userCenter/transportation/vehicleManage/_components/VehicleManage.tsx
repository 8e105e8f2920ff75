'use client';
// 车辆管理: which vehicle interfaces the account has, the form (or sheet) that subscribes
// vehicles, and the list of subscribed vehicles. Without a usable interface the form gives way
// to what to buy; the list stays, since earlier subscriptions are still there.
import panel from '@/components/user-center/panel.module.css';
import { Card } from 'antd';
import { InterfacesBanner, NeedInterfaces, useVehicleInterfaces } from '../../_shared/InterfacesBanner';
import { SubscribeCard } from './SubscribeCard';
import { SubscriptionList } from './SubscriptionList';

export function VehicleManage() {
  const vi = useVehicleInterfaces();
  const position = vi.byRole('position');
  return (
    <div className={panel.page}>
      <InterfacesBanner needs="position" />
      {vi.loading ? null : position?.usable ? (
        <SubscribeCard positionCallsLeft={position.callsLeft} />
      ) : (
        <Card title="订阅车辆">
          <NeedInterfaces
            title={vi.ready ? '订阅车辆需要已购「车辆实时位置」接口' : undefined}
            text={vi.ready ? `订阅时为每辆车调用一次「车辆实时位置」确认车辆在网并计费。${position?.reason ? `当前：${position.reason}。` : ''}` : undefined}
          />
        </Card>
      )}
      <SubscriptionList />
    </div>
  );
}
