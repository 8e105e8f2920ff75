// The default layout's footer (spec 01 §2.6): hot and newest APIs and the categories (three
// calls in parallel, each shown only when it answered 200, names with the configured words
// stripped), about blurb, national hotline, the eight offices and the record line.
import { FOOTER_API_PAGE_NUM, FOOTER_API_PAGE_SIZE, NEWS_TYPES } from '@apimarket/contracts';
import Link from 'next/link';
import { company } from '../../content/company';
import { serverData, serverGet } from '../../lib/api/server';
import { type Category, type InterfaceCard, stripWords } from '../../lib/catalog';
import { Logo } from './Logo';
import styles from './SiteFooter.module.css';

type Rows = { rows: InterfaceCard[] };

export async function SiteFooter({ icpRecord, stripList }: { icpRecord: string; stripList: readonly string[] }) {
  const page = { pageSize: FOOTER_API_PAGE_SIZE, pageNum: FOOTER_API_PAGE_NUM };
  const [hot, fresh, categories] = await Promise.all([
    serverGet<Rows>('api/interface/search', { ttl: 300, data: { ...page, isHot: 1, isNew: '' } }),
    serverGet<Rows>('api/interface/search', { ttl: 300, data: { ...page, isNew: 1, isHot: '', sortId: 1 } }),
    serverData<Category[]>('api/category/list', { ttl: 300 }),
  ]);
  const apiList = (title: string, rows: InterfaceCard[] | undefined, testId: string) =>
    rows && rows.length > 0 ? (
      <section className={styles.links} aria-label={title}>
        <h2 className={styles.heading}>{title}</h2>
        <ul data-testid={testId}>
          {rows.map((r) => (
            <li key={r.id}>
              <Link href={`/api/${r.id}`}>{stripWords(r.interfaceName, stripList)}</Link>
            </li>
          ))}
        </ul>
      </section>
    ) : null;

  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.lists}`}>
        {apiList('热门接口', hot?.rows, 'footer-hot')}
        {apiList('最新接口', fresh?.rows, 'footer-new')}
        {categories && categories.length > 0 ? (
          <section className={styles.links} aria-label="接口分类">
            <h2 className={styles.heading}>接口分类</h2>
            <ul className={styles.twoColumns}>
              {categories.map((c) => (
                <li key={c.id}>
                  <Link href={`/api?type=${c.id}`}>{c.categoryName}</Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section className={styles.links} aria-label="新闻资讯">
          <h2 className={styles.heading}>新闻资讯</h2>
          <ul>
            {NEWS_TYPES.map((t) => (
              <li key={t.type}>
                <Link href={`/news?type=${t.type}`}>{t.typeName}</Link>
              </li>
            ))}
            <li>
              <Link href="/knowlege">知识库</Link>
            </li>
            <li>
              <Link href="/policy">政策解读</Link>
            </li>
          </ul>
        </section>
      </div>
      <div className={`container ${styles.top}`}>
        <section className={styles.about} aria-labelledby="footer-about">
          <Logo inverse />
          <h2 id="footer-about" className="visually-hidden">
            关于我们
          </h2>
          <p className={styles.blurb}>{company.about}</p>
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
        <div className={`container ${styles.bottomInner}`}>
          <span>{company.copyright}</span>
          {icpRecord ? (
            <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">
              {icpRecord}
            </a>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
