// The monthly statement (对账单, Decision 164) and the ledger's spreadsheet: what a finance
// department files. A statement is read from the ledger alone: the opening balance is the balance
// after the last row before the month, the closing one after the month's last row, and the lines
// add every row of the month by kind, so opening + credits + debits = closing by construction
// (the tests hold it to that).
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  chinaClock,
  chinaDay,
  formatFen,
  LEDGER_KIND_LABEL,
  LEDGER_KINDS,
  LEDGER_MSG,
  type LedgerRow,
  type Statement,
  type StatementQuery,
} from '@apimarket/contracts';
import { and, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import type { Db } from '../../db/client';
import { callStats, ledger, members, subAccounts } from '../../db/schema';
import { Invalid } from '../../http/errors';
import { type Account, companyMoneyReader } from '../account/access';
import { currentQualification } from '../qualification/qualification.service';
import { LEDGER_EXPORT_COLUMNS, ledgerCells, ledgerView } from './ledger.service';
import { loadExcel, loadPdfKit } from '../../files';

/** The instants a China month starts and ends, and its first and last day as printed. */
export function monthRange(month: string, now = new Date()) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const start = new Date(`${month}-01T00:00:00+08:00`);
  const next = m === 12 ? `${String(y + 1).padStart(4, '0')}-01` : `${month.slice(0, 4)}-${String(m + 1).padStart(2, '0')}`;
  const end = new Date(`${next}-01T00:00:00+08:00`);
  if (start > now) throw new Invalid(LEDGER_MSG.futureMonth);
  const lastDay = end > now ? chinaDay(now) : chinaDay(new Date(end.getTime() - 1));
  return { start, end, firstDay: `${month}-01`, lastDay };
}

export async function statementOf(db: Db, account: Account, { month }: Pick<StatementQuery, 'month'>): Promise<{ statement: Statement; rows: LedgerRow[] }> {
  const { start, end, firstDay, lastDay } = monthRange(month);
  const owner = companyMoneyReader(account);
  const [[before], rows, company, subs] = await Promise.all([
    db
      .select({ fen: ledger.balanceAfterFen })
      .from(ledger)
      .where(and(eq(ledger.memberId, owner), lt(ledger.createdAt, start)))
      .orderBy(desc(ledger.id))
      .limit(1),
    db
      .select()
      .from(ledger)
      .where(and(eq(ledger.memberId, owner), gte(ledger.createdAt, start), lt(ledger.createdAt, end)))
      .orderBy(ledger.id),
    currentQualification(db, owner),
    subAccountUse(db, owner, firstDay, lastDay),
  ]);
  const openingFen = before?.fen ?? 0;
  const lines = LEDGER_KINDS.map((kind) => {
    const mine = rows.filter((r) => r.kind === kind);
    return {
      kind,
      label: LEDGER_KIND_LABEL[kind],
      count: mine.length,
      creditFen: mine.reduce((s, r) => s + Math.max(0, r.amountFen), 0),
      debitFen: mine.reduce((s, r) => s + Math.min(0, r.amountFen), 0),
    };
  });
  const creditFen = lines.reduce((s, l) => s + l.creditFen, 0);
  const debitFen = lines.reduce((s, l) => s + l.debitFen, 0);
  const last = rows.at(-1);
  return {
    statement: {
      month,
      firstDay,
      lastDay,
      companyName: company?.status === 'approved' ? company.companyName : '',
      openingFen,
      closingFen: last ? last.balanceAfterFen : openingFen,
      creditFen,
      debitFen,
      lines,
      rows: rows.length,
      subAccounts: subs,
    },
    rows: rows.map(ledgerView),
  };
}

/** The month's charged calls of each sub-account of the company, from call_stats (China days). */
async function subAccountUse(db: Db, owner: number, firstDay: string, lastDay: string) {
  const costMfen = sql<string>`sum(${callStats.costMfen})::text`;
  const rows = await db
    .select({
      subAccountId: members.id,
      loginName: members.loginName,
      contacter: members.contacter,
      subCompanyName: sql<string>`coalesce(${subAccounts.subCompanyName}, '')`,
      chargedCalls: sql<string>`sum(${callStats.charged})::text`,
      costMfen,
    })
    .from(callStats)
    .innerJoin(members, eq(members.id, callStats.memberId))
    .leftJoin(subAccounts, eq(subAccounts.memberId, members.id))
    .where(and(eq(members.parentId, owner), gte(callStats.day, firstDay), lte(callStats.day, lastDay)))
    .groupBy(members.id, members.loginName, members.contacter, subAccounts.subCompanyName)
    .having(sql`sum(${callStats.charged}) > 0`)
    .orderBy(desc(costMfen), members.id);
  // Milli-fen summed exactly, rounded to the fen once per sub-account.
  return rows
    .map((r) => ({ ...r, chargedCalls: Number(r.chargedCalls), costFen: Math.round(Number(r.costMfen) / 1000), costMfen: undefined }))
    .map(({ costMfen: _, ...r }) => r);
}

// ── Spreadsheets ───────────────────────────────────────────────────────────────────────────────
const LEDGER_WIDTHS = [22, 20, 14, 26, 44, 14, 14, 14];

function ledgerSheet(book: ExcelJS.Workbook, name: string, rows: LedgerRow[]) {
  const sheet = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = LEDGER_EXPORT_COLUMNS.map((header, i) => ({ header, width: LEDGER_WIDTHS[i] ?? 14 }));
  sheet.getRow(1).font = { bold: true };
  for (const col of [6, 7, 8]) sheet.getColumn(col).numFmt = '#,##0.00';
  for (const r of rows) sheet.addRow(ledgerCells(r));
  return sheet;
}

async function newBook() {
  const book = new (await loadExcel()).Workbook();
  book.creator = '数据API市场';
  book.created = new Date();
  return book;
}

/** mytrade/consume/list with export=1. */
export async function ledgerXlsx(rows: LedgerRow[]): Promise<Buffer> {
  const book = await newBook();
  ledgerSheet(book, '账户流水', rows);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The statement as a workbook: the summary sheet, then every row of the month. */
export async function statementXlsx(s: Statement, rows: LedgerRow[]): Promise<Buffer> {
  const book = await newBook();
  const sheet = book.addWorksheet('对账单');
  sheet.columns = [{ width: 18 }, { width: 12 }, { width: 16 }, { width: 16 }];
  sheet.addRow([`账户对账单 ${s.month}`]).font = { bold: true, size: 14 };
  sheet.addRow(['单位名称', s.companyName || '—']);
  sheet.addRow(['对账期间', `${s.firstDay} 至 ${s.lastDay}（北京时间）`]);
  sheet.addRow([]);
  sheet.addRow(['期初余额（元）', '', s.openingFen / 100]).font = { bold: true };
  sheet.addRow(['类型', '笔数', '收入（元）', '支出（元）']).font = { bold: true };
  for (const l of s.lines) sheet.addRow([l.label, l.count, l.creditFen / 100, -l.debitFen / 100]);
  sheet.addRow(['合计', s.rows, s.creditFen / 100, -s.debitFen / 100]).font = { bold: true };
  sheet.addRow(['期末余额（元）', '', s.closingFen / 100]).font = { bold: true };
  if (s.subAccounts.length > 0) {
    sheet.addRow([]);
    sheet.addRow(['子账号用量', '计费次数', '金额（元）', '部门/子公司']).font = { bold: true };
    for (const u of s.subAccounts)
      sheet.addRow([`${u.loginName}${u.contacter ? `（${u.contacter}）` : ''}`, u.chargedCalls, u.costFen / 100, u.subCompanyName]);
  }
  for (const col of [3, 4]) sheet.getColumn(col).numFmt = '#,##0.00';
  ledgerSheet(book, '流水明细', rows);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export function statementFileName(month: string, ext: 'xlsx' | 'pdf'): { ascii: string; name: string } {
  return { ascii: `statement-${month}.${ext}`, name: `对账单-${month}.${ext}` };
}

// ── PDF ────────────────────────────────────────────────────────────────────────────────────────
// Noto Sans SC from @embedpdf/fonts-sc (OFL); pdfkit embeds only the glyphs a statement uses.
const FONT = path.join(path.dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')), '../fonts/NotoSansHans-Regular.otf');
const BOLD = path.join(path.dirname(FONT), 'NotoSansHans-Bold.otf');

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const DETAIL = [
  { title: '流水号', width: 88 },
  { title: '时间', width: 92 },
  { title: '类型', width: 62 },
  { title: '关联单号', width: 100 },
  { title: '收入（元）', width: 52, right: true },
  { title: '支出（元）', width: 52, right: true },
  { title: '余额（元）', width: 53, right: true },
] as const;

/** The statement on A4: the figures on top, every row of the month below (new pages as needed). */
export async function statementPdf(s: Statement, rows: LedgerRow[]): Promise<Buffer> {
  const doc = new (await loadPdfKit())({ size: 'A4', margin: MARGIN, info: { Title: `账户对账单 ${s.month}`, Author: '数据API市场' } });
  doc.registerFont('regular', FONT);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('bold').fontSize(18).text('账户对账单', { align: 'center' });
  doc.moveDown(0.5);
  doc.font('regular').fontSize(10);
  doc.text(`单位名称：${s.companyName || '—'}`);
  doc.text(`对账期间：${s.firstDay} 至 ${s.lastDay}（北京时间）`);
  doc.text(`生成时间：${chinaClock(new Date())}`);
  doc.moveDown();

  const summary: Array<[string, string, string, string]> = [
    ['类型', '笔数', '收入（元）', '支出（元）'],
    ...s.lines.map((l): [string, string, string, string] => [l.label, String(l.count), formatFen(l.creditFen), formatFen(-l.debitFen)]),
    ['合计', String(s.rows), formatFen(s.creditFen), formatFen(-s.debitFen)],
  ];
  doc.font('bold').text(`期初余额：${formatFen(s.openingFen)} 元`);
  doc.moveDown(0.3);
  summary.forEach((cells, i) => {
    const y = doc.y;
    doc.font(i === 0 || i === summary.length - 1 ? 'bold' : 'regular');
    cells.forEach((text, c) => {
      doc.text(text, MARGIN + c * 125, y, { width: 115, align: c === 0 ? 'left' : 'right', lineBreak: false });
    });
    doc.moveDown(0.35);
    doc.x = MARGIN;
  });
  doc.font('bold').text(`期末余额：${formatFen(s.closingFen)} 元`, MARGIN);
  doc.moveDown();

  if (s.subAccounts.length > 0) {
    doc.font('bold').fontSize(12).text('子账号用量（已购套餐内的调用，不另扣余额）', MARGIN);
    doc.moveDown(0.3);
    doc.fontSize(10);
    const subRows: Array<[string, string, string, string]> = [
      ['子账号', '部门/子公司', '计费次数', '金额（元）'],
      ...s.subAccounts.map((u): [string, string, string, string] => [
        `${u.loginName}${u.contacter ? `（${u.contacter}）` : ''}`,
        u.subCompanyName || '—',
        u.chargedCalls.toLocaleString('zh-CN'),
        formatFen(u.costFen),
      ]),
    ];
    subRows.forEach((cells, i) => {
      const y = doc.y;
      doc.font(i === 0 ? 'bold' : 'regular');
      cells.forEach((text, c) => {
        doc.text(text, MARGIN + c * 125, y, { width: 115, align: c < 2 ? 'left' : 'right', lineBreak: false, ellipsis: true });
      });
      doc.moveDown(0.35);
      doc.x = MARGIN;
    });
    doc.moveDown();
  }

  doc.font('bold').fontSize(12).text('流水明细', MARGIN);
  doc.moveDown(0.3);
  doc.fontSize(8);
  const header = () =>
    detailRow(
      doc,
      DETAIL.map((c) => c.title),
      true,
    );
  header();
  if (rows.length === 0) doc.font('regular').text('本月没有资金变动。', MARGIN);
  for (const r of rows) {
    if (doc.y > A4.height - MARGIN - 24) {
      doc.addPage();
      header();
    }
    detailRow(
      doc,
      [
        r.ledgerNo,
        chinaClock(new Date(r.createdAt)),
        r.kindLabel,
        r.orderNo || '—',
        r.amountFen > 0 ? formatFen(r.amountFen) : '',
        r.amountFen < 0 ? formatFen(-r.amountFen) : '',
        formatFen(r.balanceAfterFen),
      ],
      false,
    );
  }
  doc.end();
  return done;
}

function detailRow(doc: PDFKit.PDFDocument, cells: string[], bold: boolean) {
  const y = doc.y;
  let x = MARGIN;
  doc.font(bold ? 'bold' : 'regular');
  cells.forEach((text, i) => {
    const col = DETAIL[i];
    if (!col) return;
    doc.text(text, x, y, { width: col.width - 4, align: 'right' in col ? 'right' : 'left', lineBreak: false, ellipsis: true });
    x += col.width;
  });
  doc.x = MARGIN;
  doc.y = y + 13;
}
