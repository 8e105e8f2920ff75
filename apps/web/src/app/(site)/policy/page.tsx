// /policy (spec 01 §2.1): policy readings — keyword search over title, summary and 文号
// (?keyword=), a tag filter (?tag=), newest issued first, ten to a page (?page=).
import { contentApi, parseId } from '@apimarket/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { ContentColumns } from '@/components/content/Article';
import { ContentNav } from '@/components/content/ContentNav';
import { PageBanner } from '@/components/content/PageBanner';
import { PagedContent } from '@/components/content/PagedContent';
import { SearchForm } from '@/components/content/SearchForm';
import cs from '@/components/content/content.module.css';
import { serverCall } from '@/lib/api/server';
import { formatDate, textParam, withQuery } from '@/lib/content';
import styles from './policy.module.css';

const PAGE_SIZE = 10;
const LEAD = '个人信息保护、数据安全与数据要素相关的法律法规和政策文件，用平实的语言讲清楚它们对接口调用的要求。';

type Query = { keyword?: string | string[]; tag?: string | string[]; page?: string | string[] };

export async function generateMetadata({ searchParams }: { searchParams: Promise<Query> }): Promise<Metadata> {
  const q = await searchParams;
  const keyword = textParam(q.keyword);
  const tag = textParam(q.tag);
  return {
    title: keyword ? `“${keyword}”的搜索结果 - 政策解读` : tag ? `${tag} - 政策解读` : '政策解读',
    description: `数据API市场政策解读：${LEAD}`,
    alternates: { canonical: '/policy' },
    // A search result page is not a page of its own for search engines.
    robots: keyword ? { index: false, follow: true } : undefined,
  };
}

export default async function PolicyListPage({ searchParams }: { searchParams: Promise<Query> }) {
  const q = await searchParams;
  const keyword = textParam(q.keyword);
  const tag = textParam(q.tag);
  const page = parseId(q.page) ?? 1;
  const listed = await serverCall(
    contentApi.policies,
    { keyword: keyword || undefined, tag: tag || undefined, pageNum: page, pageSize: PAGE_SIZE },
    { ttl: 60 },
  );
  const result = listed.ok ? listed.body : null;
  const href = (patch: { tag?: string | null; page?: number | null }) => withQuery('/policy', { keyword, tag, page: null, ...patch });
  const filtered = keyword !== '' || tag !== '';

  return (
    <>
      <PageBanner eyebrow="POLICY INSIGHTS" title="政策解读" lead={LEAD}>
        <SearchForm action="/policy" keyword={keyword} label="搜索政策解读" placeholder="输入政策名称、关键词或文号" keep={{ tag }} total={result?.total} />
      </PageBanner>
      <div className="container">
        {tag ? (
          <p className={styles.filter}>
            标签：<span>{tag}</span>
            <Link href={withQuery('/policy', { keyword })}>清除标签</Link>
          </p>
        ) : null}
        <ContentColumns
          aside={
            <>
              <section className={cs.side} aria-label="阅读说明">
                <h2>阅读说明</h2>
                <p className={styles.note}>
                  本栏目是平台对公开政策文件的通俗解读，帮助客户理解合规要求，不构成法律意见。具体适用请以政策原文和主管部门解释为准。
                </p>
              </section>
              <ContentNav current="/policy" />
            </>
          }
        >
          <PagedContent
            result={result}
            unavailable="政策解读暂时无法读取"
            pastEnd="这一页已经没有内容了。"
            empty={
              filtered
                ? { hint: '换个关键词试试，或浏览全部政策解读。', href: '/policy', linkLabel: '查看全部政策解读' }
                : { hint: '政策解读正在整理中，敬请期待。', href: '/', linkLabel: '返回首页' }
            }
            page={page}
            pageSize={PAGE_SIZE}
            href={href}
            testId="policy-list"
            card={(p) => ({
              href: `/policy/${p.id}`,
              title: p.title,
              summary: p.summary,
              meta: [`发布机关：${p.issuer}`, p.docNumber && `文号：${p.docNumber}`, `发布日期：${formatDate(p.issuedAt)}`],
              extra:
                p.tags.length > 0 ? (
                  <ul className={cs.tagLinks} aria-label="标签">
                    {p.tags.map((t) => (
                      <li key={t}>
                        <Link href={withQuery('/policy', { tag: t })} className={t === tag ? cs.on : undefined}>
                          {t}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : null,
            })}
          />
        </ContentColumns>
      </div>
    </>
  );
}
