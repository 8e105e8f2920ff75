// /api/{id}: an interface's documentation page, regenerated in the background every 5 minutes
// rather than rendered per request. Unknown and non-numeric ids get the 404 page.
import { catalogApi, parseId } from '@apimarket/contracts';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { serverCallDetail } from '@/lib/api/server';
import { InterfaceDocPage } from './_components/InterfaceDocPage';

export const revalidate = 300;
export async function generateStaticParams() {
  return []; // every id is rendered on its first visit, then kept
}

async function load(rawId: string) {
  const id = parseId(rawId);
  if (id === null) notFound();
  return serverCallDetail(catalogApi.detail, { id }, { ttl: 300 });
}

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const d = await load((await params).id);
  return { title: `${d.interfaceName} - ${d.categoryName}`, description: d.summary, alternates: { canonical: `/api/${d.id}` } };
}

export default async function InterfacePage({ params }: { params: Promise<{ id: string }> }) {
  const d = await load((await params).id);
  return <InterfaceDocPage d={d} />;
}
