// /apiSearch?value= (and its alias /ApiSearch): interfaces matching the keyword in name, labels,
// category or summary (synonyms and pinyin too), best first, the found words marked; with no
// match, the hot searches and the most popular interfaces.
import { catalogApi, HOT_SEARCH_TERMS, parseId, SEARCH_KEYWORD_MAX } from '@apimarket/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { InterfaceCard } from '@/components/catalog/InterfaceCard';
import { Pagination } from '@/components/catalog/Pagination';
import { serverCall } from '@/lib/api/server';
import styles from './search.module.css';

const PAGE_SIZE = 12;
type Query = { value?: string; page?: string };

const keywordOf = (q: Query) => (typeof q.value === 'string' ? q.value.trim().slice(0, SEARCH_KEYWORD_MAX) : '');

export async function generateMetadata({ searchParams }: { searchParams: Promise<Query> }): Promise<Metadata> {
  const keyword = keywordOf(await searchParams);
  return { title: keyword ? `“${keyword}”的搜索结果` : '搜索接口', robots: { index: false, follow: true } };
}

export default async function SearchPage({ searchParams }: { searchParams: Promise<Query> }) {
  const q = await searchParams;
  const keyword = keywordOf(q);
  const page = parseId(q.page) ?? 1;
  const [searched, popular] = await Promise.all([
    keyword ? serverCall(catalogApi.search, { interfaceName: keyword, pageNum: page, pageSize: PAGE_SIZE }, { ttl: 60 }) : null,
    serverCall(catalogApi.search, { isHot: 1, pageSize: 6 }, { ttl: 300 }),
  ]);
  const result = searched?.ok ? searched.body : null;
  const found = result && result.rows.length > 0;

  return (
    <div className={`container ${styles.page}`}>
      <form action="/ApiSearch" method="get" className={styles.form}>
        <input name="value" defaultValue={keyword} placeholder="请输入您要搜索的API" maxLength={SEARCH_KEYWORD_MAX} aria-label="搜索接口" />
        <button type="submit">搜索</button>
      </form>
      <div className={styles.hotTerms}>
        <span>热门搜索：</span>
        {HOT_SEARCH_TERMS.map((t) => (
          <Link key={t} href={`/ApiSearch?value=${encodeURIComponent(t)}`}>
            {t}
          </Link>
        ))}
      </div>

      {keyword ? (
        <h1 className={styles.title}>
          {found && result.partial ? (
            <>
              没有同时符合“<em>{keyword}</em>”全部关键词的接口，以下 <strong>{result.total}</strong> 个符合其中一部分
            </>
          ) : found ? (
            <>
              找到 <strong>{result.total}</strong> 个与“<em>{keyword}</em>”相关的接口
            </>
          ) : (
            <>
              未找到与“<em>{keyword}</em>”相关的接口
            </>
          )}
        </h1>
      ) : (
        <h1 className={styles.title}>输入接口名称或关键词开始搜索</h1>
      )}

      {found ? (
        <>
          <ul className={styles.grid} data-testid="search-results">
            {result.rows.map((item) => (
              <InterfaceCard key={item.id} item={item} />
            ))}
          </ul>
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={result.total}
            href={(p) => `/ApiSearch?value=${encodeURIComponent(keyword)}${p > 1 ? `&page=${p}` : ''}`}
          />
        </>
      ) : (
        <section className={styles.empty}>
          <p>
            {keyword ? '换个关键词试试，或' : ''}
            <Link href={`/api/marry${keyword ? `?need=${encodeURIComponent(keyword)}` : ''}`}>用需求匹配描述您的场景</Link>
            ，也可以看看大家都在用的接口：
          </p>
          <ul className={styles.grid}>
            {(popular.ok ? popular.body.rows : []).map((item) => (
              <InterfaceCard key={item.id} item={item} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
