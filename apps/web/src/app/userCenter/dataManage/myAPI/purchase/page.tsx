// /userCenter/dataManage/myAPI/purchase (spec 02 §2, 购买接口): find an interface on sale by name
// and category, choose a package, order and pay it from the balance — or read how to recharge
// when the balance is short — and take the interface's free trial where it has one.
// ?interfaceId= opens with that interface chosen.
import { catalogApi, parseId } from '@apimarket/contracts';
import type { Metadata } from 'next';
import { serverCallData } from '@/lib/api/server';
import { PurchaseFlow } from './_components/PurchaseFlow';

export const metadata: Metadata = { title: '购买接口' };

export default async function PurchasePage({ searchParams }: { searchParams: Promise<{ interfaceId?: string | string[] }> }) {
  const raw = (await searchParams).interfaceId;
  const id = parseId(Array.isArray(raw) ? raw[0] : raw);
  const [categories, detail] = await Promise.all([
    serverCallData(catalogApi.categories, {}, { ttl: 300 }),
    id === null ? Promise.resolve(null) : serverCallData(catalogApi.detail, { id }, { ttl: 300 }),
  ]);
  const initial = detail
    ? { id: detail.id, interfaceName: detail.interfaceName, categoryName: detail.categoryName, summary: detail.summary, trialCalls: detail.trialCalls }
    : null;
  return <PurchaseFlow categories={(categories ?? []).map((c) => ({ id: c.id, categoryName: c.categoryName }))} initial={initial} />;
}
