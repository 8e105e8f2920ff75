// /case (spec 01 §2.1): customer cases — industry tabs with counts (?industry=), newest first,
// nine to a page (?page=) so the three-column grid ends on a full row.
import { contentApi, INDUSTRIES, parseId } from '@apimarket/contracts';
import type { Metadata } from 'next';
import { ContentColumns } from '@/components/content/Article';
import { FilterTabs } from '@/components/content/FilterTabs';
import { PageBanner } from '@/components/content/PageBanner';
import { PagedContent } from '@/components/content/PagedContent';
import { serverCall, serverCallData } from '@/lib/api/server';
import { textParam, withQuery } from '@/lib/content';

const PAGE_SIZE = 9;
const LEAD = '互联网、保险、交通物流、金融科技与数字政府客户，如何用数据接口解决实名核验、风控与运营难题。';

type Query = { industry?: string | string[]; page?: string | string[] };

export async function generateMetadata({ searchParams }: { searchParams: Promise<Query> }): Promise<Metadata> {
  const industry = textParam((await searchParams).industry);
  const known = (INDUSTRIES as readonly string[]).includes(industry);
  return {
    title: known ? `${industry}行业案例 - 客户案例` : '客户案例',
    description: known ? `数据API市场${industry}行业客户案例：业务挑战、解决方案与实施成效。` : `数据API市场客户案例：${LEAD}`,
    alternates: { canonical: withQuery('/case', { industry: known ? industry : null }) },
  };
}

export default async function CasesPage({ searchParams }: { searchParams: Promise<Query> }) {
  const q = await searchParams;
  const industry = textParam(q.industry);
  const page = parseId(q.page) ?? 1;

  const [industries, listed] = await Promise.all([
    serverCallData(contentApi.caseIndustries, {}, { ttl: 60 }),
    serverCall(contentApi.cases, { industry: industry || undefined, pageNum: page, pageSize: PAGE_SIZE }, { ttl: 60 }),
  ]);
  const result = listed.ok ? listed.body : null;
  const all = (industries ?? []).reduce((n, i) => n + i.count, 0);
  const href = (patch: { industry?: string | null; page?: number | null }) => withQuery('/case', { industry, page: null, ...patch });

  return (
    <>
      <PageBanner
        eyebrow="CUSTOMER CASES"
        title={industry && industries?.some((i) => i.industry === industry) ? `${industry}行业案例` : '客户案例'}
        lead={LEAD}
      />
      <div className="container">
        <FilterTabs
          label="案例行业"
          tabs={[
            { label: '全部', href: '/case', count: industries ? all : undefined, active: industry === '' },
            ...(industries ?? INDUSTRIES.map((i): { industry: string; count?: number } => ({ industry: i }))).map((i) => ({
              label: i.industry,
              href: href({ industry: i.industry }),
              count: i.count,
              active: i.industry === industry,
            })),
          ]}
        />
        <ContentColumns>
          <PagedContent
            result={result}
            unavailable="案例暂时无法读取"
            pastEnd="这一页已经没有案例了。"
            empty={{ hint: '该行业的案例正在整理中，先看看其他行业的实践吧。', href: '/case', linkLabel: '查看全部案例' }}
            page={page}
            pageSize={PAGE_SIZE}
            href={href}
            testId="case-list"
            variant="tile"
            card={(c) => ({
              href: `/case/${c.id}`,
              tag: c.industry,
              title: c.title,
              subtitle: `客户：${c.customer}`,
              summary: c.summary,
              more: '查看案例详情',
            })}
          />
        </ContentColumns>
      </div>
    </>
  );
}
