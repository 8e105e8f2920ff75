// The documentation page's body with what it needs beside the interface (gateway address,
// related interfaces); used by /api/{id} and /apiDetails?id=.
import { serverData, serverGet } from '../../../../../lib/api/server';
import type { InterfaceCard, InterfaceDetail } from '../../../../../lib/catalog';
import { InterfaceDoc } from './InterfaceDoc';

export async function InterfaceDocPage({ d }: { d: InterfaceDetail }) {
  const [config, related] = await Promise.all([
    serverData<{ testUrl: string }>('api/config/testUrl', { ttl: 3600 }),
    serverGet<{ rows: InterfaceCard[] }>('api/interface/search', { ttl: 300, data: { categoryId: d.categoryId, pageSize: 6, sortId: 2 } }),
  ]);
  return (
    <InterfaceDoc
      d={d}
      gatewayUrl={config?.testUrl ?? ''}
      related={(related?.rows ?? []).filter((r) => r.id !== d.id).slice(0, 5)}
    />
  );
}
