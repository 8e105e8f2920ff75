// The documentation of one interface, shared by /api/{id} and /apiDetails?id=: description,
// request and response tables, codes, samples, code in six languages, price packages. The samples
// and the code table come from contracts (interface-doc.ts), which a server test runs against
// the gateway: what this page shows is what a call answers.
import {
  type CodeRow,
  callPath,
  codeSamples,
  docsApi,
  type InterfaceCard,
  type InterfaceDetail,
  interfaceCodes,
  KEY_PLACEHOLDER,
  PLATFORM_CODES,
  requestSample,
  sampleAnswer,
  sampleFields,
} from '@apimarket/contracts';
import { IconDownload } from '@tabler/icons-react';
import Link from 'next/link';
import { webConfig } from '@/config';
import { LeadButton, LeadInterface } from '@/components/leads/LeadProvider';
import { BuyPanel } from './BuyPanel';
import { FavoriteToggle } from './FavoriteToggle';
import { TrialButton } from '@/components/catalog/TrialButton';
import { apiTestPath } from '@/components/trial/trial-console';
import { CodeSamples } from './CodeSamples';
import styles from './doc.module.css';

/** A documentation table; the first column is a name (shown as code), the last of a
 *  five-column table an example (muted). On a phone each row becomes a card whose cells carry
 *  their column's name (data-label). */
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
              <td data-label={head[0]}>
                <code>{name}</code>
              </td>
              {cells.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns of one row
                <td key={i} data-label={head[i + 1]} className={head.length === 5 && i === cells.length - 1 ? styles.example : undefined}>
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

const CODE_GROUPS: Array<{ source: CodeRow['source']; title: string }> = [
  { source: 'interface', title: '接口返回码：数据源对格式正确的请求给出的结果' },
  { source: 'platform', title: '平台参数检查：请求数据源之前，参数缺失或格式不符' },
];

/** The code table: the interface's own codes, then the platform's answers to a bad parameter. */
function CodeTable({ rows }: { rows: CodeRow[] }) {
  return (
    <div className={styles.tableWrap}>
      <table>
        <thead>
          <tr>
            <th>返回码</th>
            <th>说明</th>
            <th>是否计费</th>
          </tr>
        </thead>
        {CODE_GROUPS.map((g) => (
          <tbody key={g.source}>
            <tr>
              <th colSpan={3} scope="rowgroup" className={styles.group}>
                {g.title}
              </th>
            </tr>
            {rows
              .filter((r) => r.source === g.source)
              .map((r) => (
                <tr key={r.code}>
                  <td data-label="返回码">
                    <code>{r.code}</code>
                  </td>
                  <td data-label="说明">
                    <span>
                      {r.message}
                      {r.when ? <span className={styles.when}>{r.when}</span> : null}
                    </span>
                  </td>
                  <td data-label="是否计费" className={styles.nowrap}>
                    {r.billable ? '计费' : '不计费'}
                  </td>
                </tr>
              ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}

export function InterfaceDoc({ d, gatewayUrl, related }: { d: InterfaceDetail; gatewayUrl: string; related: InterfaceCard[] }) {
  // 在线测试: the interface's public test console, which asks a visitor to log in itself.
  const trial = apiTestPath(d.id);
  // A Base64 parameter's example is a stub; the samples send a file, and the table says so.
  const shown = new Map(sampleFields(d).map((f) => [f.name, f.value]));
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
              申请更多免费调用
            </LeadButton>
            <Link href={trial} className={styles.secondary}>
              在线测试
            </Link>
          </div>
          {/* Decision 1: the 1000+ headline is a sales offer, apart from the trial of this interface. */}
          <p className={styles.promo}>
            「{webConfig.trialHeadline}」需留下联系方式，由顾问按您的业务场景开通
            {d.trialCalls > 0 ? `；与「免费试用 ${d.trialCalls} 次」分开计算` : ''}。
          </p>
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
                ['key', 'string', '是', '购买后在「我的API」获取的接口 Key，每个已购接口一个', KEY_PLACEHOLDER],
                ...d.params.map((p) => [p.name, p.type, p.required ? '是' : '否', p.description, shown.get(p.name) ?? p.example]),
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
            <p className={styles.muted}>参数缺失或格式不符（如身份证号校验位错误）由平台直接返回 SYSTEM_011 或 SYSTEM_042，不送达数据源，不计费。</p>
            <CodeTable rows={interfaceCodes(d)} />
            <details className={styles.platformCodes}>
              <summary>全部平台返回码（SYSTEM_ 开头，所有接口通用，均不计费）</summary>
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
                <h3>请求（表单，值按 UTF-8 URL 编码后发送）</h3>
                <pre className={styles.request}>{requestSample(gatewayUrl, d)}</pre>
              </div>
              <div>
                <h3>返回结果</h3>
                <pre>{JSON.stringify(sampleAnswer(d.sampleResponse), null, 2)}</pre>
              </div>
            </div>
          </section>
          <section>
            <h2>代码示例</h2>
            <CodeSamples samples={codeSamples(gatewayUrl, d)} />
            <p className={styles.openapi}>
              <a href={`/apiHome${callPath(docsApi.interface, { id: d.id }).path}`} download={`openapi-${d.id}.json`} className={styles.openapiLink}>
                <IconDownload size={16} aria-hidden="true" />
                下载 OpenAPI 文档
              </a>
              <span>OpenAPI 3.1（JSON），可导入 Apifox、Postman 等工具调试</span>
            </p>
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
