// The default layout's footer (spec 01 §2.6): hot and newest APIs and the categories (three
// calls in parallel, each shown only when it answered 200, names with the configured words
// stripped), about blurb, national hotline, the eight offices and the operator's line: company,
// 统一社会信用代码, ICP and 公安 records (settings; examples marked 「示例：」 until set).
// Its links are not prefetched: about fifty of them enter the viewport at the end of a page, and a
// visitor rarely follows one; the header's top-level items and the page's own cards are.
import { catalogApi, FOOTER_API_PAGE_NUM, FOOTER_API_PAGE_SIZE, type InterfaceCard, type LegalEntity, NEWS_TYPES } from '@apimarket/contracts';
import Link from 'next/link';
import { company } from '@/content/company';
import { serverCall, serverCallData } from '@/lib/api/server';
import { stripWords } from '@/lib/catalog';
import { type ListedLink, LinkList } from './LinkList';
import { Logo } from './Logo';
import styles from './SiteFooter.module.css';

/** Spec 01 §2.6: the five solution links. */
const SOLUTIONS = [
  { label: '互联网行业', href: '/solutionPlan/internetWork' },
  { label: '保险行业', href: '/solutionPlan/insureIndustry' },
  { label: '交通物流', href: '/solutionPlan/logistics' },
  { label: '金融科技', href: '/solutionPlan/financial' },
  { label: '数字政府', href: '/solutionPlan/digitalGov' },
] as const;

/** The phone footer's links: the company, help and the legal texts. */
const MOBILE_LINKS = [
  { label: '关于我们', href: '/aboutUs' },
  { label: '联系我们', href: '/aboutUs/contactUs' },
  { label: '常见问题', href: '/aboutUs/FAQ' },
  { label: '解决方案', href: '/solutionPlan/financial' },
  { label: '隐私政策', href: '/privacy' },
  { label: '服务协议', href: '/protocol' },
] as const;

/** Spec 01 §2.6: /aboutUs/FAQ with type 1 公司, 2 业务, 3 技术, and the integration guide. */
const HELP_LINKS = [
  { label: '公司问题', href: '/aboutUs/FAQ?type=1' },
  { label: '业务问题', href: '/aboutUs/FAQ?type=2' },
  { label: '技术问题', href: '/aboutUs/FAQ?type=3' },
  { label: '接入说明', href: '/interfaceInfo/interface' },
] as const;

/** Spec 01 §2.6: the news types, then the other reading sections. */
const NEWS_LINKS = [
  ...NEWS_TYPES.map((t) => ({ label: t.typeName, href: `/news?type=${t.type}` })),
  { label: '知识库', href: '/knowlege' },
  { label: '政策解读', href: '/policy' },
];

/** One titled column of the footer's lists. */
function FooterLinks({ title, links, className, testId }: { title: string; links: readonly ListedLink[]; className?: string; testId?: string }) {
  return (
    <section className={styles.links} aria-label={title}>
      <h2 className={styles.heading}>{title}</h2>
      <LinkList links={links} className={className} testId={testId} />
    </section>
  );
}

export async function SiteFooter({
  legalEntity,
  stripList,
  partnerExchange,
}: {
  legalEntity: LegalEntity;
  stripList: readonly string[];
  /** Spec 01 §2.6 "a link to a partner data exchange"; none when not configured. */
  partnerExchange: { name: string; url: string } | null;
}) {
  const page = { pageSize: FOOTER_API_PAGE_SIZE, pageNum: FOOTER_API_PAGE_NUM };
  const [hot, fresh, categories] = await Promise.all([
    serverCall(catalogApi.search, { ...page, isHot: 1, isNew: '' }, { ttl: 300 }),
    serverCall(catalogApi.search, { ...page, isNew: 1, isHot: '', sortId: 1 }, { ttl: 300 }),
    serverCallData(catalogApi.categories, {}, { ttl: 300 }),
  ]);
  const apiLinks = (rows: InterfaceCard[]) => rows.map((r) => ({ label: stripWords(r.interfaceName, stripList), href: `/api/${r.id}` }));

  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.lists}`}>
        {hot.ok && hot.body.rows.length > 0 ? <FooterLinks title="热门接口" links={apiLinks(hot.body.rows)} testId="footer-hot" /> : null}
        {fresh.ok && fresh.body.rows.length > 0 ? <FooterLinks title="最新接口" links={apiLinks(fresh.body.rows)} testId="footer-new" /> : null}
        {categories && categories.length > 0 ? (
          <FooterLinks title="接口分类" links={categories.map((c) => ({ label: c.categoryName, href: `/api?type=${c.id}` }))} className={styles.twoColumns} />
        ) : null}
        <FooterLinks title="解决方案" links={SOLUTIONS} />
        <FooterLinks title="帮助中心" links={HELP_LINKS} />
        <FooterLinks title="新闻资讯" links={NEWS_LINKS} />
      </div>
      {/* Spec 01 §2.2: below 768 px this compact footer replaces the desktop one. */}
      <div className={styles.mobile}>
        <nav aria-label="页脚导航" className={styles.mobileLinks}>
          {MOBILE_LINKS.map((l) => (
            <Link prefetch={false} key={l.href} href={l.href}>
              {l.label}
            </Link>
          ))}
        </nav>
        <p className={styles.mobileHotline}>
          {company.hotlineLabel} <a href={`tel:${company.hotline.replaceAll('-', '')}`}>{company.hotline}</a>
        </p>
        <p className={styles.mobileHours}>{company.serviceHours}</p>
      </div>
      <div className={`container ${styles.top}`}>
        <section className={styles.about} aria-labelledby="footer-about">
          <Logo inverse />
          <h2 id="footer-about" className="visually-hidden">
            关于我们
          </h2>
          <p className={styles.blurb}>{company.about}</p>
          <p className={styles.aboutLinks}>
            <Link prefetch={false} href="/aboutUs/briefIntroduction" className={styles.more}>
              查看更多
            </Link>
            {partnerExchange ? (
              <a href={partnerExchange.url} target="_blank" rel="noreferrer">
                合作数据交易所：{partnerExchange.name}
              </a>
            ) : null}
          </p>
          <ul className={styles.badges}>
            {company.compliance.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </section>
        <section className={styles.offices} aria-labelledby="footer-offices">
          <h2 id="footer-offices" className={styles.heading}>
            运营中心
          </h2>
          <ul className={styles.cities}>
            {company.offices.map((city) => (
              <li key={city}>{city}</li>
            ))}
          </ul>
        </section>
        <section className={styles.hotline} aria-labelledby="footer-hotline">
          <h2 id="footer-hotline" className={styles.heading}>
            {company.hotlineLabel}
          </h2>
          <a className={styles.hotlineNumber} href={`tel:${company.hotline.replaceAll('-', '')}`}>
            {company.hotline}
          </a>
          <p className={styles.hours}>{company.serviceHours}</p>
        </section>
      </div>
      <div className={styles.bottom}>
        <div className={`container ${styles.bottomInner}`} data-testid="footer-legal">
          <span>{company.copyright}</span>
          <span>运营主体：{legalEntity.companyName}</span>
          <span>统一社会信用代码：{legalEntity.creditCode}</span>
          <a href={legalEntity.icpUrl} target="_blank" rel="noreferrer">
            {legalEntity.icpRecord}
          </a>
          <a href={legalEntity.psbRecordUrl} target="_blank" rel="noreferrer">
            {legalEntity.psbRecord}
          </a>
          <Link prefetch={false} href="/privacy" className={styles.legalLink}>
            隐私政策
          </Link>
          <Link prefetch={false} href="/protocol" className={styles.legalLink}>
            服务协议
          </Link>
        </div>
      </div>
    </footer>
  );
}
