// /userCenter/dataManage/myAPI/applyBatch?id= (spec 02 §2, 批量查询): one purchase of 我的API
// queried for every row of an uploaded sheet; ?id= is the purchase.
import { parseId } from '@apimarket/contracts';
import type { Metadata } from 'next';
import { PurchaseMissing } from '../_components/OnlineHead';
import { ApplyBatch } from './_components/ApplyBatch';

export const metadata: Metadata = { title: '批量查询' };

export default async function ApplyBatchPage({ searchParams }: { searchParams: Promise<{ id?: string | string[] }> }) {
  const raw = (await searchParams).id;
  const purchaseId = parseId(Array.isArray(raw) ? raw[0] : raw);
  if (purchaseId === null) return <PurchaseMissing />;
  // Keyed by the purchase: another one starts with its own jobs, not the last one's.
  return <ApplyBatch key={purchaseId} purchaseId={purchaseId} />;
}
