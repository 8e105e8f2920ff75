// /news (spec 01 §2.1, §2.6): the news centre — type tabs with counts (?type=1|2|3, the footer
// links here with them), newest first, ten to a page (?page=).
import { contentApi, NEWS_TYPES, parseId } from '@apimarket/contracts';
import type { Metadata } from 'next';
import { ContentColumns } from '@/components/content/Article';
import { ContentNav } from '@/components/content/ContentNav';
import { FilterTabs } from '@/components/content/FilterTabs';
import { PageBanner } from '@/components/content/PageBanner';
import { PagedContent } from '@/components/content/PagedContent';
import { SideList } from '@/components/content/SideList';
import { serverCall, serverCallData } from '@/lib/api/server';
import { formatCount, withQuery } from '@/lib/content';

const PAGE_SIZE = 10;
const LEAD = '行业动态、公司新闻与领导视察，了解数据要素市场与平台的最新进展。';

type Query = { type?: string | string[]; page?: string | string[] };

/** The tab a ?type= names; an unknown number still filters (to nothing), junk shows all. */
const typeOf = (raw: Query['type']) => parseId(raw);

export async function generateMetadata({ searchParams }: { searchParams: Promise<Query> }): Promise<Metadata> {
  const type = typeOf((await searchParams).type);
  const name = NEWS_TYPES.find((t) => t.type === type)?.typeName;
  return {
    title: name ? `${name} - 新闻资讯` : '新闻资讯',
    description: name ? `数据API市场${name}：${LEAD}` : `数据API市场新闻中心：${LEAD}`,
    alternates: { canonical: withQuery('/news', { type: name ? type : null }) },
  };
}

export default async function NewsPage({ searchParams }: { searchParams: Promise<Query> }) {
  const q = await searchParams;
  const type = typeOf(q.type);
  const page = parseId(q.page) ?? 1;

  const [types, listed, popular] = await Promise.all([
    serverCallData(contentApi.newsTypes, {}, { ttl: 60 }),
    serverCall(contentApi.news, { type: type ?? undefined, pageNum: page, pageSize: PAGE_SIZE }, { ttl: 60 }),
    serverCallData(contentApi.mostRead, {}, { ttl: 300 }),
  ]);
  const result = listed.ok ? listed.body : null;
  const current = types?.find((t) => t.type === type);
  const all = (types ?? []).reduce((n, t) => n + t.count, 0);
  const href = (patch: { type?: number | null; page?: number | null }) => withQuery('/news', { type, page: null, ...patch });

  return (
    <>
      <PageBanner eyebrow="NEWS CENTER" title={current ? current.typeName : '新闻资讯'} lead={LEAD} />
      <div className="container">
        <FilterTabs
          label="新闻分类"
          tabs={[
            { label: '全部', href: '/news', count: types ? all : undefined, active: type === null },
            ...(types ?? NEWS_TYPES.map((t): { type: number; typeName: string; count?: number } => t)).map((t) => ({
              label: t.typeName,
              href: href({ type: t.type }),
              count: t.count,
              active: t.type === type,
            })),
          ]}
        />
        <ContentColumns
          aside={
            <>
              <SideList title="知识库热门文章" ranked items={(popular ?? []).map((a) => ({ href: `/knowlege/${a.id}`, title: a.title, meta: a.type }))} />
              <ContentNav current="/news" />
            </>
          }
        >
          <PagedContent
            result={result}
            unavailable="新闻暂时无法读取"
            pastEnd="这一页已经没有新闻了。"
            empty={{ hint: '该分类下还没有发布新闻，看看其他分类吧。', href: '/news', linkLabel: '查看全部新闻' }}
            page={page}
            pageSize={PAGE_SIZE}
            href={href}
            testId="news-list"
            card={(n) => ({
              href: `/news/${n.id}`,
              date: n.publishedAt,
              tag: n.typeName,
              title: n.title,
              summary: n.summary,
              meta: [n.source && `来源：${n.source}`, n.views > 0 && `浏览 ${formatCount(n.views)}`],
            })}
          />
        </ContentColumns>
      </div>
    </>
  );
}
