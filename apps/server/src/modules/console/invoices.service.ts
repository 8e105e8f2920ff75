// 发票管理 of the console (finance, admin): the queue of invoice requests and red-invoice
// requirements, one item with the member's figures and history, the PDF upload (checked by its
// first bytes), and the audited decision the member is told of. Issuing checks the figures again
// under the company's lock: a refund since the request may have left less to invoice.
import {
  CONSOLE_INVOICE_MSG,
  chinaDay,
  formatFen,
  INVOICE_QUEUE,
  INVOICE_STATUS_LABEL,
  INVOICE_TYPE_LABEL,
  type InvoiceDecisionInput,
  type InvoiceDetail,
  type InvoiceQueueQuery,
  type InvoiceQueueRow,
  type InvoiceQueueStatus,
  type QueuePage,
} from '@apimarket/contracts';
import { eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices, members, storedFiles } from '../../db/schema';
import { Conflict, Invalid, NotFound } from '../../http/errors';
import { type FileStore, newFileKey } from '../../storage';
import { sendMessage } from '../account/messages.service';
import { figuresOf, INVOICE_LINK, type InvoiceStored, invoiceView, pdfOf, refundOf, requestNo } from '../invoices/invoices.service';
import type { Actor } from './operators.service';
import { auditedExport, EXPORT_READ, withinExportLimit } from './audit.service';
import { type ExportColumn, exportTime, exportYuan } from './console-export';
import { decideAudited, listQueue, otherRequests, type QueueDef, type QueueSelect, queueItem, queueRow, queueRows, queueStatus } from './queue';

const HISTORY = 10;

function invoiceQuery(db: Db) {
  return db
    .select({ ...getTableColumns(invoices), loginName: members.loginName })
    .from(invoices)
    .innerJoin(members, eq(members.id, invoices.memberId))
    .$dynamic();
}

type InvoiceSelect = QueueSelect<ReturnType<typeof invoiceQuery>>;

function queueView({ loginName, ...r }: InvoiceSelect): InvoiceQueueRow {
  const row = invoiceView(r);
  return { ...row, status: queueStatus(INVOICE_QUEUE, row.status), memberId: r.memberId, loginName, decidedBy: r.decidedBy };
}

const INVOICES: QueueDef<InvoiceQueueStatus, ReturnType<typeof invoiceQuery>, InvoiceQueueRow> = {
  statuses: INVOICE_QUEUE,
  waiting: 'requested',
  columns: invoices,
  keyword: [members.loginName, invoices.companyName, invoices.taxNo, invoices.invoiceNo],
  missing: '开票申请不存在',
  query: invoiceQuery,
  view: queueView,
};

export function listInvoiceQueue(db: Db, q: InvoiceQueueQuery): Promise<QueuePage<InvoiceQueueRow, InvoiceQueueStatus>> {
  return listQueue(db, INVOICES, q);
}

export function invoiceQueueRow(db: Db, id: number): Promise<InvoiceQueueRow> {
  return queueRow(db, INVOICES, id);
}

/** The item with what finance weighs it against: the member's figures now, the refund behind a red row, the history. */
export async function invoiceDetail(db: Db, id: number): Promise<InvoiceDetail> {
  const raw = await queueItem(db, INVOICES, id);
  const row = queueView(raw);
  const [figures, refund, others] = await Promise.all([
    figuresOf(db, row.memberId),
    refundOf(db, raw.refundId),
    otherRequests(db, INVOICES, row.memberId, id, HISTORY),
  ]);
  const { issuedFen: _issued, ...summary } = figures;
  return { ...row, summary, refund, history: others.map(queueView) };
}

async function stored(db: Db, id: number): Promise<InvoiceStored> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw new NotFound(INVOICES.missing);
  return row;
}

const waitingStatus = (row: InvoiceStored) => (row.kind === 'red' ? 'red_pending' : 'requested');

/** PDF files start with %PDF-; the extension alone is the browser's word, not the file's. */
export const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';

/** Keeps an uploaded PDF for an item still waiting; the decision names it by the key answered. */
export async function uploadPdf(db: Db, files: FileStore, id: number, content: Buffer): Promise<{ fileKey: string }> {
  const row = await stored(db, id);
  if (row.status !== waitingStatus(row)) throw new Conflict(CONSOLE_INVOICE_MSG.notWaiting);
  if (!isPdf(content)) throw new Invalid(CONSOLE_INVOICE_MSG.pdfNotPdf);
  const fileKey = newFileKey('invoice', id, 'pdf');
  await files.put(fileKey, content, { contentType: 'application/pdf', kind: 'invoice', ownerId: id });
  return { fileKey };
}

export async function consolePdf(db: Db, files: FileStore, id: number) {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return pdfOf(files, row);
}

interface Decided {
  row: InvoiceStored;
  changed: boolean;
  before: string;
}

/**
 * The decision on one item, in the caller's transaction. Issue: a blue request gets its invoice
 * when the figures still allow it; a red requirement is recorded as done. Reject: blue only.
 * A decision already taken answers unchanged; one on an item decided otherwise is a conflict.
 */
async function decideInvoice(tx: Db, d: InvoiceDecisionInput, operator: string): Promise<Decided> {
  const [current] = await tx.select().from(invoices).where(eq(invoices.id, d.id)).for('update');
  if (!current) throw new NotFound(INVOICES.missing);
  const red = current.kind === 'red';
  if (d.decision === 'reject' && red) throw new Conflict(CONSOLE_INVOICE_MSG.redNoReject);
  const target = d.decision === 'reject' ? 'rejected' : red ? 'red_done' : 'issued';
  if (current.status === target) return { row: current, changed: false, before: current.status };
  if (current.status !== waitingStatus(current)) throw new Conflict(CONSOLE_INVOICE_MSG.notWaiting);
  const no = requestNo(current.id, current.createdAt);
  const yuan = `${formatFen(current.amountFen)} 元`;

  if (d.decision === 'reject') {
    const [row] = await tx
      .update(invoices)
      .set({ status: 'rejected', reason: d.reason, decidedBy: operator, decidedAt: new Date() })
      .where(eq(invoices.id, d.id))
      .returning();
    await sendMessage(tx, current.memberId, {
      kind: 'order',
      title: '开票申请未通过',
      body: `您的开票申请 ${no}（${yuan}）未通过，该金额已退回可开票金额。\n原因：${d.reason}`,
      link: INVOICE_LINK,
    });
    return { row: row ?? current, changed: true, before: current.status };
  }

  if (d.invoiceDate > chinaDay()) throw new Invalid(CONSOLE_INVOICE_MSG.futureDate);
  // The PDF must be one uploaded for this item (invoices/upload) and still stored.
  const [file] = await tx.select({ key: storedFiles.key }).from(storedFiles).where(eq(storedFiles.key, d.fileKey));
  if (!d.fileKey.startsWith(`invoice/${current.id}/`) || !file) throw new Invalid(CONSOLE_INVOICE_MSG.pdfStale);
  if (!red) {
    // Under the company's lock: a refund approved since the request may have left less to invoice.
    await tx.select({ id: members.id }).from(members).where(eq(members.id, current.memberId)).for('update');
    const f = await figuresOf(tx, current.memberId);
    const room = f.spentFen - f.refundedFen - f.issuedFen;
    if (current.amountFen > room) throw new Conflict(CONSOLE_INVOICE_MSG.overInvoiced(formatFen(Math.max(0, room))));
  }
  const [row] = await tx
    .update(invoices)
    .set({ status: target, invoiceNo: d.invoiceNo, invoiceDate: d.invoiceDate, pdfKey: d.fileKey, decidedBy: operator, decidedAt: new Date() })
    .where(eq(invoices.id, d.id))
    .returning();
  const typeLabel = INVOICE_TYPE_LABEL[current.type === 'special' ? 'special' : 'normal'];
  await sendMessage(
    tx,
    current.memberId,
    red
      ? {
          kind: 'order',
          title: '红字发票已开具',
          body: `红冲 ${no} 已完成：红字发票号码 ${d.invoiceNo}，冲销金额 ${yuan}，开票日期 ${d.invoiceDate}。可在「发票管理」中下载红字发票。`,
          link: INVOICE_LINK,
        }
      : {
          kind: 'order',
          title: '发票已开具',
          body: `您的开票申请 ${no} 已开具：${typeLabel}，抬头 ${current.companyName}，金额 ${yuan}，发票号码 ${d.invoiceNo}，开票日期 ${d.invoiceDate}。可在「发票管理」中下载发票 PDF。`,
          link: INVOICE_LINK,
        },
  );
  return { row: row ?? current, changed: true, before: current.status };
}

/** decideInvoice with its audit record, in one transaction: logged exactly when it changed something. */
export async function decideInvoiceInQueue(db: Db, actor: Actor, d: InvoiceDecisionInput): Promise<{ row: InvoiceQueueRow; changed: boolean }> {
  const { changed } = await decideAudited(
    db,
    actor,
    { action: `invoice.${d.decision}`, targetType: 'invoice' },
    (tx, operator) => decideInvoice(tx, d, operator),
    ({ row, before }) => ({
      before: { status: before, amountFen: row.amountFen },
      after:
        d.decision === 'reject'
          ? { status: row.status, reason: row.reason }
          : { status: row.status, invoiceNo: row.invoiceNo, invoiceDate: row.invoiceDate, pdfKey: row.pdfKey },
    }),
  );
  return { row: await invoiceQueueRow(db, d.id), changed };
}

/** The decision's answer in words. */
export function decisionMessage(row: InvoiceQueueRow, d: InvoiceDecisionInput, changed: boolean): string {
  const label = INVOICE_STATUS_LABEL[row.status];
  if (!changed) return `该${row.kind === 'red' ? '红冲' : '开票申请'}此前已${label.replace(/^已/, '')}，未重复处理`;
  if (d.decision === 'reject') return '开票申请已驳回，已通知客户';
  if (row.kind === 'red') return `已登记红字发票 ${row.invoiceNo}，已通知客户`;
  return `发票已开具：${formatFen(row.amountFen)} 元（${row.invoiceNo}），已通知客户`;
}

// ── Export ───────────────────────────────────────────────────────────────────────────────────
export const INVOICE_EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: '申请时间', width: 20 },
  { header: '申请单号', width: 22 },
  { header: '会员账号', width: 16 },
  { header: '类别', width: 10 },
  { header: '发票类型', width: 16 },
  { header: '发票抬头', width: 30 },
  { header: '纳税人识别号', width: 22 },
  { header: '金额（元）', width: 14, numFmt: '0.00' },
  { header: '状态', width: 10 },
  { header: '发票号码', width: 24 },
  { header: '开票日期', width: 12 },
  { header: '接收邮箱', width: 26 },
  { header: '处理人', width: 14 },
  { header: '处理时间', width: 20 },
  { header: '驳回原因', width: 30 },
];

/**
 * The invoices of the queue's filters as an xlsx for the books: a red row's amount is negative,
 * so a column sum is what stands invoiced. One audit record names who took it.
 */
export async function exportInvoices(db: Db, actor: Actor, q: Pick<InvoiceQueueQuery, 'status' | 'keyword'>): Promise<Buffer> {
  return auditedExport(db, actor, {
    sheet: '发票记录',
    columns: INVOICE_EXPORT_COLUMNS,
    targetType: 'invoice',
    filter: q,
    rows: withinExportLimit(await queueRows(db, INVOICES, q, EXPORT_READ), CONSOLE_INVOICE_MSG.exportTooMany),
    cells: (raw) => {
      const r = queueView(raw);
      return [
        exportTime(raw.createdAt),
        r.requestNo,
        r.loginName,
        r.kindLabel,
        r.typeLabel,
        r.companyName,
        r.taxNo,
        exportYuan(r.kind === 'red' ? -r.amountFen : r.amountFen),
        INVOICE_STATUS_LABEL[r.status],
        r.invoiceNo,
        r.invoiceDate,
        r.email,
        r.decidedBy,
        exportTime(raw.decidedAt),
        r.status === 'rejected' ? r.reason : '',
      ];
    },
  });
}
