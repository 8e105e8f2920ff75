// Invoices (发票, issue #19): the titles a company invoices to (发票抬头), what may be invoiced
// (可开票金额: money spent on purchases, renewals and paid tests, less refunds, less what is
// already invoiced), the requests the finance desk issues, and their PDFs. A refund after
// invoicing leaves a red-invoice requirement (红冲) in the same list. Only a main account
// invoices: the money is its own.
import { z } from 'zod';
import { isValidUscc } from './account';
import { qualifiedCall } from './declare';
import { formatFen, yuanToFen } from './format';
import { PageQuery, parseId } from './paging';
import { Email } from './validation';
import { PDF_TYPE } from './ledger';

export const INVOICE_TYPES = ['normal', 'special'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
export const INVOICE_TYPE_LABEL: Record<InvoiceType, string> = { normal: '增值税普通发票', special: '增值税专用发票' };

/** blue: an invoice the member asked for; red: the red invoice a refund after invoicing calls for. */
export const INVOICE_KINDS = ['blue', 'red'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_LABEL: Record<InvoiceKind, string> = { blue: '开票申请', red: '红冲' };

/** A blue request is requested → issued | rejected; a red requirement red_pending → red_done. */
export const INVOICE_STATUS = ['requested', 'issued', 'rejected', 'red_pending', 'red_done'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUS)[number];
export const INVOICE_STATUS_LABEL: Record<InvoiceStatus, string> = {
  requested: '待开票',
  issued: '已开票',
  rejected: '已驳回',
  red_pending: '待红冲',
  red_done: '已红冲',
};

export const INVOICE_LIMITS = { titlesMax: 20, pdfMaxBytes: 5 * 1024 * 1024 } as const;

/** The PDF the finance desk uploads: a .pdf whose first bytes are %PDF-. */
export const INVOICE_PDF = { maxBytes: INVOICE_LIMITS.pdfMaxBytes, extensions: ['pdf'], accept: '.pdf,application/pdf' } as const;

export const INVOICE_MSG = {
  titleMissing: '发票抬头不存在',
  titleType: '请选择发票类型',
  companyName: '请输入发票抬头（单位名称）',
  companyNameLong: '发票抬头不能超过100个字符',
  taxNo: '请输入纳税人识别号',
  taxNoFormat: '纳税人识别号应为18位统一社会信用代码（数字或大写字母）',
  taxNoChecksum: '纳税人识别号校验不通过，请核对后重新输入',
  address: '请输入注册地址',
  phone: '请输入正确的注册电话（如 021-12345678）',
  bankName: '请输入开户银行',
  bankAccount: '请输入正确的银行账号（8-32位数字）',
  specialFields: '增值税专用发票须填写注册地址、注册电话、开户银行和银行账号',
  specialNotQualified: '增值税专用发票仅限已通过企业认证的企业开具',
  specialNameMismatch: '增值税专用发票的抬头须与企业认证的企业名称一致',
  specialTaxNoMismatch: '增值税专用发票的纳税人识别号须与企业认证的统一社会信用代码一致',
  titlesTooMany: `最多保存 ${INVOICE_LIMITS.titlesMax} 个发票抬头`,
  titleSaved: '发票抬头已保存',
  titleDeleted: '发票抬头已删除',
  titleDefault: '已设为默认抬头',
  amount: '请输入正确的开票金额（最多两位小数）',
  amountZero: '开票金额须大于 0 元',
  amountOver: (fen: number) => `开票金额不能超过可开票金额 ${formatFen(fen)} 元`,
  email: '请输入正确的接收邮箱',
  requested: '开票申请已提交，财务开具后将发送至您的邮箱并通知您',
  subAccount: '子账号不能申请发票，请使用主账号申请',
  invoiceMissing: '发票不存在',
  pdfMissing: '该发票暂无可下载的文件',
} as const;

// ── Titles ───────────────────────────────────────────────────────────────────────────────────
const stop = (error: string) => ({ error, abort: true });
const optionalText = (max: number, msg: string) => z.preprocess((v) => (typeof v === 'string' ? v.trim() : ''), z.string().max(max, msg));

/** 纳税人识别号: a company's is its unified social credit code (GB 32100-2015), checked the same way. */
export const TaxNo = z
  .string({ error: INVOICE_MSG.taxNo })
  .trim()
  .toUpperCase()
  .min(1, stop(INVOICE_MSG.taxNo))
  .regex(/^[0-9A-Z]{18}$/, stop(INVOICE_MSG.taxNoFormat))
  .refine(isValidUscc, INVOICE_MSG.taxNoChecksum);

const PHONE = /^[0-9][0-9-]{6,19}$/;
const BANK_ACCOUNT = /^\d{8,32}$/;

/** invoice/title/save: a new title, or an edit when id names one of the account's. */
export const InvoiceTitleInput = z
  .object({
    id: z.preprocess((v) => (v === '' || v === undefined || v === null ? undefined : (parseId(v) ?? 0)), z.number().int().optional()),
    type: z.enum(INVOICE_TYPES, { error: INVOICE_MSG.titleType }),
    companyName: z.string({ error: INVOICE_MSG.companyName }).trim().min(1, stop(INVOICE_MSG.companyName)).max(100, INVOICE_MSG.companyNameLong),
    taxNo: TaxNo,
    address: optionalText(100, INVOICE_MSG.address),
    // Bank accounts are written with spaces on paper: they are kept as digits.
    phone: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : ''),
      z.string().refine((v) => v === '' || PHONE.test(v), INVOICE_MSG.phone),
    ),
    bankName: optionalText(60, INVOICE_MSG.bankName),
    bankAccount: z.preprocess(
      (v) => (typeof v === 'string' ? v.replace(/\s+/g, '') : ''),
      z.string().refine((v) => v === '' || BANK_ACCOUNT.test(v), INVOICE_MSG.bankAccount),
    ),
    isDefault: z.preprocess((v) => v === '1' || v === 'true' || v === true, z.boolean()),
  })
  .superRefine((v, ctx) => {
    if (v.type !== 'special') return;
    // A special invoice carries the buyer's full details: each missing one under its own field.
    const missing: Array<[keyof typeof v, string]> = [
      ['address', INVOICE_MSG.address],
      ['phone', INVOICE_MSG.phone],
      ['bankName', INVOICE_MSG.bankName],
      ['bankAccount', INVOICE_MSG.bankAccount],
    ];
    for (const [field, message] of missing) if (v[field] === '') ctx.addIssue({ code: 'custom', path: [field], message });
  });
export type InvoiceTitleInput = z.infer<typeof InvoiceTitleInput>;

export const InvoiceIdInput = z.object({ id: z.preprocess((v) => parseId(v) ?? 0, z.number().int()) });
export type InvoiceIdInput = z.infer<typeof InvoiceIdInput>;

export const InvoiceTitleRow = z.object({
  id: z.number().int(),
  type: z.enum(INVOICE_TYPES),
  typeLabel: z.string(),
  companyName: z.string(),
  taxNo: z.string(),
  address: z.string(),
  phone: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type InvoiceTitleRow = z.infer<typeof InvoiceTitleRow>;

// ── What may be invoiced ─────────────────────────────────────────────────────────────────────
/**
 * 可开票金额 = spent − refunded − invoiced, never below 0. Spent: the balance debited for
 * purchases, renewals and paid tests; refunded: refunds credited back; invoiced: requests waiting
 * or issued, less red-invoice requirements.
 */
export const InvoiceSummary = z.object({
  spentFen: z.number().int(),
  refundedFen: z.number().int(),
  invoicedFen: z.number().int(),
  invoiceableFen: z.number().int(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

const YUAN_TEXT = /^\d{1,8}(?:\.\d{1,2})?$/;

/** invoice/apply: a title, an amount in 元 (answered in fen), the e-mail the invoice is sent to. */
export const InvoiceRequestInput = z.object({
  titleId: z.preprocess((v) => parseId(v) ?? 0, z.number().int().positive(INVOICE_MSG.titleMissing)),
  amount: z
    .string({ error: INVOICE_MSG.amount })
    .trim()
    .transform((v) => v.replace(/^0+(?=\d)/, ''))
    .refine((v) => YUAN_TEXT.test(v), { message: INVOICE_MSG.amount, abort: true })
    .transform((v) => yuanToFen(v) ?? 0)
    .refine((fen) => fen > 0, INVOICE_MSG.amountZero),
  // The platform's e-mail rule, said as this form's field.
  email: z
    .string({ error: INVOICE_MSG.email })
    .trim()
    .max(254, INVOICE_MSG.email)
    .refine((v) => Email.safeParse(v).success, INVOICE_MSG.email),
});
export type InvoiceRequestInput = z.infer<typeof InvoiceRequestInput>;

/** invoice/list: the account's requests and red requirements, newest first. */
export const InvoiceListInput = PageQuery;

export const InvoiceRow = z.object({
  id: z.number().int(),
  /** The request's own number (FP + China day + id). */
  requestNo: z.string(),
  kind: z.enum(INVOICE_KINDS),
  kindLabel: z.string(),
  type: z.enum(INVOICE_TYPES),
  typeLabel: z.string(),
  /** The title as it was when asked for: a later edit of the title does not change it. */
  companyName: z.string(),
  taxNo: z.string(),
  address: z.string(),
  phone: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
  /** Positive; a red row's amount is what the red invoice takes back. */
  amountFen: z.number().int(),
  email: z.string(),
  status: z.enum(INVOICE_STATUS),
  statusLabel: z.string(),
  /** Why it was rejected; '' otherwise. */
  reason: z.string(),
  /** The invoice's own number and date once issued (for a red row, the red invoice's). */
  invoiceNo: z.string(),
  invoiceDate: z.string(),
  hasPdf: z.boolean(),
  /** Red rows: the refund that called for it. */
  refundId: z.number().int().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type InvoiceRow = z.infer<typeof InvoiceRow>;

/** Invoice numbers: the 8-digit paper numbers and the 20-digit 数电票 numbers alike. */
export const INVOICE_NO = /^\d{8,20}$/;

export const invoicesApi = {
  summary: qualifiedCall({
    method: 'POST',
    path: '/invoice/summary',
    summary: '可开票金额（已消费 − 已退款 − 已开票或申请中，单位：分）',
    answer: { data: InvoiceSummary },
    fails: ['ALL_0010'],
  }),
  titles: qualifiedCall({
    method: 'POST',
    path: '/invoice/title/list',
    summary: '发票抬头列表（默认抬头在前）',
    answer: { rows: InvoiceTitleRow },
    fails: ['ALL_0010'],
  }),
  saveTitle: qualifiedCall({
    method: 'POST',
    path: '/invoice/title/save',
    summary: '新增或修改发票抬头（专用发票仅限认证企业，抬头与认证信息一致）',
    input: InvoiceTitleInput,
    answer: { data: InvoiceTitleRow },
    fails: ['ALL_0010', 'ALL_0011', 'ALL_0013'],
  }),
  deleteTitle: qualifiedCall({
    method: 'POST',
    path: '/invoice/title/delete',
    summary: '删除发票抬头（已提交的申请保留申请时的抬头）',
    input: InvoiceIdInput,
    answer: { data: z.null() },
    fails: ['ALL_0010', 'ALL_0011'],
  }),
  setDefaultTitle: qualifiedCall({
    method: 'POST',
    path: '/invoice/title/default',
    summary: '设为默认发票抬头',
    input: InvoiceIdInput,
    answer: { data: InvoiceTitleRow },
    fails: ['ALL_0010', 'ALL_0011'],
  }),
  request: qualifiedCall({
    method: 'POST',
    path: '/invoice/apply',
    summary: '申请开票（金额不超过可开票金额，单位：元，最多两位小数）',
    input: InvoiceRequestInput,
    answer: { data: InvoiceRow },
    fails: ['ALL_0010', 'ALL_0011', 'ALL_0013'],
  }),
  list: qualifiedCall({
    method: 'POST',
    path: '/invoice/list',
    summary: '开票记录（申请、开具、驳回与红冲）',
    input: InvoiceListInput,
    answer: { rows: InvoiceRow },
    fails: ['ALL_0010'],
  }),
  download: qualifiedCall({
    method: 'POST',
    path: '/invoice/download',
    summary: '下载发票 PDF（仅本账号已开具的发票）',
    input: InvoiceIdInput,
    answer: { file: [PDF_TYPE] },
    fails: ['ALL_0010', 'ALL_0011'],
  }),
};
