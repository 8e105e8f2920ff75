// /knowlege/{id}: one knowledge-base article — its body, the interfaces it explains, 上一篇/下一篇
// within its type, and other articles of the type. Regenerated every 5 minutes; unknown ids 404.
import { contentApi, parseId } from '@apimarket/contracts';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Article, ArticleBody, ArticleHeader, ContentColumns } from '@/components/content/Article';
import { Breadcrumb } from '@/components/content/Breadcrumb';
import { ContentNav } from '@/components/content/ContentNav';
import { InterfaceLinks } from '@/components/content/InterfaceLinks';
import { PrevNext } from '@/components/content/PrevNext';
import { SideList } from '@/components/content/SideList';
import { serverCallData, serverCallDetail } from '@/lib/api/server';
import { formatCount, formatDate, metaDescription, withQuery } from '@/lib/content';

export const revalidate = 300;
export async function generateStaticParams() {
  return []; // every id is rendered on its first visit, then kept
}

const SAME_TYPE_SHOWN = 6;

// Reading counts a view on the server: the metadata and the page share one remembered call.
async function load(rawId: string) {
  const id = parseId(rawId);
  if (id === null) notFound();
  return serverCallDetail(contentApi.knowledgeDetail, { id }, { ttl: 300 });
}

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const k = await load((await params).id);
  return {
    title: `${k.title} - ${k.type}`,
    description: metaDescription(k.summary),
    alternates: { canonical: `/knowlege/${k.id}` },
  };
}

export default async function KnowledgeArticlePage({ params }: { params: Promise<{ id: string }> }) {
  const k = await load((await params).id);
  const sameType = (await serverCallData(contentApi.knowledgeOfType, { type: k.type }, { ttl: 300 })) ?? [];
  const others = sameType.filter((a) => a.id !== k.id).slice(0, SAME_TYPE_SHOWN);

  return (
    <div className="container">
      <Breadcrumb
        items={[
          { label: '首页', href: '/' },
          { label: '知识库', href: '/knowlege' },
          { label: k.type, href: withQuery('/knowlege', { type: k.type }) },
          { label: k.title },
        ]}
      />
      <ContentColumns
        aside={
          <>
            <SideList title={`更多${k.type}`} items={others.map((a) => ({ href: `/knowlege/${a.id}`, title: a.title, meta: formatDate(a.publishedAt) }))} />
            <ContentNav current="/knowlege" />
          </>
        }
      >
        <Article testId="knowledge-article">
          <ArticleHeader
            tag={k.type}
            title={k.title}
            facts={[
              { label: '发布时间', value: formatDate(k.publishedAt) },
              // Counted when an article is read; none yet is no figure, not 「阅读 0」.
              { label: '阅读', value: k.views > 0 ? formatCount(k.views) : '' },
            ]}
            lead={k.summary}
          />
          <ArticleBody paragraphs={k.body} />
          <InterfaceLinks title="相关接口" items={k.interfaces} />
          <PrevNext base="/knowlege" prev={k.prev} next={k.next} />
        </Article>
      </ContentColumns>
    </div>
  );
}
