// /case/{id}: one customer case — customer and summary, 业务挑战 / 解决方案 / 实施成效, the
// interfaces it used, 上一篇/下一篇 and 推荐案例. Regenerated every 5 minutes; unknown ids are 404.
import { contentApi } from '@apimarket/contracts';
import { ArticleHeader } from '@/components/content/Article';
import { ContentDetail } from '@/components/content/ContentDetail';
import { InterfaceLinks } from '@/components/content/InterfaceLinks';
import { PrevNext } from '@/components/content/PrevNext';
import { SideList } from '@/components/content/SideList';
import { company } from '@/content/company';
import { serverCallData, serverCallDetail } from '@/lib/api/server';
import { formatDate, metaDescription, withQuery } from '@/lib/content';
import { type DetailProps, detailPage, noIdsAhead } from '@/lib/detail-page';
import styles from './case.module.css';

export const revalidate = 300;
export const generateStaticParams = noIdsAhead;

const { load, generateMetadata } = detailPage(
  (id, options) => serverCallDetail(contentApi.caseDetail, { id }, options),
  (c) => ({ title: `${c.title} - ${c.industry}行业案例`, description: metaDescription(c.summary), alternates: { canonical: `/case/${c.id}` } }),
);
export { generateMetadata };

/** The three parts every case tells, in the order a reader weighs a solution. */
const PARTS = [
  { key: 'challenge', title: '业务挑战', note: '客户遇到的问题' },
  { key: 'solution', title: '解决方案', note: '我们如何解决' },
  { key: 'results', title: '实施成效', note: '客户测得的变化' },
] as const;

export default async function CasePage(props: DetailProps) {
  const c = await load(props);
  const recommended = (await serverCallData(contentApi.recommendedCases, { industry: c.industry, excludeId: c.id }, { ttl: 300 })) ?? [];
  const tel = `tel:${company.hotline.replaceAll('-', '')}`;

  return (
    <ContentDetail
      section="/case"
      crumbs={[{ label: c.industry, href: withQuery('/case', { industry: c.industry }) }]}
      title={c.title}
      testId="case-article"
      aside={
        <>
          <SideList
            title="推荐案例"
            items={recommended.map((r) => ({ href: `/case/${r.id}`, title: r.title, meta: `${r.industry} · ${r.customer}` }))}
            testId="case-recommend"
          />
          <section className={styles.cta} aria-label="咨询同类方案">
            <h2>想要同类方案？</h2>
            <p>告诉我们您的业务场景，方案顾问为您梳理接口组合与接入步骤。</p>
            <a href={tel}>致电 {company.hotline}</a>
          </section>
        </>
      }
    >
      <ArticleHeader
        tag={c.industry}
        title={c.title}
        facts={[
          { label: '客户', value: c.customer },
          { label: '发布时间', value: formatDate(c.publishedAt) },
        ]}
        lead={c.summary}
      />
      {PARTS.map((part, n) =>
        c[part.key].length > 0 ? (
          <section key={part.key} className={styles.part} aria-labelledby={`part-${part.key}`}>
            <h2 id={`part-${part.key}`}>
              <span className={styles.step} aria-hidden="true">
                {String(n + 1).padStart(2, '0')}
              </span>
              {part.title}
              <small>{part.note}</small>
            </h2>
            <ul className={part.key === 'results' ? styles.results : styles.points}>
              {c[part.key].map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </section>
        ) : null,
      )}
      <InterfaceLinks title="使用的接口" items={c.interfaces} />
      <PrevNext base="/case" prev={c.prev} next={c.next} />
    </ContentDetail>
  );
}
