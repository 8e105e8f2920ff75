// /knowlege/{id}: one knowledge-base article — its body, the interfaces it explains, 上一篇/下一篇
// within its type, and other articles of the type. Regenerated every 5 minutes; unknown ids 404.
import { contentApi } from '@apimarket/contracts';
import { ArticleBody, ArticleHeader } from '@/components/content/Article';
import { ContentDetail } from '@/components/content/ContentDetail';
import { InterfaceLinks } from '@/components/content/InterfaceLinks';
import { PrevNext } from '@/components/content/PrevNext';
import { SideList } from '@/components/content/SideList';
import { serverCallData, serverCallDetail } from '@/lib/api/server';
import { formatCount, formatDate, metaDescription, withQuery } from '@/lib/content';
import { type DetailProps, detailPage, noIdsAhead } from '@/lib/detail-page';

export const revalidate = 300;
export const generateStaticParams = noIdsAhead;

const SAME_TYPE_SHOWN = 6;

// Reading counts a view: detailPage makes the metadata and the page share one remembered call.
const { load, generateMetadata } = detailPage(
  (id, options) => serverCallDetail(contentApi.knowledgeDetail, { id }, options),
  (k) => ({ title: `${k.title} - ${k.type}`, description: metaDescription(k.summary), alternates: { canonical: `/knowlege/${k.id}` } }),
);
export { generateMetadata };

export default async function KnowledgeArticlePage(props: DetailProps) {
  const k = await load(props);
  const sameType = (await serverCallData(contentApi.knowledgeOfType, { type: k.type }, { ttl: 300 })) ?? [];
  const others = sameType.filter((a) => a.id !== k.id).slice(0, SAME_TYPE_SHOWN);

  return (
    <ContentDetail
      section="/knowlege"
      crumbs={[{ label: k.type, href: withQuery('/knowlege', { type: k.type }) }]}
      title={k.title}
      testId="knowledge-article"
      aside={<SideList title={`更多${k.type}`} items={others.map((a) => ({ href: `/knowlege/${a.id}`, title: a.title, meta: formatDate(a.publishedAt) }))} />}
    >
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
    </ContentDetail>
  );
}
