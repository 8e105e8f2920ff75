// The account's ledger (账户流水, issue #19): every change of a company's money is one row, so the
// balance is the sum of its rows and a finance department can reconcile any month. The kinds, the
// numbers a row is known by, the list with its filters and the monthly statement (对账单).
import { z } from 'zod';
import { XLSX_TYPE } from './call';
import { chinaDay } from './china-time';
import { qualifiedCall } from './declare';
import { PageQuery } from './paging';

/** Everything that moves money, in the order a statement lists them. */
export const LEDGER_KINDS = ['recharge', 'payment', 'purchase', 'renewal', 'paytest', 'paytest_expiry', 'refund', 'adjust'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LEDGER_KIND_LABEL: Record<LedgerKind, string> = {
  recharge: '对公转账充值',
  payment: '在线支付',
  purchase: '购买接口',
  renewal: '自动续费',
  paytest: '付费测试',
  paytest_expiry: '付费测试到期',
  refund: '退款',
  adjust: '平台调账',
};

export const PDF_TYPE = 'application/pdf';

export const LEDGER_MSG = {
  month: '请选择正确的月份',
  futureMonth: '该月份尚未开始，暂无对账单',
  tooMany: '导出的流水超过 10000 条，请缩小日期范围后再导出',
} as const;

/** A row's own number (流水号): L + its China day + its id, so it sorts and never repeats. */
export function ledgerNo(id: number, createdAt: string | Date): string {
  return `L${chinaDay(new Date(createdAt)).replaceAll('-', '')}${String(id).padStart(8, '0')}`;
}

/** A paid test's number as the ledger and its messages show it. */
export function payTestNo(id: number): string {
  return `T${String(id).padStart(9, '0')}`;
}

const optionalDay = z.preprocess((v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined), z.string().optional());
const flag = z.preprocess((v) => v === '1' || v === 'true' || v === true, z.boolean());

/** mytrade/consume/list: the ledger, newest first, by kind, China days (inclusive) and number. */
export const LedgerQuery = PageQuery.extend({
  kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(LEDGER_KINDS).optional().catch(undefined)),
  startDate: optionalDay,
  endDate: optionalDay,
  /** An order number, transfer number or 流水号, or a part of one. */
  orderNo: z.preprocess((v) => (typeof v === 'string' ? v.replace(/[^0-9A-Za-z-]/g, '').slice(0, 64) : ''), z.string()),
  export: flag,
});
export type LedgerQuery = z.infer<typeof LedgerQuery>;

export const LedgerRow = z.object({
  id: z.number().int(),
  ledgerNo: z.string(),
  kind: z.enum(LEDGER_KINDS),
  kindLabel: z.string(),
  /** The order, transfer or paid test the row belongs to ('' for none). */
  orderNo: z.string(),
  note: z.string(),
  /** Signed: + credits the balance, − debits it. */
  amountFen: z.number().int(),
  balanceAfterFen: z.number().int(),
  createdAt: z.string(),
});
export type LedgerRow = z.infer<typeof LedgerRow>;

/** mytrade/statement: one China calendar month of this century (YYYY-MM); format asks for the file instead of the figures. */
export const StatementQuery = z.object({
  month: z
    .string({ error: LEDGER_MSG.month })
    .trim()
    .regex(/^20\d{2}-(0[1-9]|1[0-2])$/, LEDGER_MSG.month),
  format: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['xlsx', 'pdf']).optional().catch(undefined)),
});
export type StatementQuery = z.infer<typeof StatementQuery>;

export const StatementLine = z.object({
  kind: z.enum(LEDGER_KINDS),
  label: z.string(),
  count: z.number().int(),
  creditFen: z.number().int(),
  /** Negative or 0. */
  debitFen: z.number().int(),
});
export type StatementLine = z.infer<typeof StatementLine>;

/**
 * What one sub-account used of the main account's purchases in the month (Decision 176): its
 * charged calls and what they cost at their purchase's unit price. Not a balance change — the
 * packages were paid when bought — but the part of those payments each team consumed.
 */
export const StatementSubLine = z.object({
  subAccountId: z.number().int(),
  loginName: z.string(),
  contacter: z.string(),
  subCompanyName: z.string(),
  chargedCalls: z.number().int(),
  costFen: z.number().int(),
});
export type StatementSubLine = z.infer<typeof StatementSubLine>;

export const Statement = z.object({
  month: z.string(),
  /** China days, inclusive; the last is today for the running month. */
  firstDay: z.string(),
  lastDay: z.string(),
  companyName: z.string(),
  openingFen: z.number().int(),
  closingFen: z.number().int(),
  creditFen: z.number().int(),
  debitFen: z.number().int(),
  /** Every kind, with zeros, so two months compare line by line. */
  lines: z.array(StatementLine),
  rows: z.number().int(),
  /** Each sub-account with charged calls in the month, most cost first. */
  subAccounts: z.array(StatementSubLine),
});
export type Statement = z.infer<typeof Statement>;

export const ledgerApi = {
  ledger: qualifiedCall({
    method: 'POST',
    path: '/mytrade/consume/list',
    summary: '账户流水（充值、购买、续费、退款、付费测试、调账，每笔含余额；export=1 时导出 xlsx）',
    input: LedgerQuery,
    answer: { rows: LedgerRow, export: [XLSX_TYPE] },
  }),
  statement: qualifiedCall({
    method: 'POST',
    path: '/mytrade/statement',
    summary: '月度对账单（期初余额、按类型汇总、期末余额；format=xlsx|pdf 时下载文件）',
    input: StatementQuery,
    answer: { data: Statement, export: [XLSX_TYPE, PDF_TYPE] },
  }),
} as const;
