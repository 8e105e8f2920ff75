// Home (spec 01 §1, §2.1 "/"): what the platform offers, its claims, the live category list from
// the catalogue, how to get started, and the industries served.
import { catalogApi, contentApi, MARKETING_CLAIMS } from '@apimarket/contracts';
import type { Metadata } from 'next';
import { getImageProps } from 'next/image';
import Link from 'next/link';
import { InterfaceCard } from '@/components/catalog/InterfaceCard';
import { CategoryIcon } from '@/components/visual/CategoryIcon';
import { fillStyle } from '@/components/visual/fill';
import fill from '@/components/visual/fill.module.css';
import { Glyph } from '@/components/visual/Glyph';
import { certificateKind, Seal } from '@/components/visual/marks';
import { company } from '@/content/company';
import { homeContent } from '@/content/home';
import { contentPage } from '@/content/pages';
import { serverCall, serverCallData } from '@/lib/api/server';
import { HomeSection } from './_components/HomeSection';
import styles from './home.module.css';

// Rendered at build time (scripts/build-web.mjs runs a temporary API for it), then regenerated
// from the live API at most every five minutes, on a visit: never rendered per request.
export const revalidate = 300;

export const metadata: Metadata = {
  title: { absolute: `${company.brand} - 一站式企业数据 API 服务平台` },
};

const SAMPLE_CALL = [
  'POST /communication/personal/1882',
  'key=••••••••&name=张三&idcard=1101**********1234',
  '',
  '{',
  '  "code": "10000",',
  '  "message": "成功",',
  '  "data": { "result": "1" },',
  '  "seqNo": "A1B2C3D4E5F6"',
  '}',
];

export default async function HomePage() {
  const [categoryList, banners, matrix, hot, fresh, cases, news] = await Promise.all([
    serverCallData(catalogApi.categories, {}, { ttl: 300 }),
    serverCallData(contentApi.banners, {}, { ttl: 300 }),
    serverCallData(contentApi.matrix, {}, { ttl: 300 }),
    serverCall(catalogApi.search, { isHot: 1, pageSize: 6, sortId: 2 }, { ttl: 300 }),
    serverCall(catalogApi.search, { isNew: 1, pageSize: 6, sortId: 1 }, { ttl: 300 }),
    serverCallData(contentApi.succeededCases, {}, { ttl: 300 }),
    serverCall(contentApi.news, { pageSize: 6 }, { ttl: 300 }),
  ]);
  // Regenerated in the background (revalidate): a regeneration that cannot reach the API must
  // fail, so the last good page stays served instead of a home without its catalogue.
  if (!categoryList || !hot.ok || !fresh.ok) throw new Error('home: the catalogue API did not answer; keeping the cached page');
  const categories = categoryList;
  const { hero, steps, industries, console: product, trust } = homeContent;
  const { props: screenshot } = getImageProps({ ...product.image, sizes: '(max-width: 1023px) 100vw, 700px' });
  const certificates = contentPage(trust.more.href)
    .sections.flatMap((sec) => (sec.kind === 'certificates' ? sec.items : []))
    .slice(0, trust.count);

  return (
    <>
      <section className={styles.hero}>
        <div className={`container ${styles.heroInner}`}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>{hero.eyebrow}</p>
            <h1 className={styles.title}>{hero.title}</h1>
            <p className={styles.lead}>{hero.lead}</p>
            <div className={styles.actions}>
              <a href="#categories" className={styles.primary}>
                浏览数据服务
              </a>
              <a href={`tel:${company.hotline.replaceAll('-', '')}`} className={styles.secondary}>
                电话咨询<span className={styles.wideOnly}>{company.hotline}</span>
              </a>
            </div>
          </div>
          <figure className={styles.console} aria-label="接口调用示例">
            <div className={styles.consoleBar}>
              <span />
              <span />
              <span />
              <em>实名认证 · 接口调用示例</em>
            </div>
            <pre className={styles.code}>
              {SAMPLE_CALL.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static lines in fixed order
                <code key={i} className={i < 2 ? styles.req : undefined}>
                  {line || ' '}
                </code>
              ))}
            </pre>
          </figure>
        </div>
      </section>

      <section className={styles.claims} aria-label="平台能力">
        <ul className={`container ${styles.claimList}`}>
          {MARKETING_CLAIMS.map((c) => (
            <li key={c.label}>
              <strong>{c.value}</strong>
              <span>{c.label}</span>
            </li>
          ))}
        </ul>
      </section>

      {banners && banners.length > 0 ? (
        <section className={styles.section} aria-label="平台动态">
          <ul className={`container ${styles.banners}`}>
            {banners.map((b) => (
              <li key={b.id} data-theme={b.theme}>
                <h2>{b.title}</h2>
                <p>{b.subtitle}</p>
                <Link href={b.href}>{b.buttonText} →</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {matrix && matrix.length > 0 ? (
        <HomeSection title="产品矩阵" lead="围绕业务场景组合的数据能力，一次接入，按需调用。" alt>
          <ul className={styles.matrix}>
            {matrix.map((m) => (
              <li key={m.id}>
                <h3>{m.title}</h3>
                <p>{m.description}</p>
                <ul>
                  {m.interfaces.map((i) => (
                    <li key={i.id}>
                      <Link href={`/api/${i.id}`}>{i.interfaceName}</Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </HomeSection>
      ) : null}

      {[
        { title: '热门接口', lead: '企业客户调用最多的数据接口', rows: hot.body.rows, more: '/api?sort=2' },
        { title: '新品上架', lead: '最新上线的数据能力', rows: fresh.body.rows, more: '/api?sort=1' },
      ].map((block) =>
        block.rows && block.rows.length > 0 ? (
          <HomeSection key={block.title} title={block.title} lead={block.lead} more={{ href: block.more, label: '查看全部' }}>
            <ul className={`${styles.cards} ${fill.fill}`}>
              {block.rows.map((item, i, all) => (
                <InterfaceCard key={item.id} item={item} style={fillStyle(i, all.length, 3)} />
              ))}
            </ul>
          </HomeSection>
        ) : null,
      )}

      <HomeSection id="categories" title={homeContent.categories.title} lead={homeContent.categories.lead}>
        {categories.length > 0 ? (
          // The matching tile closes the list, so eleven categories make three full rows of four.
          <ul className={`${styles.categoryGrid} ${fill.fill}`}>
            {categories.map((c, i) => (
              <li key={c.id} className={styles.category} style={fillStyle(i, categories.length + 1, 4, true)}>
                <Link href={`/api?type=${c.id}`}>
                  <span className={styles.categoryIcon} data-icon={c.icon} aria-hidden="true">
                    <CategoryIcon name={c.icon} size={24} />
                  </span>
                  <h3>{c.categoryName}</h3>
                  <p>{c.description}</p>
                </Link>
              </li>
            ))}
            <li className={`${styles.category} ${styles.matchTile}`} style={fillStyle(categories.length, categories.length + 1, 4, true)}>
              <Link href={homeContent.categories.match.href}>
                <h3>{homeContent.categories.match.title} →</h3>
                <p>{homeContent.categories.match.text}</p>
              </Link>
            </li>
          </ul>
        ) : (
          <div className={styles.empty} role="status">
            <p>{homeContent.categories.empty}</p>
            <a href={`tel:${company.hotline.replaceAll('-', '')}`}>{company.hotline}</a>
          </div>
        )}
      </HomeSection>

      <HomeSection title={steps.title} alt>
        <ol className={styles.steps}>
          {steps.items.map((s, i) => (
            <li key={s.title}>
              <span className={styles.stepIcon} aria-hidden="true">
                <Glyph name={s.icon} size={22} />
              </span>
              <span className={styles.stepNo}>{String(i + 1).padStart(2, '0')}</span>
              <h3>{s.title}</h3>
              <p>{s.text}</p>
            </li>
          ))}
        </ol>
      </HomeSection>

      <section className={styles.section} aria-labelledby="home-console">
        <div className={`container ${styles.product}`}>
          <div className={styles.productText}>
            <h2 id="home-console">{product.title}</h2>
            <p className={styles.productLead}>{product.lead}</p>
            <ul className={styles.productPoints}>
              {product.points.map((p) => (
                <li key={p.title}>
                  <span aria-hidden="true">
                    <Glyph name={p.icon} size={20} />
                  </span>
                  <div>
                    <h3>{p.title}</h3>
                    <p>{p.text}</p>
                  </div>
                </li>
              ))}
            </ul>
            <Link href="/register" className={styles.productCta}>
              免费注册，领取测试额度 →
            </Link>
          </div>
          <figure className={styles.productShot}>
            <div className={styles.productBar} aria-hidden="true">
              <span />
              <span />
              <span />
              <em>用户中心</em>
            </div>
            {/* getImageProps, not <Image>: the same optimised srcset without shipping the image client component */}
            {/* biome-ignore lint/performance/noImgElement: props come from next/image's getImageProps */}
            <img {...screenshot} alt={product.image.alt} />
          </figure>
        </div>
      </section>

      <HomeSection title={industries.title}>
        <ul className={styles.industries}>
          {industries.items.map((it) => (
            <li key={it.name}>
              <Link href={`/case?industry=${encodeURIComponent(it.name)}`}>
                <span className={styles.industryIcon} aria-hidden="true">
                  <Glyph name={it.icon} size={28} stroke={1.5} />
                </span>
                <h3>{it.name}</h3>
                <p>{it.text}</p>
              </Link>
            </li>
          ))}
        </ul>
      </HomeSection>

      {cases && cases.length > 0 ? (
        <HomeSection title="客户案例" lead="来自互联网、保险、交通物流、金融科技与数字政府的实践" more={{ href: '/case', label: '全部案例' }} alt>
          <ul className={`${styles.cases} ${fill.fill}`}>
            {cases.slice(0, 3).map((c, i, shown) => (
              <li key={c.id} style={fillStyle(i, shown.length, 3)}>
                <Link href={`/case/${c.id}`}>
                  <span className={styles.caseTag}>{c.industry}</span>
                  <h3>{c.title}</h3>
                  <p className={styles.caseCustomer}>{c.customer}</p>
                  <p>{c.summary}</p>
                </Link>
              </li>
            ))}
          </ul>
        </HomeSection>
      ) : null}

      <HomeSection title={trust.title} lead={trust.lead} more={trust.more} headingId="home-trust">
        <ul className={`${styles.trust} ${fill.fill}`}>
          {certificates.map((c, i) => (
            <li key={c.name} style={fillStyle(i, certificates.length, 3)}>
              <Seal kind={certificateKind(c.name)} year={c.since} />
              <div>
                <h3>{c.name}</h3>
                <p>{c.issuer}</p>
              </div>
            </li>
          ))}
        </ul>
      </HomeSection>

      {news.ok && news.body.rows.length > 0 ? (
        <HomeSection title="新闻资讯" lead="行业动态、平台新闻与政策解读" more={{ href: '/news', label: '更多资讯' }}>
          <ul className={styles.news}>
            {news.body.rows.map((n) => (
              <li key={n.id}>
                <Link href={`/news/${n.id}`}>
                  <time dateTime={n.publishedAt}>{n.publishedAt.slice(0, 10)}</time>
                  <span className={styles.newsType}>{n.typeName}</span>
                  <h3>{n.title}</h3>
                </Link>
              </li>
            ))}
          </ul>
        </HomeSection>
      ) : null}
    </>
  );
}
