// /policy/{id}: one policy reading — issuer, 文号, date and tags, the reading itself and its
// neighbours. Regenerated every 5 minutes; unknown and non-numeric ids are 404.
import { contentApi, parseId } from '@apimarket/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Article, ArticleBody, ArticleHeader, ContentColumns } from '@/components/content/Article';
import { Breadcrumb } from '@/components/content/Breadcrumb';
import { ContentNav } from '@/components/content/ContentNav';
import { PrevNext } from '@/components/content/PrevNext';
import { SideList } from '@/components/content/SideList';
import cs from '@/components/content/content.module.css';
import { serverCall, serverCallDetail } from '@/lib/api/server';
import { formatDate, metaDescription, withQuery } from '@/lib/content';
import styles from '../policy.module.css';

export const revalidate = 300;
export async function generateStaticParams() {
  return []; // every id is rendered on its first visit, then kept
}

// The spec's call takes the id as a query field (getBaseInfo?id=), not in the path.
async function load(rawId: string) {
  const id = parseId(rawId);
  if (id === null) notFound();
  return serverCallDetail(contentApi.policyDetail, { id }, { ttl: 300 });
}

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const p = await load((await params).id);
  return {
    title: `${p.title}解读 - 政策解读`,
    description: metaDescription(p.summary),
    alternates: { canonical: `/policy/${p.id}` },
  };
}

export default async function PolicyPage({ params }: { params: Promise<{ id: string }> }) {
  const p = await load((await params).id);
  const latest = await serverCall(contentApi.policies, { pageNum: 1, pageSize: 6 }, { ttl: 300 });
  const others = (latest.ok ? latest.body.rows : []).filter((r) => r.id !== p.id).slice(0, 5);

  return (
    <div className="container">
      <Breadcrumb items={[{ label: '首页', href: '/' }, { label: '政策解读', href: '/policy' }, { label: p.title }]} />
      <ContentColumns
        aside={
          <>
            <SideList title="最新政策解读" items={others.map((r) => ({ href: `/policy/${r.id}`, title: r.title, meta: formatDate(r.issuedAt) }))} />
            <ContentNav current="/policy" />
          </>
        }
      >
        <Article testId="policy-article">
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
        </Article>
      </ContentColumns>
    </div>
  );
}
