// /userCenter/dataManage/useHistory (spec 02 §2, 调用记录): what the account called, what it cost
// and how it went — trend, distribution by interface, charges and the call detail list. The
// figures of the address's filter (the default period, or one interface with ?interfaceId= as
// 我的API links a purchase) are read here on the server; filters change them in the client leaf.
import { usageApi } from '@apimarket/contracts';
import type { Metadata } from 'next';
import { serverCallData } from '@/lib/api/server';
import { UsageHistory } from './_components/UsageHistory';
import { usageFilter } from './_components/usage-filter';

export const metadata: Metadata = { title: '调用记录' };

export default async function UseHistoryPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const asked = await searchParams;
  const filter = usageFilter((key) => {
    const value = asked[key];
    return typeof value === 'string' ? value : undefined;
  });
  const session = { withSession: true } as const;
  const [trends, chart, distribution, charges] = await Promise.all([
    serverCallData(usageApi.trends, filter, session),
    serverCallData(usageApi.chart, filter, session),
    serverCallData(usageApi.distribution, filter, session),
    serverCallData(usageApi.charges, filter, session),
  ]);
  const initial = trends && chart && distribution && charges ? { trends, chart, distribution, charges } : null;
  return <UsageHistory initial={initial} />;
}
