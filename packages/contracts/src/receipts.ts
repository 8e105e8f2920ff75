// Receipts (回执) of an online query or a batch job: spec 01 §2.5, §3, §4, §7.2, §9; issue #21.
// Declared by the receipts work (modules/receipts on the server, /createImgZip and /print on the web).
// Three calls, each addressed by `type` (what the receipt is of) and `id` (the job's or report's
// id), answering only the caller's own: the receipt data (the compress-file call), the receipt
// images 15 at a time, and the 个人背景核查信息 PDF. The server draws images and PDF, so every
// browser files the same receipt.
import { z } from 'zod';
import { PDF_EXPORT, RECEIPT_FILTER_DOWNLOAD_METHOD, RECEIPT_ZIP_BATCH } from './constants';
import { qualifiedCall } from './declare';
import { PDF_TYPE } from './ledger';
import { parseId } from './paging';

/** What a receipt is of: a batch job (the spec's type=0) or an online query report (1). */
export const RECEIPT_TYPE = { job: 0, report: 1 } as const;
export type ReceiptType = (typeof RECEIPT_TYPE)[keyof typeof RECEIPT_TYPE];
export const RECEIPT_TYPE_LABEL: Record<ReceiptType, string> = { 0: '批量查询', 1: '在线查询' };

/** downloadMethod: 1 every answered row; 2 (spec §9) only verified rows of the filtered interfaces. */
export const RECEIPT_DOWNLOAD_METHOD = { all: 1, verified: RECEIPT_FILTER_DOWNLOAD_METHOD } as const;
export type ReceiptDownloadMethod = (typeof RECEIPT_DOWNLOAD_METHOD)[keyof typeof RECEIPT_DOWNLOAD_METHOD];

/**
 * Rows the list (and so the print page and the PDF) holds at most: a table a person prints and
 * a page a browser lays out. The images have no limit: they are drawn RECEIPT_ZIP_BATCH at a time.
 */
export const RECEIPT_LIST_MAX = 10_000;

export const RECEIPT_MSG = {
  type: '回执类型不正确',
  id: '请选择要生成回执的记录',
  downloadMethod: '下载方式不正确',
  interfaceId: '接口编号不正确',
  offset: '回执序号不正确',
  receiptName: '命名参数不正确',
  /** Another account's job or report, or one that is gone: one answer for both. */
  missing: '回执对应的查询记录不存在或已过保存期限',
  /** Nothing to put on a receipt: no answered row (or none left by downloadMethod 2). */
  empty: '没有可生成回执的查询结果',
  tooMany: `结果超过 ${RECEIPT_LIST_MAX.toLocaleString('en-US')} 条，无法在一页中打印或导出 PDF；请按接口或「仅验证一致」缩小范围，或下载回执图片`,
  /** A page opened without its query. */
  badLink: '回执链接不完整，请从查询记录或批量任务列表重新打开',
  done: (jobName: string) => `${jobName} 处理完成，即将关闭窗口！`,
} as const;

/**
 * The fixed columns of a receipt list around the subject's parameters: their labels (the list's
 * first row) and names (its second row), spec 01 §3. Row number and interface first; the result
 * and its times, then the order number (the call's seqNo) last.
 */
export const RECEIPT_LEAD_COLUMNS = [
  { name: 'rowNo', label: '序号' },
  { name: 'interfaceName', label: '核验项目' },
] as const;
export const RECEIPT_TAIL_COLUMNS = [
  { name: 'response', label: '核验结果' },
  { name: 'requestTime', label: '请求时间' },
  { name: 'responseTime', label: '回执时间' },
  { name: 'seqNo', label: '订单号' },
] as const;

const flag = z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 1, z.boolean());

const receiptTarget = {
  type: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? undefined : Number(v)),
    z.union([z.literal(0), z.literal(1)], { error: RECEIPT_MSG.type }),
  ),
  id: z.preprocess((v) => parseId(v) ?? undefined, z.number({ error: RECEIPT_MSG.id })),
  downloadMethod: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? 1 : Number(v)),
    z.union([z.literal(1), z.literal(2)], { error: RECEIPT_MSG.downloadMethod }),
  ),
  /** Narrows a report (or a job) to one interface's rows. */
  interfaceId: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? undefined : (parseId(v) ?? Number.NaN)),
    z.number({ error: RECEIPT_MSG.interfaceId }).optional(),
  ),
};

export const ReceiptInput = z.object(receiptTarget);
export type ReceiptInput = z.infer<typeof ReceiptInput>;

/**
 * The spec's compress-file answer. `list`: labels, names, then one row per answered call (all text).
 * `respParams`: each column name of the second row → its Chinese label (what a receipt prints
 * beside each value).
 */
export const ReceiptData = z.object({
  type: z.union([z.literal(0), z.literal(1)]),
  id: z.number().int(),
  /** A job's file name without its extension; a report's kind and subject (个人背景核查-张*). */
  jobName: z.string(),
  /** Data rows of `list` (after downloadMethod 2). */
  totalCount: z.number().int(),
  list: z.array(z.array(z.string())),
  respParams: z.record(z.string(), z.string()),
  interfaceNames: z.array(z.string()),
  /** Who issues the receipt: the platform's operator (config legal entity) and the site. */
  platform: z.string(),
  /** The account's company (its enterprise authentication), for the watermark. */
  companyName: z.string(),
  /** Why the PDF cannot be exported ('' when it can): a batch job of a family without receipts (Decision 92). */
  pdfRefusal: z.string(),
});
export type ReceiptData = z.infer<typeof ReceiptData>;

/** The receipt images of one step: RECEIPT_ZIP_BATCH rows from `offset`. */
export const ReceiptImagesInput = z.object({
  ...receiptTarget,
  offset: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? 0 : Number(v)),
    z.number({ error: RECEIPT_MSG.offset }).int(RECEIPT_MSG.offset).min(0, RECEIPT_MSG.offset).max(1_000_000, RECEIPT_MSG.offset),
  ),
  /** Draw the company name and the time across each receipt. */
  watermark: flag.default(false),
  /** Name each file by the subject's masked name (from the `receiptName` parameter) after its row number. */
  isReceiptName: flag.default(false),
  receiptName: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? 'name' : v),
    z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, RECEIPT_MSG.receiptName),
  ),
});
export type ReceiptImagesInput = z.infer<typeof ReceiptImagesInput>;

export const ReceiptImage = z.object({
  rowNo: z.number().int(),
  /** The zip entry's name: 12.png, or 12-张＊.png. */
  name: z.string(),
  /** The PNG, base64. */
  png: z.string(),
});
export type ReceiptImage = z.infer<typeof ReceiptImage>;

export const ReceiptImages = z.object({
  images: z.array(ReceiptImage),
  totalCount: z.number().int(),
  /** Where the next step starts; null when this was the last. */
  nextOffset: z.number().int().nullable(),
});
export type ReceiptImages = z.infer<typeof ReceiptImages>;

/** Text without control characters (a file name must not carry them). */
const printable = (s: string) => [...s].filter((ch) => (ch.codePointAt(0) ?? 0) >= 0x20 && ch !== '\u007f').join('');

/** The zip entry of one receipt: its row number, and the masked name when asked (＊ for *, which Windows refuses in names). */
export function receiptFileName(rowNo: number, maskedName?: string): string {
  const safe = printable(maskedName ?? '')
    .replaceAll('*', '＊')
    .replace(/[\\/:?"<>|]/g, '')
    .trim()
    .slice(0, 40);
  return safe ? `${rowNo}-${safe}.png` : `${rowNo}.png`;
}

/** The file name of a zip or PDF: what the customer named the job, without characters a file system refuses. */
export function receiptFileBase(jobName: string, fallback: string = PDF_EXPORT.fileName): string {
  const safe = printable(jobName)
    .replaceAll('*', '＊')
    .replace(/[\\/:?"<>|]/g, '_')
    .trim()
    .slice(0, 80);
  return safe || fallback;
}

/** What the two receipt pages are opened with (spec 01 §3 receipt query parameters). */
export interface ReceiptLink {
  type: ReceiptType;
  id: number;
  jobName: string;
  totalCount: number;
  downloadMethod?: ReceiptDownloadMethod;
  interfaceId?: number;
  /** The parameter that names the files (isReceiptName). */
  receiptName?: string;
  isReceiptName?: boolean;
}

/** The query of /createImgZip and /print (print: 1 the printable table, 0 the verification receipt). */
export function receiptQuery(link: ReceiptLink, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({
    type: String(link.type),
    id: String(link.id),
    jobName: link.jobName,
    totalCount: String(link.totalCount),
    downloadMethod: String(link.downloadMethod ?? RECEIPT_DOWNLOAD_METHOD.all),
    ...(link.interfaceId ? { interfaceId: String(link.interfaceId) } : {}),
    ...(link.receiptName ? { receiptName: link.receiptName } : {}),
    ...(link.isReceiptName ? { isReceiptName: '1' } : {}),
    ...extra,
  });
  return q.toString();
}

export const receiptsApi = {
  // The spec's compress-file call (§7.2: type=0, id, token → data.list, data.respParams).
  data: qualifiedCall({
    method: 'POST',
    path: '/query/compressFile',
    summary: '回执数据：批量任务（type=0）或在线查询（type=1）的结果列表（首行列名、次行字段名，其后每行一条结果）',
    input: ReceiptInput,
    answer: { data: ReceiptData },
    fails: ['ALL_0011'],
  }),
  images: qualifiedCall({
    method: 'POST',
    path: '/query/receiptImages',
    summary: `回执图片：自 offset 起最多 ${RECEIPT_ZIP_BATCH} 张 PNG（base64），可加企业名称与时间水印`,
    input: ReceiptImagesInput,
    answer: { data: ReceiptImages },
    fails: ['ALL_0011'],
  }),
  pdf: qualifiedCall({
    method: 'POST',
    path: '/query/receiptPdf',
    summary: `回执 PDF（${PDF_EXPORT.fileName}.pdf），每页 50 行；批量任务仅限可出具核验回执的接口`,
    input: ReceiptInput,
    answer: { file: [PDF_TYPE] },
    fails: ['ALL_0011'],
  }),
};
