// /testOnline (spec 01 §2.1): the interfaces open to a free trial, by category, each with its
// trial amount and a way into its test console (/apiTest?id=). Server-rendered from the public
// catalogue and regenerated every 5 minutes, so crawlers read the whole list.
import { catalogApi, type InterfaceCard, MAX_PAGE_SIZE } from '@apimarket/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { CategoryIcon } from '@/components/visual/CategoryIcon';
import { apiTestPath, trialGroups } from '@/components/trial/trial-console';
import { serverCall, serverCallData } from '@/lib/api/server';
import styles from './test-online.module.css';

export const revalidate = 300;

export const metadata: Metadata = {
  title: '在线试用 - 免费测试数据接口',
  description: '实名认证、人像比对、身份证 OCR、银行卡与手机号核验、企业工商等常用数据接口，注册并完成企业认证后即可在线免费试用，真实调用、即时返回结果。',
  alternates: { canonical: '/testOnline' },
};

/**
 * Every interface on sale, a page of MAX_PAGE_SIZE at a time: the catalogue has a few hundred,
 * and the trial ones are spread over all of them. Each page is remembered like any public answer.
 */
async function allInterfaces(): Promise<InterfaceCard[] | null> {
  const rows: InterfaceCard[] = [];
  for (let pageNum = 1; pageNum <= 20; pageNum++) {
    const r = await serverCall(catalogApi.search, { pageNum, pageSize: MAX_PAGE_SIZE, sortId: 0 }, { ttl: 300 });
    if (!r.ok) return pageNum === 1 ? null : rows;
    rows.push(...r.body.rows);
    if (r.body.rows.length < MAX_PAGE_SIZE || rows.length >= r.body.total) break;
  }
  return rows;
}

export default async function TestOnlinePage() {
  const [categories, cards] = await Promise.all([serverCallData(catalogApi.categories, {}, { ttl: 300 }), allInterfaces()]);
  const groups = trialGroups(categories ?? [], cards ?? []);
  const count = groups.reduce((n, g) => n + g.rows.length, 0);
  return (
    <div className={`container ${styles.page}`}>
      <nav className={styles.crumbs} aria-label="面包屑">
        <Link href="/">首页</Link>
        <span>/</span>
        <span aria-current="page">在线试用</span>
      </nav>
      <header className={styles.hero}>
        <h1>在线试用</h1>
        <p className={styles.lead}>
          不写代码，在页面上填入参数即可真实调用接口、查看返回结果。试用次数从注册赠送的免费测试额度中扣除，每个接口每个账号限领一次，领取后 30 天内有效。
        </p>
        <ol className={styles.steps} aria-label="试用步骤">
          <li>
            <strong>1</strong>注册并登录
          </li>
          <li>
            <strong>2</strong>完成企业认证
          </li>
          <li>
            <strong>3</strong>选择接口，在线调用
          </li>
        </ol>
      </header>

      {count === 0 ? (
        <section className={styles.empty} data-testid="trial-list-empty">
          <h2>暂时没有开放试用的接口</h2>
          <p>试用接口正在调整，您可以先浏览 API 商城，查看接口文档与价格；如需测试，请致电 400-0999-656 联系顾问开通。</p>
          <Link href="/api" className={styles.primary}>
            浏览 API 商城
          </Link>
        </section>
      ) : (
        <>
          <p className={styles.count}>
            共 <strong>{count}</strong> 个接口开放免费试用
          </p>
          {groups.map((g) => (
            <section key={g.categoryId} className={styles.group} aria-labelledby={`trial-cat-${g.categoryId}`}>
              <h2 id={`trial-cat-${g.categoryId}`} className={styles.groupTitle}>
                <span className={styles.groupIcon} aria-hidden="true">
                  <CategoryIcon name={g.rows[0]?.icon ?? ''} size={18} />
                </span>
                {g.categoryName}
                <span className={styles.groupCount}>{g.rows.length} 个</span>
              </h2>
              <ul className={styles.list}>
                {g.rows.map((r) => (
                  <li key={r.id} className={styles.item} data-testid="trial-item">
                    <div className={styles.itemHead}>
                      <h3>
                        <Link href={`/api/${r.id}`}>{r.interfaceName}</Link>
                      </h3>
                      <span className={styles.calls}>免费 {r.trialCalls} 次</span>
                    </div>
                    <p className={styles.summary}>{r.summary}</p>
                    <div className={styles.itemFoot}>
                      <Link href={`/api/${r.id}`} className={styles.docLink}>
                        接口文档
                      </Link>
                      <Link href={apiTestPath(r.id)} className={styles.tryLink} aria-label={`在线试用 ${r.interfaceName}`}>
                        在线试用
                      </Link>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </div>
  );
}
