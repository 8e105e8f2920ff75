// Receipts of a batch job (type 0) or an online query report (type 1): the rows a receipt shows,
// read from the caller's own job or report only, in the verification wording of spec 01 §9.
// Images and the PDF are drawn from the same rows (receipt-image.ts, receipt-pdf.ts).
import {
  chinaClock,
  isVerifiedRow,
  PDF_EXPORT,
  paramLabel,
  RECEIPT_DOWNLOAD_METHOD,
  RECEIPT_LEAD_COLUMNS,
  RECEIPT_LIST_MAX,
  RECEIPT_MSG,
  RECEIPT_TAIL_COLUMNS,
  RECEIPT_TYPE,
  RECEIPT_ZIP_BATCH,
  type ReceiptData,
  type ReceiptImages,
  type ReceiptImagesInput,
  type ReceiptInput,
  QUERY_KIND_LABEL,
  receiptFileName,
  verdictText,
} from '@apimarket/contracts';
import { type AnyColumn, and, asc, count, eq, inArray, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { batchJobRows, batchJobs, callRecords, interfaceDocs, interfaces, queryItems, queryReports } from '../../db/schema';
import { Invalid, NotFound } from '../../http/errors';
import type { Account } from '../account/access';
import { pdfExportCheck } from '../entitlements/entitlements.service';
import { shownRowParams } from '../online/batch-params';
import { currentQualification } from '../qualification/qualification.service';
import { receiptPng } from './receipt-image';
import { receiptPdf } from './receipt-pdf';

/** The site's name on every receipt, beside the operator's legal entity. */
export const SITE_NAME = '数据API市场';

/** One answered call as a receipt shows it. */
export interface ReceiptRow {
  rowNo: number;
  interfaceId: number;
  interfaceName: string;
  /** Masked, as stored. */
  params: Record<string, string>;
  code: string;
  message: string;
  data: unknown;
  /** The verification wording (spec 01 §9) or the message. */
  verdict: string;
  verified: boolean;
  seqNo: string;
  requestedAt: Date | null;
  answeredAt: Date | null;
}

export interface ReceiptSource {
  type: 0 | 1;
  id: number;
  jobName: string;
  /** Single-interface batch job: its interface (the PDF's gate, Decision 92). */
  jobInterfaceId: number | null;
  /** The subject's parameters in column order, with their labels. */
  columns: Array<{ name: string; label: string }>;
  interfaceNames: string[];
  /** Rows the filters keep, whatever the window. */
  total: number;
  rows: ReceiptRow[];
}

/** Which rows of the list: the images take RECEIPT_ZIP_BATCH at a time, the list and the PDF all. */
interface Window {
  offset: number;
  limit: number;
}

/** isVerifiedRow in SQL: 10000 with data.result (data.state for bank cards) 1. */
const verifiedSql = (code: AnyColumn, data: AnyColumn) => sql`(${code} = '10000' and coalesce(${data}->>'result', ${data}->>'state') = '1')`;

/**
 * The batch job's own answered rows, with the call record's times (found by the row's seqNo).
 * Filtered, counted and windowed in SQL: a job of many thousand rows is read 15 rows per image step.
 */
async function jobRows(db: Db, config: Config, account: Account, input: ReceiptInput, window?: Window) {
  const [job] = await db
    .select({ id: batchJobs.id, fileName: batchJobs.fileName, interfaceId: batchJobs.interfaceId, interfaceName: interfaces.interfaceName })
    .from(batchJobs)
    .innerJoin(interfaces, eq(interfaces.id, batchJobs.interfaceId))
    .where(and(eq(batchJobs.id, input.id), eq(batchJobs.memberId, account.memberId)));
  if (!job) throw new NotFound(RECEIPT_MSG.missing);
  const where = and(
    eq(batchJobRows.jobId, job.id),
    // Only rows whose call was made: a row not called yet has nothing to prove.
    isNotNull(batchJobRows.code),
    input.interfaceId !== undefined && input.interfaceId !== job.interfaceId ? sql`false` : undefined,
    input.downloadMethod === RECEIPT_DOWNLOAD_METHOD.verified && config.receipts.filterIds.has(job.interfaceId)
      ? verifiedSql(batchJobRows.code, batchJobRows.data)
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(batchJobRows).where(where);
  const query = db
    .select({
      rowNo: batchJobRows.rowNo,
      params: batchJobRows.params,
      code: batchJobRows.code,
      message: batchJobRows.message,
      data: batchJobRows.data,
      seqNo: batchJobRows.seqNo,
      recordedAt: callRecords.createdAt,
      latencyMs: callRecords.latencyMs,
    })
    .from(batchJobRows)
    .leftJoin(callRecords, eq(callRecords.seqNo, batchJobRows.seqNo))
    .where(where)
    .orderBy(asc(batchJobRows.rowNo))
    .$dynamic();
  const rows = window ? await query.limit(window.limit).offset(window.offset) : await query;
  return {
    jobName: job.fileName.replace(/\.[^.]+$/, ''),
    interfaceId: job.interfaceId,
    total: total?.n ?? 0,
    rows: rows.map((r) => ({
      rowNo: r.rowNo,
      interfaceId: job.interfaceId,
      interfaceName: job.interfaceName,
      // Masked only, whatever else the row keeps for its owner's result file.
      params: shownRowParams(r.params, true),
      code: r.code ?? '',
      message: r.message ?? '',
      data: r.data ?? null,
      seqNo: r.seqNo ?? '',
      // The record is written once the answer is in: answered then, asked latencyMs before.
      requestedAt: r.recordedAt ? new Date(r.recordedAt.getTime() - (r.latencyMs ?? 0)) : null,
      answeredAt: r.recordedAt ?? null,
    })),
  };
}

async function reportRows(db: Db, config: Config, account: Account, input: ReceiptInput, window?: Window) {
  const [report] = await db
    .select()
    .from(queryReports)
    .where(and(eq(queryReports.id, input.id), eq(queryReports.memberId, account.memberId)));
  if (!report) throw new NotFound(RECEIPT_MSG.missing);
  const filterIds = [...config.receipts.filterIds];
  const where = and(
    eq(queryItems.reportId, report.id),
    input.interfaceId !== undefined ? eq(queryItems.interfaceId, input.interfaceId) : undefined,
    // downloadMethod 2: rows of the filtered interfaces only when verified; the others stay.
    input.downloadMethod === RECEIPT_DOWNLOAD_METHOD.verified && filterIds.length > 0
      ? or(notInArray(queryItems.interfaceId, filterIds), verifiedSql(queryItems.code, queryItems.data))
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(queryItems).where(where);
  const query = db
    .select({ item: queryItems, interfaceName: interfaces.interfaceName })
    .from(queryItems)
    .innerJoin(interfaces, eq(interfaces.id, queryItems.interfaceId))
    .where(where)
    .orderBy(asc(queryItems.id))
    .$dynamic();
  const items = window ? await query.limit(window.limit).offset(window.offset) : await query;
  const kind = QUERY_KIND_LABEL[report.kind as keyof typeof QUERY_KIND_LABEL] ?? QUERY_KIND_LABEL.single;
  return {
    jobName: report.subject ? `${kind}-${report.subject}` : kind,
    total: total?.n ?? 0,
    rows: items.map(({ item, interfaceName }, i) => ({
      // A report's items are numbered as the receipt lists them.
      rowNo: (window?.offset ?? 0) + i + 1,
      interfaceId: item.interfaceId,
      interfaceName,
      params: item.params,
      code: item.code,
      message: item.message,
      data: item.data ?? null,
      seqNo: item.seqNo,
      requestedAt: item.requestedAt,
      answeredAt: item.answeredAt,
    })),
  };
}

/** The subject's parameters in the interfaces' documented order, each named once. */
async function columnsOf(db: Db, interfaceIds: number[], rows: ReadonlyArray<{ params: Record<string, string> }>) {
  const docs =
    interfaceIds.length === 0
      ? []
      : await db
          .select({ id: interfaceDocs.interfaceId, params: interfaceDocs.params })
          .from(interfaceDocs)
          .where(inArray(interfaceDocs.interfaceId, interfaceIds));
  const described = new Map<string, string>();
  for (const id of interfaceIds) for (const p of docs.find((d) => d.id === id)?.params ?? []) if (!described.has(p.name)) described.set(p.name, paramLabel(p));
  const used = new Set(rows.flatMap((r) => Object.keys(r.params)));
  const columns = [...described].filter(([name]) => used.has(name)).map(([name, label]) => ({ name, label }));
  // A parameter a row carries that the documentation no longer names still shows.
  for (const name of used) if (!described.has(name)) columns.push({ name, label: paramLabel({ name, description: '' }) });
  return columns;
}

/**
 * The caller's own job or report as receipt rows: interfaceId narrows to one interface, and
 * downloadMethod 2 keeps, for the interfaces of config.receipts.filterIds, only 10000 with
 * result 1 (rows of other interfaces stay). Another account's id answers as a missing one.
 * `total` counts every row the filters keep; `rows` are the window's (all without one).
 */
export async function loadReceipt(db: Db, config: Config, account: Account, input: ReceiptInput, window?: Window): Promise<ReceiptSource> {
  const source = input.type === RECEIPT_TYPE.job ? await jobRows(db, config, account, input, window) : await reportRows(db, config, account, input, window);
  const { interceptIds } = config.receipts;
  const rows = source.rows.map((r) => ({
    ...r,
    verdict: verdictText(r, interceptIds.has(r.interfaceId)),
    verified: interceptIds.has(r.interfaceId) && isVerifiedRow(r),
  }));
  const interfaceIds = [...new Set(rows.map((r) => r.interfaceId))];
  return {
    type: input.type,
    id: input.id,
    jobName: source.jobName,
    jobInterfaceId: 'interfaceId' in source ? source.interfaceId : null,
    columns: await columnsOf(db, interfaceIds, rows),
    interfaceNames: interfaceIds.map((id) => rows.find((r) => r.interfaceId === id)?.interfaceName ?? ''),
    total: source.total,
    rows,
  };
}

/** The list and the PDF hold every row; beyond RECEIPT_LIST_MAX they are refused (the images are not). */
async function wholeReceipt(db: Db, config: Config, account: Account, input: ReceiptInput): Promise<ReceiptSource> {
  const head = await loadReceipt(db, config, account, input, { offset: 0, limit: 0 });
  if (head.total > RECEIPT_LIST_MAX) throw new Invalid(RECEIPT_MSG.tooMany);
  return loadReceipt(db, config, account, input);
}

const clock = (at: Date | null) => (at ? chinaClock(at) : '');

/** A data row of the list: the fixed columns around the subject's parameters, all text. */
export function listRow(source: Pick<ReceiptSource, 'columns'>, r: ReceiptRow): string[] {
  return [
    String(r.rowNo),
    r.interfaceName,
    ...source.columns.map((c) => r.params[c.name] ?? ''),
    r.verdict,
    clock(r.requestedAt),
    clock(r.answeredAt),
    r.seqNo,
  ];
}

/** The header of the list: labels, then names (spec 01 §3). */
export function listHeader(source: Pick<ReceiptSource, 'columns'>): [string[], string[]] {
  const all = [...RECEIPT_LEAD_COLUMNS, ...source.columns, ...RECEIPT_TAIL_COLUMNS];
  return [all.map((c) => c.label), all.map((c) => c.name)];
}

/** Who the receipt is for (the watermark) and who issues it. */
async function parties(db: Db, config: Config, account: Account) {
  const q = await currentQualification(db, account.companyOwnerId);
  return { companyName: q?.companyName ?? '', platform: `${SITE_NAME}（${config.legalEntity.companyName}）` };
}

/** The PDF's refusal for a batch job whose interface yields no verification receipt; '' otherwise. */
async function pdfRefusalOf(db: Db, account: Account, source: ReceiptSource): Promise<string> {
  if (source.type !== RECEIPT_TYPE.job || source.jobInterfaceId === null) return '';
  const check = await pdfExportCheck(db, account, { interfaceId: source.jobInterfaceId });
  return check.allowed ? '' : check.reason;
}

/** The compress-file call: the list and its column names. */
export async function receiptData(db: Db, config: Config, account: Account, input: ReceiptInput): Promise<ReceiptData> {
  const source = await wholeReceipt(db, config, account, input);
  const [labels, names] = listHeader(source);
  const { companyName, platform } = await parties(db, config, account);
  return {
    type: source.type,
    id: source.id,
    jobName: source.jobName,
    totalCount: source.rows.length,
    list: [labels, names, ...source.rows.map((r) => listRow(source, r))],
    respParams: Object.fromEntries(names.map((n, i) => [n, labels[i] ?? n])),
    interfaceNames: source.interfaceNames,
    platform,
    companyName,
    pdfRefusal: await pdfRefusalOf(db, account, source),
  };
}

/** One step of the zip: RECEIPT_ZIP_BATCH images from `offset`, drawn on the server. */
export async function receiptImages(db: Db, config: Config, account: Account, input: ReceiptImagesInput): Promise<ReceiptImages> {
  const source = await loadReceipt(db, config, account, input, { offset: input.offset, limit: RECEIPT_ZIP_BATCH });
  if (source.total === 0) throw new Invalid(RECEIPT_MSG.empty);
  const { companyName, platform } = await parties(db, config, account);
  const watermark = input.watermark && companyName ? `${companyName} ${chinaClock(new Date()).slice(0, 16)}` : '';
  const images = await Promise.all(
    source.rows.map(async (r) => ({
      rowNo: r.rowNo,
      name: receiptFileName(r.rowNo, input.isReceiptName ? r.params[input.receiptName] : undefined),
      png: (await receiptPng({ row: r, columns: source.columns, platform, watermark })).toString('base64'),
    })),
  );
  const next = input.offset + RECEIPT_ZIP_BATCH;
  return { images, totalCount: source.total, nextOffset: next < source.total ? next : null };
}

/** The 个人背景核查信息 PDF; a batch job only of an interface that yields receipts (Decision 92). */
export async function receiptPdfFile(db: Db, config: Config, account: Account, input: ReceiptInput): Promise<Buffer> {
  const source = await wholeReceipt(db, config, account, input);
  const refusal = await pdfRefusalOf(db, account, source);
  if (refusal) throw new Invalid(refusal);
  if (source.rows.length === 0) throw new Invalid(RECEIPT_MSG.empty);
  const { platform } = await parties(db, config, account);
  const [labels] = listHeader(source);
  return receiptPdf({
    title: PDF_EXPORT.fileName,
    jobName: source.jobName,
    platform,
    labels,
    rows: source.rows.map((r) => listRow(source, r)),
    verdictColumn: labels.length - RECEIPT_TAIL_COLUMNS.length,
  });
}
