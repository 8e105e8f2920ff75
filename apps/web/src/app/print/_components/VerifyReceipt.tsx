'use client';
// The verification receipt (print=0, spec 01 §2.5): every result numbered, with the subject,
// the wording and the order number, and a watermark of the company and the time to switch on
// before printing or saving.
import { chinaClock, type ReceiptLink } from '@apimarket/contracts';
import { PrinterOutlined } from '@ant-design/icons';
import { Button, Empty, Space, Switch } from 'antd';
import { useMemo, useState } from 'react';
import styles from '@/components/receipts/receipt-page.module.css';
import { PdfButton, ReceiptGate, useReceipt } from '@/components/receipts/use-receipt';
import { verdictClass } from './PrintTable';

/** A tiled watermark: the company and the time, faint and slanted, as a CSS background. */
function watermarkImage(text: string): string {
  const esc = text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  // The tile holds the whole slanted line (16 px CJK, about 9 px Latin) with room around it.
  const length = [...text].reduce((w, ch) => w + ((ch.codePointAt(0) ?? 0) > 0x2e7f ? 16 : 9), 0);
  const width = Math.ceil(length * Math.cos(0.42) + 80);
  const height = Math.ceil(length * Math.sin(0.42) + 90);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text x="30" y="${height - 40}" font-size="16" fill="#1b2333" fill-opacity="0.1" transform="rotate(-24 30 ${height - 40})" font-family="sans-serif">${esc}</text></svg>`;
  return `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}")`;
}

export function VerifyReceipt({ link }: { link: ReceiptLink | null }) {
  const query = useReceipt(link);
  const data = query.data?.data;
  const [watermark, setWatermark] = useState(true);
  const background = useMemo(() => (data ? watermarkImage(`${data.companyName || data.platform} ${chinaClock(new Date()).slice(0, 16)}`) : ''), [data]);

  if (!link || !data) {
    return (
      <main className={styles.page}>
        <ReceiptGate link={link} query={query} />
      </main>
    );
  }
  const [labels = [], names = [], ...rows] = data.list;
  const at = (name: string) => names.indexOf(name);
  const paramCols = names.flatMap((_, i) => (i > at('interfaceName') && i < at('response') ? [i] : []));

  return (
    <main className={styles.page}>
      <div className={`${styles.toolbar} ${styles.narrow}`}>
        <div>
          <h1 className={styles.toolbarTitle}>核验回执</h1>
          <p className={styles.muted}>{data.jobName}</p>
        </div>
        <Space wrap>
          <span className={styles.switch}>
            <Switch checked={watermark} onChange={setWatermark} aria-label="水印" data-testid="watermark-switch" /> 水印
          </span>
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} disabled={rows.length === 0}>
            打印
          </Button>
          <PdfButton link={link} refusal={rows.length === 0 ? '没有可导出的结果' : data.pdfRefusal} />
        </Space>
      </div>
      <article
        className={styles.receipt}
        style={watermark ? { backgroundImage: background } : undefined}
        data-testid="verify-receipt"
        data-watermark={watermark ? '1' : '0'}
      >
        <header className={styles.receiptHead}>
          <span className={styles.brand}>数据API市场</span>
          <h2>核验回执</h2>
          <p className={styles.muted}>
            {data.jobName}　·　共 {data.totalCount} 条
          </p>
        </header>
        {rows.length === 0 ? <Empty description="没有可生成回执的结果" /> : null}
        <ol className={styles.results}>
          {rows.map((r) => (
            <li key={r[0]} className={styles.result}>
              <div className={styles.resultHead}>
                <span className={styles.no}>{r[0]}</span>
                <strong className={styles.resultName}>{r[at('interfaceName')]}</strong>
                <span className={`${styles.verdict} ${verdictClass(r[at('response')] ?? '') ?? ''}`}>{r[at('response')]}</span>
              </div>
              <dl className={styles.facts}>
                {paramCols.map((i) => (
                  <div key={names[i]}>
                    <dt>{labels[i]}</dt>
                    <dd>{r[i] || '—'}</dd>
                  </div>
                ))}
              </dl>
              <dl className={styles.facts}>
                <div>
                  <dt>请求时间</dt>
                  <dd>{r[at('requestTime')] || '—'}</dd>
                </div>
                <div>
                  <dt>回执时间</dt>
                  <dd>{r[at('responseTime')] || '—'}</dd>
                </div>
                <div>
                  <dt>订单号</dt>
                  <dd className={styles.mono}>{r[at('seqNo')]}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ol>
        <footer className={styles.receiptFoot}>
          <p>出具平台：{data.platform}</p>
          <p>本回执依据查询时数据源的返回结果生成，仅证明所列核验的结果；被查询人信息已脱敏。可在数据API市场用户中心按订单号核对。</p>
        </footer>
      </article>
    </main>
  );
}
