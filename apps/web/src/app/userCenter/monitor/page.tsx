// /userCenter/monitor (接口监控, issue #23): how each interface the account can call fared over
// the last hour, day or week — availability, latency, error rate — and the platform's view of
// its upstream. The hour is read here on the server; the window switch and the detail drawer
// read in the client leaf.
import { monitorApi } from '@apimarket/contracts';
import type { Metadata } from 'next';
import { serverCallData } from '@/lib/api/server';
import { Monitor } from './_components/Monitor';

export const metadata: Metadata = { title: '接口监控' };

export default async function MonitorPage() {
  const initial = await serverCallData(monitorApi.overview, { window: 'hour', scope: 'own' }, { withSession: true });
  return <Monitor initial={initial} />;
}
