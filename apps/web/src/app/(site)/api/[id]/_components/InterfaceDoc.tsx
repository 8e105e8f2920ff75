// The documentation of one interface, shared by /api/{id} and /apiDetails?id=: description,
// request and response tables, codes, samples, code in six languages, price packages.
import { PLATFORM_CODES } from '@apimarket/contracts';
import Link from 'next/link';
import { codeSamples, type InterfaceCard, type InterfaceDetail } from '../../../../../lib/catalog';
import { LeadButton, LeadInterface } from '../../../../../components/leads/LeadProvider';
import { BuyPanel } from './BuyPanel';
import { FavoriteToggle } from './FavoriteToggle';
import { TrialButton } from '../../../../../components/catalog/TrialButton';
import { CodeSamples } from './CodeSamples';
import styles from './doc.module.css';

/** A documentation table; the first column is a name (shown as code), the last of a
 *  five-column table an example (muted). */
function DocTable({ head, rows }: { head: string[]; rows: string[][] }) {
  return (
    <div className={styles.tableWrap}>
      <table>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([name = '', ...cells]) => (
            <tr key={name}>
              <td>
                <code>{name}</code>
              </td>
              {cells.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns of one row
                <td key={i} className={head.length === 5 && i === cells.length - 1 ? styles.example : undefined}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The stored JSON loses key order; show samples in the order a reader expects. */
function sampleRequest(d: InterfaceDetail): Record<string, string> {
  return Object.fromEntries([['key', '您的接口Key'], ...d.params.map((p) => [p.name, d.sampleRequest[p.name] ?? p.example])]);
}

function sampleResponse(d: InterfaceDetail): unknown {
  const r = d.sampleResponse as Record<string, unknown>;
  const { code, message, data, seqNo, ...rest } = r;
  return { code, message, data, seqNo, ...rest };
}

export function InterfaceDoc({ d, gatewayUrl, related }: { d: InterfaceDetail; gatewayUrl: string; related: InterfaceCard[] }) {
  const trial = `/login?redirect=${encodeURIComponent(`/api/${d.id}`)}`;
  return (
    <div className={`container ${styles.page}`}>
      <LeadInterface name={d.interfaceName} />
      <nav className={styles.crumbs} aria-label="面包屑">
        <Link href="/">首页</Link>
        <span>/</span>
        <Link href="/api">API 商城</Link>
        <span>/</span>
        <Link href={`/api?type=${d.categoryId}`}>{d.categoryName}</Link>
        <span>/</span>
        <span aria-current="page">{d.interfaceName}</span>
      </nav>

      <header className={styles.head}>
        <div className={styles.headMain}>
          <div className={styles.titleRow}>
            <h1>{d.interfaceName}</h1>
            {d.isHot ? <span className={styles.hot}>热门</span> : null}
            {d.isNew ? <span className={styles.new}>新品</span> : null}
            {d.enterpriseOnly ? <span className={styles.enterprise}>企业认证后可用</span> : null}
          </div>
          <p className={styles.summary}>{d.summary}</p>
          <ul className={styles.labels}>
            {d.labels.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
          <dl className={styles.facts}>
            <div>
              <dt>接口地址</dt>
              <dd>
                <code>POST {d.path}</code>
              </dd>
            </div>
            <div>
              <dt>接口编号</dt>
              <dd>{d.id}</dd>
            </div>
            <div>
              <dt>计费方式</dt>
              <dd>按次计费，返回 10000 等计费码时扣次</dd>
            </div>
          </dl>
          <div className={styles.actions}>
            <LeadButton interfaceName={d.interfaceName} className={styles.primary}>
              免费试用
            </LeadButton>
            <Link href={trial} className={styles.secondary}>
              在线测试
            </Link>
          </div>
        </div>
        <section className={styles.packages} aria-labelledby="packages">
          <div className={styles.packagesHead}>
            <h2 id="packages">价格套餐</h2>
            <FavoriteToggle interfaceId={d.id} />
          </div>
          {d.packages.length > 0 ? (
            <BuyPanel interfaceId={d.id} packages={d.packages} />
          ) : (
            <p className={styles.muted}>该接口按需报价，请致电 400-0999-656。</p>
          )}
          {d.trialCalls > 0 ? <TrialButton interfaceId={d.id} calls={d.trialCalls} /> : null}
        </section>
      </header>

      <div className={styles.body}>
        <article className={styles.doc}>
          <section>
            <h2>接口描述</h2>
            <p>{d.description}</p>
            {d.scenarios.length > 0 ? (
              <ul className={styles.scenarios}>
                {d.scenarios.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            ) : null}
          </section>
          <section>
            <h2>请求参数</h2>
            <p className={styles.muted}>
              请求地址 <code>{`${gatewayUrl}${d.path}`}</code>，Content-Type：application/x-www-form-urlencoded
            </p>
            <DocTable
              head={['参数名', '类型', '必填', '说明', '示例']}
              rows={[
                ['key', 'string', '是', '购买后在用户中心获取的接口 Key，每个已购接口一个', '—'],
                ...d.params.map((p) => [p.name, p.type, p.required ? '是' : '否', p.description, p.example]),
              ]}
            />
          </section>
          <section>
            <h2>返回字段</h2>
            <DocTable
              head={['字段', '类型', '说明']}
              rows={[
                ['code', 'string', '返回码，见下方返回码说明'],
                ['message', 'string', '返回码说明'],
                ['seqNo', 'string', '调用流水号，联系客服时请提供'],
                ...d.responseFields.map((f) => [f.name, f.type, f.description]),
              ]}
            />
          </section>
          <section>
            <h2>返回码</h2>
            <DocTable head={['返回码', '说明', '是否计费']} rows={d.codes.map((c) => [c.code, c.message, c.billable ? '计费' : '不计费'])} />
            <details className={styles.platformCodes}>
              <summary>平台返回码（SYSTEM_ 开头，所有接口通用，均不计费）</summary>
              <DocTable head={['返回码', '说明']} rows={Object.entries(PLATFORM_CODES).map(([code, message]) => [code, message])} />
              <p>
                账号开启签名或加密调用后（账号设置 › 密钥管理），请求须携带 appKey、timestamp、nonce 与 sign，签名串规则、算法与计算示例见
                <Link href="/interfaceInfo/interface">接口接入说明</Link>。
              </p>
            </details>
          </section>
          <section>
            <h2>请求与返回示例</h2>
            <div className={styles.samples}>
              <div>
                <h3>请求参数</h3>
                <pre>{JSON.stringify(sampleRequest(d), null, 2)}</pre>
              </div>
              <div>
                <h3>返回结果</h3>
                <pre>{JSON.stringify(sampleResponse(d), null, 2)}</pre>
              </div>
            </div>
          </section>
          <section>
            <h2>代码示例</h2>
            <CodeSamples samples={codeSamples(gatewayUrl, d)} />
          </section>
        </article>
        <aside className={styles.aside}>
          <h2>相关接口</h2>
          <ul>
            {related.map((r) => (
              <li key={r.id}>
                <Link href={`/api/${r.id}`}>
                  <strong>{r.interfaceName}</strong>
                  <span>{r.summary}</span>
                </Link>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </div>
  );
}
