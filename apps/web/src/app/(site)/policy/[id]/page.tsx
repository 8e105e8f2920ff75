// /policy/{id}: one policy reading — issuer, 文号, date and tags, the reading itself and its
// neighbours. Regenerated every 5 minutes; unknown and non-numeric ids are 404.
import { contentApi } from '@apimarket/contracts';
import Link from 'next/link';
import { ArticleBody, ArticleHeader } from '@/components/content/Article';
import { ContentDetail } from '@/components/content/ContentDetail';
import { PrevNext } from '@/components/content/PrevNext';
import { SideList } from '@/components/content/SideList';
import cs from '@/components/content/content.module.css';
import { serverCall, serverCallDetail } from '@/lib/api/server';
import { formatDate, metaDescription, withQuery } from '@/lib/content';
import { type DetailProps, detailPage, noIdsAhead } from '@/lib/detail-page';
import styles from '../policy.module.css';

export const revalidate = 300;
export const generateStaticParams = noIdsAhead;

// The spec's call takes the id as a query field (getBaseInfo?id=), not in the path.
const { load, generateMetadata } = detailPage(
  (id, options) => serverCallDetail(contentApi.policyDetail, { id }, options),
  (p) => ({ title: `${p.title}解读 - 政策解读`, description: metaDescription(p.summary), alternates: { canonical: `/policy/${p.id}` } }),
);
export { generateMetadata };

export default async function PolicyPage(props: DetailProps) {
  const p = await load(props);
  const latest = await serverCall(contentApi.policies, { pageNum: 1, pageSize: 6 }, { ttl: 300 });
  const others = (latest.ok ? latest.body.rows : []).filter((r) => r.id !== p.id).slice(0, 5);

  return (
    <ContentDetail
      section="/policy"
      title={p.title}
      testId="policy-article"
      aside={<SideList title="最新政策解读" items={others.map((r) => ({ href: `/policy/${r.id}`, title: r.title, meta: formatDate(r.issuedAt) }))} />}
    >
      <ArticleHeader
        tag="政策解读"
        title={p.title}
        facts={[
          { label: '发布机关', value: p.issuer },
          { label: '文号', value: p.docNumber },
          { label: '发布日期', value: formatDate(p.issuedAt) },
        ]}
        lead={p.summary}
      />
      {p.tags.length > 0 ? (
        <ul className={`${cs.tagLinks} ${styles.tags}`} aria-label="标签">
          {p.tags.map((t) => (
            <li key={t}>
              <Link href={withQuery('/policy', { tag: t })}>{t}</Link>
            </li>
          ))}
        </ul>
      ) : null}
      <ArticleBody paragraphs={p.body} />
      <p className={styles.disclaimer}>以上为平台对公开政策文件的解读，不构成法律意见；具体适用请以政策原文及主管部门解释为准。</p>
      <PrevNext base="/policy" prev={p.prev} next={p.next} />
    </ContentDetail>
  );
}
