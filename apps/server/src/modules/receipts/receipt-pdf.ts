// The 个人背景核查信息 PDF: the receipt table, 50 rows to an A4 sheet (spec 01 §9), drawn as text
// with pdfkit and Noto Sans SC (only the glyphs used are embedded). Text, not a screenshot of the
// page: it stays sharp at any zoom, can be searched and copied, and weighs kilobytes, so the
// spec's "scale 5" (the factor of a page captured to an image) has nothing to apply to.
import { createRequire } from 'node:module';
import path from 'node:path';
import { chinaClock, PRINT_ROWS_PER_SHEET, VERDICT } from '@apimarket/contracts';
import { loadPdfKit } from '../../files';

const FONT = path.join(path.dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')), '../fonts/NotoSansHans-Regular.otf');
const BOLD = path.join(path.dirname(FONT), 'NotoSansHans-Bold.otf');

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const ROW_H = 13;
const FONT_SIZE = 7;
/** The row number's column; every other column is as wide as its widest cell. */
const ROW_NO_WIDTH = 24;

export interface ReceiptPdf {
  title: string;
  jobName: string;
  platform: string;
  labels: string[];
  rows: string[][];
  /** Index of the result column (coloured by verdict). */
  verdictColumn: number;
}

/** Column widths: each as wide as its widest cell (capped), scaled down together to the page. */
function widths(doc: PDFKit.PDFDocument, labels: string[], rows: string[][]): number[] {
  const room = A4.width - MARGIN * 2;
  doc.font('regular').fontSize(FONT_SIZE);
  const natural = labels.map((label, i) => {
    if (i === 0) return ROW_NO_WIDTH;
    let w = doc.widthOfString(label);
    for (const r of rows) w = Math.max(w, doc.widthOfString(r[i] ?? ''));
    return Math.min(w + 8, 140);
  });
  const sum = natural.reduce((a, b) => a + b, 0);
  const scale = room / sum;
  return natural.map((w) => w * scale);
}

export async function receiptPdf(p: ReceiptPdf): Promise<Buffer> {
  const doc = new (await loadPdfKit())({ size: 'A4', margin: MARGIN, autoFirstPage: false, info: { Title: p.title, Author: '数据API市场' } });
  doc.registerFont('regular', FONT);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const cols = widths(doc, p.labels, p.rows);
  const sheets = Math.max(1, Math.ceil(p.rows.length / PRINT_ROWS_PER_SHEET));
  const made = chinaClock(new Date());
  // One line per cell, cut with … to its width (pdfkit's own ellipsis needs line wrapping, which may turn the page).
  const fit = (text: string, w: number) => {
    if (doc.widthOfString(text) <= w) return text;
    const chars = [...text];
    while (chars.length > 0 && doc.widthOfString(`${chars.join('')}…`) > w) chars.pop();
    return `${chars.join('')}…`;
  };
  const cell = (text: string, x: number, y: number, w: number) => doc.text(fit(text, w - 6), x + 3, y + 3, { lineBreak: false });

  for (let s = 0; s < sheets; s++) {
    doc.addPage();
    let y = MARGIN;
    doc
      .font('bold')
      .fontSize(16)
      .fillColor('#1b2333')
      .text(p.title, MARGIN, y, { width: A4.width - MARGIN * 2, align: 'center' });
    y += 26;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor('#556070')
      .text(`${p.jobName}　·　出具平台：${p.platform}　·　生成时间：${made}`, MARGIN, y, { width: A4.width - MARGIN * 2, align: 'center' });
    y += 18;

    // The header row on every sheet, so each printed page reads on its own.
    doc.rect(MARGIN, y, A4.width - MARGIN * 2, ROW_H + 2).fill('#eef3ff');
    doc.font('bold').fontSize(FONT_SIZE).fillColor('#1b2333');
    let x = MARGIN;
    p.labels.forEach((label, i) => {
      cell(label, x, y + 1, cols[i] ?? 0);
      x += cols[i] ?? 0;
    });
    y += ROW_H + 2;

    doc.font('regular').fontSize(FONT_SIZE);
    for (const row of p.rows.slice(s * PRINT_ROWS_PER_SHEET, (s + 1) * PRINT_ROWS_PER_SHEET)) {
      x = MARGIN;
      row.forEach((value, i) => {
        const verdict = i === p.verdictColumn;
        doc.fillColor(verdict && value === VERDICT.consistent ? '#0b7a3b' : verdict && value === VERDICT.inconsistent ? '#c0392b' : '#1b2333');
        cell(value, x, y, cols[i] ?? 0);
        x += cols[i] ?? 0;
      });
      y += ROW_H;
      doc
        .moveTo(MARGIN, y)
        .lineTo(A4.width - MARGIN, y)
        .lineWidth(0.4)
        .strokeColor('#e3e7ef')
        .stroke();
    }

    // The footer sits in the bottom margin: without it pdfkit would start a page for it.
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(7)
      .fillColor('#556070')
      .text(
        `本文件依据查询时数据源的返回结果生成，被查询人信息已脱敏；可在数据API市场用户中心按订单号核对。　第 ${s + 1} / ${sheets} 页`,
        MARGIN,
        A4.height - MARGIN - 4,
        { width: A4.width - MARGIN * 2, align: 'center', lineBreak: false },
      );
  }
  doc.end();
  return done;
}
