// /userCenter/dataManage/useHistory (spec 02 §2, 调用记录): what the account called, what it cost
// and how it went — trend, distribution by interface, charges and the call detail list. The
// default period's figures are read here on the server (for one interface with ?interfaceId=,
// as 我的API links a purchase); filters change them in the client leaf.
import { type UsageChart, type UsageCharges, type UsageDistribution, UsageRangeInput, type UsageTrends } from '@apimarket/contracts';
import type { Metadata } from 'next';
import { serverData } from '../../../../lib/api/server';
import { UsageHistory } from './_components/UsageHistory';

export const metadata: Metadata = { title: '调用记录' };

export default async function UseHistoryPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const asked = (await searchParams).interfaceId;
  const parsed = UsageRangeInput.safeParse({ interfaceId: typeof asked === 'string' ? asked : undefined });
  const interfaceId = parsed.success ? parsed.data.interfaceId : undefined;
  const session = { method: 'POST', withSession: true, data: { interfaceId: interfaceId ?? '' } } as const;
  const [trends, chart, distribution, charges] = await Promise.all([
    serverData<UsageTrends>('myCallHistory/trends', session),
    serverData<UsageChart>('myAccount/callRecord/callStatisticalChart', session),
    serverData<UsageDistribution>('myCallHistory/distributions', session),
    serverData<UsageCharges>('myCallHistory/chargeSituations', session),
  ]);
  const initial = trends && chart && distribution && charges ? { trends, chart, distribution, charges } : null;
  return <UsageHistory initial={initial} interfaceId={interfaceId} />;
}
