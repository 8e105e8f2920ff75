// /userCenter/dataManage/myAPI/apiTest?id= (spec 02 §2, 接口测试): one purchase of 我的API called
// online from a form; ?id= is the purchase. The gateway's public address is read here, once and
// cached, for the curl command the page shows.
import { catalogApi, parseId } from '@apimarket/contracts';
import type { Metadata } from 'next';
import { serverCallData } from '@/lib/api/server';
import { PurchaseMissing } from '../_components/OnlineHead';
import { ApiTest } from './_components/ApiTest';

export const metadata: Metadata = { title: '接口测试' };

export default async function ApiTestPage({ searchParams }: { searchParams: Promise<{ id?: string | string[] }> }) {
  const raw = (await searchParams).id;
  const purchaseId = parseId(Array.isArray(raw) ? raw[0] : raw);
  if (purchaseId === null) return <PurchaseMissing />;
  const config = await serverCallData(catalogApi.testUrl, {}, { ttl: 3600 });
  // Keyed by the purchase: moving to another one starts from an empty form, not the last answer.
  return <ApiTest key={purchaseId} purchaseId={purchaseId} gatewayUrl={config?.testUrl ?? ''} />;
}
