// The console's 发票管理 (finance, admin; issue #19): the queue of invoice requests and red-invoice
// requirements with each tab's count, one item with the member's figures and history, the PDF
// upload, and the decision — issue with number, date and PDF, reject with a reason, or record
// the red invoice of a requirement.
import { z } from 'zod';
import { XLSX_TYPE } from './call';
import { CONSOLE_LIMITS, CONSOLE_MSG } from './console';
import { defineCall, operatorCalls } from './declare';
import { INVOICE_NO, INVOICE_PDF, InvoiceIdInput, InvoiceRow, InvoiceSummary, type InvoiceStatus } from './invoices';
import { PDF_TYPE } from './ledger';
import { PageQuery } from './paging';
import { REVIEW_KEYWORD_MAX } from './console-reviews';

/** The queue's tabs: 待开票 first, then 待红冲 (both wait for finance), then the settled ones. */
export const INVOICE_QUEUE = ['requested', 'red_pending', 'issued', 'red_done', 'rejected'] as const satisfies readonly InvoiceStatus[];
export type InvoiceQueueStatus = (typeof INVOICE_QUEUE)[number];

export const CONSOLE_INVOICE_MSG = {
  decision: '请选择处理结果',
  invoiceNo: '请输入发票号码（8-20位数字）',
  invoiceDate: '请选择开票日期',
  futureDate: '开票日期不能晚于今天',
  pdf: '请上传发票 PDF 文件',
  pdfType: '请上传 PDF 格式的发票文件',
  pdfSize: `发票文件不能超过 ${INVOICE_PDF.maxBytes / 1024 / 1024}MB`,
  pdfNotPdf: '该文件不是有效的 PDF，请上传开票系统导出的 PDF 发票',
  pdfStale: '发票文件已失效，请重新上传',
  uploaded: '发票文件已上传',
  overInvoiced: (yuan: string) => `客户的可开票金额已不足（现为 ${yuan} 元，可能已有退款），请驳回该申请`,
  redNoReject: '红冲要求不能驳回，请开具红字发票后登记',
  notWaiting: '该发票已处理',
  exportTooMany: `一次最多导出 ${CONSOLE_LIMITS.exportMax.toLocaleString('en-US')} 条发票记录，请缩小筛选范围后再导出`,
} as const;

const keyword = z.preprocess((v) => (typeof v === 'string' ? v.trim().slice(0, REVIEW_KEYWORD_MAX) : ''), z.string());
const status = z.preprocess((v) => (v === '' || v === undefined || v === null ? 'requested' : v), z.enum([...INVOICE_QUEUE, 'all']).catch('requested'));

/** Keyword: login name, request number, title or invoice number. */
export const InvoiceQueueQuery = PageQuery.extend({ status, keyword });
export type InvoiceQueueQuery = z.infer<typeof InvoiceQueueQuery>;

const text = z.preprocess((v) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : v), z.string());

/**
 * issue: a blue request gets its invoice (number, date, the PDF uploaded first), a red
 * requirement its red invoice. reject: a blue request, with the reason the member reads.
 */
export const InvoiceDecisionInput = z
  .object({
    id: InvoiceIdInput.shape.id,
    decision: z.enum(['issue', 'reject'], { error: CONSOLE_INVOICE_MSG.decision }),
    reason: text.pipe(z.string().max(CONSOLE_LIMITS.reasonMax, CONSOLE_MSG.reason)),
    invoiceNo: text,
    invoiceDate: text,
    /** What invoices/upload answered. */
    fileKey: text,
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'reject') {
      if (!v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: CONSOLE_MSG.reasonRequired });
      return;
    }
    if (!INVOICE_NO.test(v.invoiceNo)) ctx.addIssue({ code: 'custom', path: ['invoiceNo'], message: CONSOLE_INVOICE_MSG.invoiceNo });
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v.invoiceDate) || Number.isNaN(Date.parse(v.invoiceDate)))
      ctx.addIssue({ code: 'custom', path: ['invoiceDate'], message: CONSOLE_INVOICE_MSG.invoiceDate });
    if (!v.fileKey) ctx.addIssue({ code: 'custom', path: ['fileKey'], message: CONSOLE_INVOICE_MSG.pdf });
  });
export type InvoiceDecisionInput = z.infer<typeof InvoiceDecisionInput>;

export const InvoiceQueueRow = InvoiceRow.extend({
  memberId: z.number().int(),
  loginName: z.string(),
  status: z.enum(INVOICE_QUEUE),
  decidedBy: z.string(),
});
export type InvoiceQueueRow = z.infer<typeof InvoiceQueueRow>;

export const InvoiceDetail = InvoiceQueueRow.extend({
  /** The member's figures now: what they spent, got back, have invoiced and may still invoice. */
  summary: InvoiceSummary,
  /** Red rows: the refund that called for it. */
  refund: z.object({ id: z.number().int(), amountFen: z.number().int(), decidedAt: z.string().nullable() }).nullable(),
  /** The member's other requests and requirements, newest first. */
  history: z.array(InvoiceQueueRow),
});
export type InvoiceDetail = z.infer<typeof InvoiceDetail>;

const countsOf = z.object(Object.fromEntries([...INVOICE_QUEUE, 'all'].map((v) => [v, z.number().int()])) as Record<InvoiceQueueStatus | 'all', z.ZodNumber>);

const call = operatorCalls('invoices');

/** 发票管理 (finance, admin). */
export const consoleInvoicesApi = {
  list: call({
    method: 'POST',
    path: '/console/invoices/list',
    summary: '发票管理队列（待开票、待红冲、已开票、已红冲、已驳回，附各状态数量）',
    input: InvoiceQueueQuery,
    answer: { rows: InvoiceQueueRow, extra: { counts: countsOf } },
  }),
  detail: call({
    method: 'POST',
    path: '/console/invoices/detail',
    summary: '开票申请详情（抬头、金额、会员可开票金额与开票历史；红冲附退款）',
    input: InvoiceIdInput,
    answer: { data: InvoiceDetail },
    fails: ['ALL_0011'],
  }),
  upload: call({
    method: 'POST',
    path: '/console/invoices/upload',
    body: 'multipart',
    summary: `上传发票 PDF（file，不超过 ${INVOICE_PDF.maxBytes / 1024 / 1024}MB；开具或登记红冲时引用）`,
    input: InvoiceIdInput,
    answer: { data: z.object({ fileKey: z.string() }) },
    fails: ['ALL_0011', 'ALL_0013'],
  }),
  decide: call({
    method: 'POST',
    path: '/console/invoices/decide',
    summary: '开具发票（发票号码、开票日期、PDF）、驳回申请或登记红字发票（重复提交不重复处理）',
    input: InvoiceDecisionInput,
    answer: { data: z.object({ row: InvoiceQueueRow, changed: z.boolean() }) },
    fails: ['ALL_0011', 'ALL_0013'],
  }),
  export: defineCall({
    method: 'GET',
    path: '/console/invoices/export',
    access: { operator: 'invoices' },
    summary: '导出发票记录 Excel（当前状态与关键词，最多 10,000 条，导出留痕）',
    input: InvoiceQueueQuery,
    answer: { file: [XLSX_TYPE] },
  }),
  pdf: defineCall({
    method: 'POST',
    path: '/console/invoices/pdf',
    access: { operator: 'invoices' },
    summary: '下载发票 PDF',
    input: InvoiceIdInput,
    answer: { file: [PDF_TYPE] },
    fails: ['ALL_0011'],
  }),
};
