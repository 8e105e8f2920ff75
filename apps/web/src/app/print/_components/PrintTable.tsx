'use client';
// The result table to print (print=1): 50 rows to a sheet, the header on each, the browser's
// print dialog PRINT_AUTO_DELAY_MS after the list arrives, and the same table as a PDF.
import { PRINT_AUTO_DELAY_MS, PRINT_ROWS_PER_SHEET, type ReceiptLink, VERDICT } from '@apimarket/contracts';
import { PrinterOutlined } from '@ant-design/icons';
import { Button, Empty, Space } from 'antd';
import { useEffect } from 'react';
import styles from '@/components/receipts/receipt-page.module.css';
import { PdfButton, ReceiptGate, useReceipt } from '@/components/receipts/use-receipt';

export const verdictClass = (v: string) => (v === VERDICT.consistent ? styles.consistent : v === VERDICT.inconsistent ? styles.inconsistent : undefined);

export function PrintTable({ link }: { link: ReceiptLink | null }) {
  const query = useReceipt(link);
  const data = query.data?.data;

  useEffect(() => {
    if (!data || data.totalCount === 0) return;
    const timer = setTimeout(() => window.print(), PRINT_AUTO_DELAY_MS);
    return () => clearTimeout(timer);
  }, [data]);

  if (!link || !data) {
    return (
      <main className={styles.page}>
        <ReceiptGate link={link} query={query} />
      </main>
    );
  }
  const [labels = [], names = [], ...rows] = data.list;
  const verdictAt = names.indexOf('response');
  const sheets = Array.from({ length: Math.ceil(rows.length / PRINT_ROWS_PER_SHEET) }, (_, i) =>
    rows.slice(i * PRINT_ROWS_PER_SHEET, (i + 1) * PRINT_ROWS_PER_SHEET),
  );

  return (
    <main className={styles.page}>
      <div className={styles.toolbar}>
        <div>
          <h1 className={styles.toolbarTitle}>{data.jobName}</h1>
          <p className={styles.muted}>
            共 {data.totalCount} 条结果，每页 {PRINT_ROWS_PER_SHEET} 条
          </p>
        </div>
        <Space wrap>
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} disabled={rows.length === 0}>
            打印
          </Button>
          <PdfButton link={link} refusal={rows.length === 0 ? '没有可导出的结果' : data.pdfRefusal} />
        </Space>
      </div>
      {rows.length === 0 ? <Empty className={styles.sheet} description="没有可打印的结果" /> : null}
      {sheets.map((sheet, i) => (
        <section className={styles.sheet} key={sheet[0]?.[0] ?? i} aria-label={`第 ${i + 1} 页`}>
          <header className={styles.sheetHead}>
            <h2>核验结果回执</h2>
            <p>
              {data.jobName}　·　出具平台：{data.platform}　·　第 {i + 1} / {sheets.length} 页
            </p>
          </header>
          <div className={styles.scroll}>
            <table className={styles.table} data-testid="receipt-table">
              <thead>
                <tr>
                  {labels.map((l) => (
                    <th key={l}>{l}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {sheet.map((row) => (
                  <tr key={row[0]}>
                    {row.map((cell, c) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are positional columns
                      <td key={c} className={c === verdictAt ? verdictClass(cell) : undefined}>
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </main>
  );
}
