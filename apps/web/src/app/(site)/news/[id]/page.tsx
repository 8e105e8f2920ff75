// /news/{id}: one article — type, date, source and views, the body, 上一篇/下一篇 within its
// type and related news. Regenerated in the background every 5 minutes; unknown ids are 404.
import { contentApi } from '@apimarket/contracts';
import { ArticleBody, ArticleHeader } from '@/components/content/Article';
import { ContentDetail } from '@/components/content/ContentDetail';
import { PrevNext } from '@/components/content/PrevNext';
import { SideList } from '@/components/content/SideList';
import { serverCallDetail } from '@/lib/api/server';
import { formatCount, formatDate, metaDescription, withQuery } from '@/lib/content';
import { type DetailProps, detailPage, noIdsAhead } from '@/lib/detail-page';
import { SHARE_IMAGE } from '@/lib/share-image';

export const revalidate = 300;
export const generateStaticParams = noIdsAhead;

// Reading an article counts a view: detailPage makes the metadata and the page share one call.
const { load, generateMetadata } = detailPage(
  (id, options) => serverCallDetail(contentApi.newsDetail, { id }, options),
  (n) => ({
    title: `${n.title} - ${n.typeName || '新闻资讯'}`,
    description: metaDescription(n.summary),
    alternates: { canonical: `/news/${n.id}` },
    openGraph: { type: 'article', title: n.title, description: metaDescription(n.summary), publishedTime: n.publishedAt, images: [SHARE_IMAGE] },
  }),
);
export { generateMetadata };

export default async function NewsArticlePage(props: DetailProps) {
  const n = await load(props);
  const typeHref = withQuery('/news', { type: n.type });
  return (
    <ContentDetail
      section="/news"
      crumbs={n.typeName ? [{ label: n.typeName, href: typeHref }] : []}
      title={n.title}
      testId="news-article"
      aside={
        <SideList
          title={`更多${n.typeName || '新闻'}`}
          items={n.related.map((r) => ({ href: `/news/${r.id}`, title: r.title, meta: formatDate(r.publishedAt) }))}
          testId="news-related"
        />
      }
    >
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
    </ContentDetail>
  );
}
