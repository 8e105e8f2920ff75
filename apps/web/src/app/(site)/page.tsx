// Home (spec 01 §1, §2.1 "/"): what the platform offers, its claims, the live category list from
// the catalogue, how to get started, and the industries served.
import { MARKETING_CLAIMS } from '@apimarket/contracts';
import type { Metadata } from 'next';
import { connection } from 'next/server';
import { company } from '../../content/company';
import { homeContent } from '../../content/home';
import { serverData } from '../../lib/api/server';
import styles from './home.module.css';

export const metadata: Metadata = {
  title: { absolute: `${company.brand} - 一站式企业数据 API 服务平台` },
};

interface Category {
  id: number;
  categoryName: string;
  icon: string;
  description: string;
}

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
  await connection(); // categories are read per request (cached briefly in the web process)
  const categories = (await serverData<Category[]>('api/category/list', { ttl: 300 })) ?? [];
  const { hero, steps, industries } = homeContent;

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

      <section id="categories" className={styles.section}>
        <div className="container">
          <header className={styles.sectionHead}>
            <h2>{homeContent.categories.title}</h2>
            <p>{homeContent.categories.lead}</p>
          </header>
          {categories.length > 0 ? (
            <ul className={styles.categoryGrid}>
              {categories.map((c, i) => (
                <li key={c.id} className={styles.category}>
                  <span className={styles.categoryIcon} data-tone={i % 4} aria-hidden="true">
                    {c.categoryName.slice(0, 1)}
                  </span>
                  <h3>{c.categoryName}</h3>
                  <p>{c.description}</p>
                </li>
              ))}
            </ul>
          ) : (
            <div className={styles.empty} role="status">
              <p>{homeContent.categories.empty}</p>
              <a href={`tel:${company.hotline.replaceAll('-', '')}`}>{company.hotline}</a>
            </div>
          )}
        </div>
      </section>

      <section className={`${styles.section} ${styles.alt}`}>
        <div className="container">
          <header className={styles.sectionHead}>
            <h2>{steps.title}</h2>
          </header>
          <ol className={styles.steps}>
            {steps.items.map((s, i) => (
              <li key={s.title}>
                <span className={styles.stepNo}>{String(i + 1).padStart(2, '0')}</span>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className={styles.section}>
        <div className="container">
          <header className={styles.sectionHead}>
            <h2>{industries.title}</h2>
          </header>
          <ul className={styles.industries}>
            {industries.items.map((it) => (
              <li key={it.name}>
                <h3>{it.name}</h3>
                <p>{it.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
