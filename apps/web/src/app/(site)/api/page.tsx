// /api (spec 01 §2.1, §3): the catalogue — category tabs (?type=), labels, sort, pages.
import { catalogApi, parseId, SORT_ORDERS } from '@apimarket/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { InterfaceCard } from '@/components/catalog/InterfaceCard';
import { Pagination } from '@/components/catalog/Pagination';
import { FilterTabs } from '@/components/content/FilterTabs';
import { HeroArt } from '@/components/visual/HeroArt';
import { serverCall, serverCallData } from '@/lib/api/server';
import styles from './api.module.css';

const PAGE_SIZE = 12;

type Query = { type?: string; label?: string; sort?: string; page?: string };

export async function generateMetadata({ searchParams }: { searchParams: Promise<Query> }): Promise<Metadata> {
  const { type } = await searchParams;
  const categories = (await serverCallData(catalogApi.categories, {}, { ttl: 300 })) ?? [];
  const current = categories.find((c) => c.id === parseId(type));
  return {
    title: current ? `${current.categoryName}接口` : 'API 商城',
    description: current?.description ?? '数据API市场全部数据接口：身份核验、人脸识别、OCR、银行卡、手机号、车辆、企业工商、保险模型、物流、司法与政务数据。',
    alternates: { canonical: current ? `/api?type=${current.id}` : '/api' },
  };
}

export default async function CatalogPage({ searchParams }: { searchParams: Promise<Query> }) {
  const q = await searchParams;
  const type = parseId(q.type);
  const label = parseId(q.label);
  const sort = Object.hasOwn(SORT_ORDERS, q.sort ?? '') ? Number(q.sort) : 0;
  const page = parseId(q.page) ?? 1;

  const [categories, labels, searched] = await Promise.all([
    serverCallData(catalogApi.categories, {}, { ttl: 300 }),
    serverCallData(catalogApi.labels, {}, { ttl: 300 }),
    serverCall(
      catalogApi.search,
      { categoryId: type ?? undefined, labelId: label ?? undefined, sortId: sort, pageNum: page, pageSize: PAGE_SIZE },
      { ttl: 60 },
    ),
  ]);
  const result = searched.ok ? searched.body : null;
  const current = categories?.find((c) => c.id === type);

  /** The link for this list with some parts of the query changed (page resets unless given). */
  const href = (patch: Partial<Record<'type' | 'label' | 'sort' | 'page', number | null>>) => {
    const next = { type, label, sort: sort || null, page: null as number | null, ...patch };
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) if (v) params.set(k, String(v));
    const s = params.toString();
    return s ? `/api?${s}` : '/api';
  };

  return (
    <>
      <section className={styles.banner}>
        <div className={`container ${styles.bannerInner}`}>
          {/* The catalogue's banner stays short (the cards are what a visitor came for): a small scene at its side. */}
          <HeroArt name="developer" className={styles.bannerArt} />
          <h1>{current ? current.categoryName : 'API 商城'}</h1>
          <p>{current?.description ?? '覆盖身份、金融、车辆、企业、保险、物流、司法与政务等领域的数据接口，统一接入，按量计费。'}</p>
          <Link href="/api/marry" className={styles.marry}>
            不知道选哪个接口？试试需求匹配 →
          </Link>
        </div>
      </section>
      <div className="container">
        <FilterTabs
          label="接口分类"
          tabs={[
            { label: '全部', href: href({ type: null, label: null }), active: !type },
            ...(categories ?? []).map((c) => ({
              label: c.categoryName,
              href: href({ type: c.id, label: null }),
              count: c.interfaceCount,
              active: c.id === type,
            })),
          ]}
        />
        <div className={styles.filters}>
          {labels && labels.length > 0 ? (
            <div className={styles.labels}>
              <span className={styles.filterName}>标签</span>
              <Link href={href({ label: null })} className={label ? undefined : styles.on}>
                不限
              </Link>
              {labels.map((l) => (
                <Link key={l.id} href={href({ label: l.id })} className={l.id === label ? styles.on : undefined}>
                  {l.labelName}
                </Link>
              ))}
            </div>
          ) : null}
          <div className={styles.sorts}>
            <span className={styles.filterName}>排序</span>
            {Object.entries(SORT_ORDERS).map(([id, name]) => (
              <Link key={id} href={href({ sort: Number(id) || null })} className={Number(id) === sort ? styles.on : undefined}>
                {name}
              </Link>
            ))}
          </div>
        </div>
        {result === null ? (
          <div className={styles.empty} role="status">
            接口目录暂时无法读取，请稍后刷新页面。
          </div>
        ) : result.rows.length === 0 ? (
          <div className={styles.empty} role="status">
            该条件下暂无接口，<Link href="/api">查看全部接口</Link>
          </div>
        ) : (
          <>
            {/* The cards' titles are h3 under the page's h1: a heading between keeps the outline whole. */}
            <h2 className="visually-hidden">接口列表</h2>
            <ul className={styles.grid} data-testid="catalog-grid">
              {result.rows.map((item) => (
                <InterfaceCard key={item.id} item={item} />
              ))}
            </ul>
            <Pagination page={page} pageSize={PAGE_SIZE} total={result.total} href={(p) => href({ page: p > 1 ? p : null })} />
          </>
        )}
      </div>
    </>
  );
}
