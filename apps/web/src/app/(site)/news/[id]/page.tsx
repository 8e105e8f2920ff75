// /news/{id}: one article — type, date, source and views, the body, 上一篇/下一篇 within its
// type and related news. Regenerated in the background every 5 minutes; unknown ids are 404.
import { contentApi, parseId } from '@apimarket/contracts';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Article, ArticleBody, ArticleHeader, ContentColumns } from '@/components/content/Article';
import { Breadcrumb } from '@/components/content/Breadcrumb';
import { ContentNav } from '@/components/content/ContentNav';
import { PrevNext } from '@/components/content/PrevNext';
import { SideList } from '@/components/content/SideList';
import { serverCallDetail } from '@/lib/api/server';
import { formatCount, formatDate, metaDescription, withQuery } from '@/lib/content';
import { SHARE_IMAGE } from '@/lib/share-image';

export const revalidate = 300;
export async function generateStaticParams() {
  return []; // every id is rendered on its first visit, then kept
}

// Reading an article counts a view on the server, so the metadata and the page must share one
// call: serverCallDetail remembers the answer for the ttl, and both ask with the same key.
async function load(rawId: string) {
  const id = parseId(rawId);
  if (id === null) notFound();
  return serverCallDetail(contentApi.newsDetail, { id }, { ttl: 300 });
}

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const n = await load((await params).id);
  return {
    title: `${n.title} - ${n.typeName || '新闻资讯'}`,
    description: metaDescription(n.summary),
    alternates: { canonical: `/news/${n.id}` },
    openGraph: { type: 'article', title: n.title, description: metaDescription(n.summary), publishedTime: n.publishedAt, images: [SHARE_IMAGE] },
  };
}

export default async function NewsArticlePage({ params }: { params: Promise<{ id: string }> }) {
  const n = await load((await params).id);
  const typeHref = withQuery('/news', { type: n.type });
  return (
    <div className="container">
      <Breadcrumb
        items={[
          { label: '首页', href: '/' },
          { label: '新闻资讯', href: '/news' },
          ...(n.typeName ? [{ label: n.typeName, href: typeHref }] : []),
          { label: n.title },
        ]}
      />
      <ContentColumns
        aside={
          <>
            <SideList
              title={`更多${n.typeName || '新闻'}`}
              items={n.related.map((r) => ({ href: `/news/${r.id}`, title: r.title, meta: formatDate(r.publishedAt) }))}
              testId="news-related"
            />
            <ContentNav current="/news" />
          </>
        }
      >
        <Article testId="news-article">
          <ArticleHeader
            title={n.title}
            facts={[
              { label: '分类', value: n.typeName },
              { label: '发布时间', value: formatDate(n.publishedAt) },
              { label: '来源', value: n.source },
              // Counted when an article is read; none yet is no figure, not 「浏览 0」.
              { label: '浏览', value: n.views > 0 ? formatCount(n.views) : '' },
            ]}
            lead={n.summary}
          />
          <ArticleBody paragraphs={n.body} />
          <PrevNext base="/news" prev={n.prev} next={n.next} />
        </Article>
      </ContentColumns>
    </div>
  );
}
