// /knowlege (spec 01 §2.1, spelled as the spec spells it): the knowledge base — type tabs with
// counts (?type=), keyword search (?keyword=), pages (?page=) and the most read articles.
import { contentApi, parseId } from '@apimarket/contracts';
import type { Metadata } from 'next';
import { ContentColumns } from '@/components/content/Article';
import { ContentNav } from '@/components/content/ContentNav';
import { FilterTabs } from '@/components/content/FilterTabs';
import { knowledgeType } from '@/components/content/knowledge-type';
import { PageBanner } from '@/components/content/PageBanner';
import { PagedContent } from '@/components/content/PagedContent';
import { SearchForm } from '@/components/content/SearchForm';
import { SideList } from '@/components/content/SideList';
import { serverCall, serverCallData } from '@/lib/api/server';
import { formatCount, formatDate, textParam, withQuery } from '@/lib/content';

const PAGE_SIZE = 10;
const LEAD = '接入指南、产品说明、合规指引与常见问题，从注册到稳定调用，每一步都有据可查。';

type Query = { type?: string | string[]; keyword?: string | string[]; page?: string | string[] };

export async function generateMetadata({ searchParams }: { searchParams: Promise<Query> }): Promise<Metadata> {
  const q = await searchParams;
  const types = await serverCallData(contentApi.knowledgeTypes, {}, { ttl: 60 });
  const type = knowledgeType(textParam(q.type), types);
  const known = type ? (types?.some((t) => t.type === type) ?? false) : false;
  const keyword = textParam(q.keyword);
  return {
    title: keyword ? `“${keyword}”的搜索结果 - 知识库` : known ? `${type} - 知识库` : '知识库',
    description: `数据API市场知识库：${LEAD}`,
    alternates: { canonical: withQuery('/knowlege', { type: keyword || !known ? null : type }) },
    robots: keyword || type === null ? { index: false, follow: true } : undefined,
  };
}

export default async function KnowledgePage({ searchParams }: { searchParams: Promise<Query> }) {
  const q = await searchParams;
  const asked = textParam(q.type);
  const keyword = textParam(q.keyword);
  const page = parseId(q.page) ?? 1;

  const types = await serverCallData(contentApi.knowledgeTypes, {}, { ttl: 60 });
  // An unknown category filters to nothing (its designed empty state), as it always has.
  const type = knowledgeType(asked, types) ?? asked;
  const [listed, popular] = await Promise.all([
    serverCall(contentApi.knowledge, { type: type || undefined, keyword: keyword || undefined, pageNum: page, pageSize: PAGE_SIZE }, { ttl: 60 }),
    serverCallData(contentApi.mostRead, {}, { ttl: 300 }),
  ]);
  const result = listed.ok ? listed.body : null;
  const all = (types ?? []).reduce((n, t) => n + t.count, 0);
  const href = (patch: { type?: string | null; page?: number | null }) => withQuery('/knowlege', { type, keyword, page: null, ...patch });
  const known = types?.some((t) => t.type === type) ?? false;

  return (
    <>
      <PageBanner eyebrow="KNOWLEDGE BASE" title={known ? type : '知识库'} lead={LEAD}>
        <SearchForm action="/knowlege" keyword={keyword} label="搜索知识库" placeholder="如：白名单、Key、发票" keep={{ type }} total={result?.total} />
      </PageBanner>
      <div className="container">
        <FilterTabs
          label="知识库分类"
          tabs={[
            { label: '全部', href: withQuery('/knowlege', { keyword }), count: types ? all : undefined, active: type === '' },
            ...(types ?? []).map((t) => ({ label: t.type, href: href({ type: t.type }), count: t.count, active: t.type === type })),
          ]}
        />
        <ContentColumns
          aside={
            <>
              <SideList
                title="热门文章"
                ranked
                items={(popular ?? []).map((a) => ({ href: `/knowlege/${a.id}`, title: a.title, meta: a.type }))}
                testId="knowledge-popular"
              />
              <ContentNav current="/knowlege" />
            </>
          }
        >
          <PagedContent
            result={result}
            unavailable="知识库暂时无法读取"
            pastEnd="这一页已经没有文章了。"
            empty={{
              hint: keyword ? '换个关键词试试，或浏览全部文章。' : '该分类下还没有文章，看看其他分类吧。',
              href: '/knowlege',
              linkLabel: '查看全部文章',
            }}
            page={page}
            pageSize={PAGE_SIZE}
            href={href}
            testId="knowledge-list"
            card={(k) => ({
              href: `/knowlege/${k.id}`,
              tag: k.type,
              title: k.title,
              summary: k.summary,
              meta: [`发布于 ${formatDate(k.publishedAt)}`, k.views > 0 && `阅读 ${formatCount(k.views)}`],
            })}
          />
        </ContentColumns>
      </div>
    </>
  );
}
