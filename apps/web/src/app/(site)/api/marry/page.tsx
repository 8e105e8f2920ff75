// /api/marry: need matching. The visitor picks an industry and a scenario, or describes a need
// in words, and gets the interfaces that fit, each with what it does and the needs it serves. Plain links and a GET form, so
// it works (and is crawlable) without JavaScript.
import { catalogApi } from '@apimarket/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { serverCall, serverCallData } from '@/lib/api/server';
import { formatPrice } from '@/lib/catalog';
import styles from './marry.module.css';

export const metadata: Metadata = {
  title: '需求匹配',
  description: '选择行业与业务场景，或直接描述您的数据需求，为您推荐合适的数据接口并说明理由。',
};

type Query = { industry?: string; scenario?: string; need?: string };

const text = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');

export default async function MarryPage({ searchParams }: { searchParams: Promise<Query> }) {
  const q = await searchParams;
  const industry = text(q.industry, 10);
  const scenario = text(q.scenario, 30);
  const need = text(q.need, 200);
  const options = (await serverCallData(catalogApi.matchOptions, {}, { ttl: 3600 })) ?? [];
  const current = options.find((o) => o.industry === industry);
  const asked = Boolean(current || need);
  const result = asked
    ? await serverCall(catalogApi.match, { industry: current ? industry : undefined, scenario: current && scenario ? scenario : undefined, need }, { ttl: 60 })
    : null;
  const rows = result?.ok ? result.body.rows : [];
  const understood = result?.ok ? result.body.understood : [];
  const link = (patch: Query) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries({ industry, scenario, ...patch })) if (v) p.set(k, v);
    return `/api/marry?${p.toString()}`;
  };

  return (
    <>
      <section className={styles.banner}>
        <div className="container">
          <h1>需求匹配</h1>
          <p>告诉我们您的行业与场景，或直接写下要解决的问题，平台为您挑选合适的数据接口。</p>
        </div>
      </section>
      <div className={`container ${styles.page}`}>
        <section className={styles.step} aria-labelledby="by-scenario">
          <h2 id="by-scenario">按行业场景选择</h2>
          <nav className={styles.industries} aria-label="行业">
            {options.map((o) => (
              <Link key={o.industry} href={link({ industry: o.industry, scenario: '' })} className={o.industry === industry ? styles.on : undefined}>
                {o.industry}
              </Link>
            ))}
          </nav>
          {current ? (
            <ul className={styles.scenarios}>
              {current.scenarios.map((s) => (
                <li key={s.name}>
                  <Link href={link({ scenario: s.name })} className={s.name === scenario ? styles.on : undefined}>
                    <strong>{s.name}</strong>
                    <span>{s.description}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </section>

        <section className={styles.step} aria-labelledby="by-words">
          <h2 id="by-words">或描述您的需求</h2>
          <form action="/api/marry" method="get" className={styles.form}>
            {industry ? <input type="hidden" name="industry" value={industry} /> : null}
            <textarea
              name="need"
              defaultValue={need}
              maxLength={200}
              rows={3}
              placeholder="例如：网约车平台需要核验司机身份和驾驶证，并识别失信人员"
              aria-label="需求描述"
            />
            <button type="submit">为我匹配</button>
          </form>
        </section>

        {asked ? (
          <section aria-live="polite" className={styles.results}>
            <h2>
              为您匹配到 <strong>{rows.length}</strong> 个接口
              {understood.length > 0 ? <span className={styles.understood}>已识别：{understood.join('、')}</span> : null}
            </h2>
            {rows.length > 0 ? (
              <ol className={styles.list} data-testid="match-results">
                {rows.map((r) => (
                  <li key={r.id}>
                    <div className={styles.itemHead}>
                      <Link href={`/api/${r.id}`}>{r.interfaceName}</Link>
                      <span className={styles.category}>{r.categoryName}</span>
                      {r.enterpriseOnly ? <span className={styles.enterprise}>企业认证可用</span> : null}
                      <span className={styles.price}>{r.priceFrom === null ? '询价' : `${formatPrice(r.priceFrom)} 起`}</span>
                    </div>
                    <p className={styles.summary}>{r.summary}</p>
                    {/* Why it was chosen: the needs (or the scenario) it serves, as the visitor said them. */}
                    <ul className={styles.reasons} aria-label="推荐理由">
                      {r.reasons.map((why) => (
                        <li key={why}>{why}</li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ol>
            ) : (
              <p className={styles.empty}>暂时没有找到合适的接口。换个说法试试，或拨打 400-0999-656 由数据顾问为您推荐。</p>
            )}
          </section>
        ) : null}
      </div>
    </>
  );
}
