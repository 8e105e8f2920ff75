// The documentation page's body with what it needs beside the interface (gateway address,
// related interfaces); used by /api/{id} and /apiDetails?id=.
import { catalogApi, type InterfaceDetail } from '@apimarket/contracts';
import { serverCall, serverCallData } from '@/lib/api/server';
import { InterfaceDoc } from './InterfaceDoc';

export async function InterfaceDocPage({ d }: { d: InterfaceDetail }) {
  const [config, related] = await Promise.all([
    serverCallData(catalogApi.testUrl, {}, { ttl: 3600 }),
    serverCall(catalogApi.search, { categoryId: d.categoryId, pageSize: 6, sortId: 2 }, { ttl: 300 }),
  ]);
  return <InterfaceDoc d={d} gatewayUrl={config?.testUrl ?? ''} related={(related.ok ? related.body.rows : []).filter((r) => r.id !== d.id).slice(0, 5)} />;
}
