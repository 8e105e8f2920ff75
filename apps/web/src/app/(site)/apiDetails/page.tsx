// /apiDetails?id=: the same documentation as /api/{id}, which is its canonical address.
import { catalogApi, parseId } from '@apimarket/contracts';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { serverCallDetail } from '@/lib/api/server';
import { InterfaceDocPage } from '../api/[id]/_components/InterfaceDocPage';

async function load(raw: string | undefined) {
  const id = parseId(raw);
  if (id === null) notFound();
  return serverCallDetail(catalogApi.detail, { id }, { ttl: 300 });
}

export async function generateMetadata({ searchParams }: { searchParams: Promise<{ id?: string }> }): Promise<Metadata> {
  const d = await load((await searchParams).id);
  return { title: `${d.interfaceName} - ${d.categoryName}`, description: d.summary, alternates: { canonical: `/api/${d.id}` } };
}

export default async function ApiDetailsPage({ searchParams }: { searchParams: Promise<{ id?: string }> }) {
  return <InterfaceDocPage d={await load((await searchParams).id)} />;
}
