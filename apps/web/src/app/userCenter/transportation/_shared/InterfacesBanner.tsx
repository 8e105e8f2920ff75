'use client';
// Which vehicle interfaces the account has (subscribeCarInfo/checkApplyInterface): 车辆实时位置
// feeds subscriptions and positions, 车辆轨迹查询 the tracks and the fence checks. Every vehicle
// screen says it at the top, and when neither is usable shows the way to buy them instead.
import { TRANSPORT_MSG, transportApi, type VehicleInterfaceState } from '@apimarket/contracts';
import { Button, Skeleton, Space, Tag, Tooltip } from 'antd';
import Link from 'next/link';
import { EmptyState } from '@/components/user-center/ListTable';
import { useCall } from '@/lib/api/query';
import styles from './transport.module.css';
import { buyHref, interfaceHref } from './vehicle-words';

const USE: Record<VehicleInterfaceState['role'], string> = {
  position: '订阅车辆、查看车辆位置',
  trajectory: '轨迹回放、电子围栏核查',
};

export function useVehicleInterfaces() {
  const q = useCall(transportApi.interfaces, undefined, { quiet: true });
  const data = q.data?.data;
  const byRole = (role: VehicleInterfaceState['role']) => data?.interfaces.find((i) => i.role === role);
  return {
    loading: q.isPending,
    failed: q.isError && !data,
    ready: data?.ready ?? false,
    interfaces: data?.interfaces ?? [],
    plateInterfaces: data?.plateInterfaces ?? [],
    byRole,
  };
}

/** One line per interface: bought and usable (with the calls left), or the way to buy it. */
export function InterfacesBanner({ needs }: { needs?: VehicleInterfaceState['role'] }) {
  const vi = useVehicleInterfaces();
  if (vi.loading) return <Skeleton.Input active block className={styles.bannerSkeleton} />;
  if (vi.failed) return null;
  return (
    <ul className={styles.banner} data-testid="vehicle-interfaces">
      {vi.interfaces.map((i) => (
        <li key={i.interfaceId} className={i.role === needs && !i.usable ? `${styles.bannerItem} ${styles.bannerWant}` : styles.bannerItem}>
          <span className={styles.bannerName}>
            <Link href={interfaceHref(i.interfaceId)}>{i.interfaceName}</Link>
            <span className={styles.bannerUse}>{USE[i.role]}</span>
          </span>
          <InterfaceState state={i} />
        </li>
      ))}
    </ul>
  );
}

function InterfaceState({ state }: { state: VehicleInterfaceState }) {
  if (state.usable) {
    return (
      <Space size={4} wrap>
        <Tag color="success">可用</Tag>
        <span className={styles.bannerCalls} data-testid={`vehicle-interface-${state.interfaceId}-left`}>
          剩余 {state.callsLeft.toLocaleString('zh-CN')} 次
        </span>
      </Space>
    );
  }
  const bought = state.purchaseId !== null;
  return (
    <Space size={4} wrap>
      {bought ? (
        <Tooltip title={state.reason}>
          <Tag color="warning">{state.reason || '不可用'}</Tag>
        </Tooltip>
      ) : (
        <Tag>未购买</Tag>
      )}
      <Link href={buyHref(state.interfaceId)} className={styles.bannerBuy}>
        {bought ? '续购' : '去购买'}
      </Link>
    </Space>
  );
}

/**
 * The screen's place when the account cannot use the tools yet: names the interfaces it needs,
 * what each is for, and links to buy them.
 */
export function NeedInterfaces({ title, text }: { title?: string; text?: string }) {
  const vi = useVehicleInterfaces();
  return (
    <EmptyState
      testId="vehicle-need-interfaces"
      title={title ?? TRANSPORT_MSG.needInterfaces}
      text={
        text ??
        '车辆工具的每项数据都来自您已购接口的真实调用：「车辆实时位置」用于订阅车辆和查看最新位置，「车辆轨迹查询」用于轨迹回放和电子围栏进出核查，按接口计费规则扣减调用次数。'
      }
      action={
        <Space wrap className={styles.needActions}>
          {vi.interfaces
            .filter((i) => !i.usable)
            .map((i) => (
              <Link key={i.interfaceId} href={buyHref(i.interfaceId)}>
                <Button type={i.role === 'position' ? 'primary' : 'default'}>购买{i.interfaceName}</Button>
              </Link>
            ))}
        </Space>
      }
    />
  );
}
