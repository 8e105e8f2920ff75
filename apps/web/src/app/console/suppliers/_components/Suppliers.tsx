'use client';
// 供应商与线路: the suppliers (limits, breaker, last change) and, for the interface chosen in the
// address, its routes. The supplier list loads once here and feeds both cards.
import { consoleSuppliersApi } from '@apimarket/contracts';
import { PageHead } from '@/components/console/ConsoleList';
import { serverMessage } from '@/lib/api/errors';
import { useCall } from '@/lib/api/query';
import { RoutesCard } from './RoutesCard';
import { SuppliersCard } from './SuppliersCard';

export function Suppliers() {
  const list = useCall(consoleSuppliersApi.list, undefined, { quiet: true });
  const suppliers = list.data?.data ?? [];
  const error = list.isError ? (serverMessage(list.error) ?? '供应商列表加载失败，请稍后再试') : null;
  return (
    <>
      <PageHead title="供应商与线路" />
      <SuppliersCard suppliers={suppliers} loading={list.isFetching} error={error} />
      <RoutesCard suppliers={suppliers} />
    </>
  );
}
