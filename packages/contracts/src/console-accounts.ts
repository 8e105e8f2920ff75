// The console's 账户资金 area (issue #19; finance and admin): each company's balance and ledger as
// the member reads it, and the adjustment finance makes with a reason (Decision 169). The page and
// the server read the same rules and messages.
import { z } from 'zod';
import { XLSX_TYPE } from './call';
import { operatorCalls } from './declare';
import { yuanToFen } from './format';
import { LedgerQuery, LedgerRow } from './ledger';
import { PageQuery } from './paging';

export const ADJUST_LIMITS = { minFen: 1, maxFen: 100_000_000, reasonMin: 4, reasonMax: 200 } as const;

export const FUNDS_MSG = {
  missing: '账号不存在',
  notMain: '子账号没有独立余额，请在其主账号下调账',
  direction: '请选择调增或调减',
  amount: '请输入正确的调账金额（最多两位小数）',
  amountRange: '单笔调账金额须在 0.01 元至 100 万元之间',
  reason: `请填写调账原因（${ADJUST_LIMITS.reasonMin}-${ADJUST_LIMITS.reasonMax} 个字）`,
  request: '请刷新页面后重新调账',
  short: (balance: string) => `调减金额不能超过账户余额 ${balance} 元`,
  credited: (amount: string) => `已调增 ${amount} 元，已通知客户`,
  debited: (amount: string) => `已调减 ${amount} 元，已通知客户`,
  same: '该调账此前已处理，未重复入账',
} as const;

const MemberId = z.coerce.number({ error: FUNDS_MSG.missing }).int(FUNDS_MSG.missing).positive(FUNDS_MSG.missing);

export const AccountListQuery = PageQuery.extend({
  /** Login name, company name or mobile, or a part of one. */
  keyword: z.preprocess((v) => (typeof v === 'string' ? v.trim().slice(0, 50) : ''), z.string()),
});
export type AccountListQuery = z.infer<typeof AccountListQuery>;

export const AccountRow = z.object({
  /** The main account's member id. */
  id: z.number().int(),
  loginName: z.string(),
  /** The authenticated company's name ('' before authentication). */
  companyName: z.string(),
  balanceFen: z.number().int(),
  movements: z.number().int(),
  lastMovementAt: z.string().nullable(),
});
export type AccountRow = z.infer<typeof AccountRow>;

export const AccountLedgerQuery = LedgerQuery.extend({ memberId: MemberId });
export type AccountLedgerQuery = z.infer<typeof AccountLedgerQuery>;

export const ADJUST_DIRECTIONS = ['credit', 'debit'] as const;
export const ADJUST_DIRECTION_LABEL = { credit: '调增（计入余额）', debit: '调减（从余额扣除）' } as const;

export const AccountAdjustInput = z.object({
  memberId: MemberId,
  direction: z.enum(ADJUST_DIRECTIONS, { error: FUNDS_MSG.direction }),
  amount: z
    .string({ error: FUNDS_MSG.amount })
    .trim()
    .regex(/^0*\d+(\.\d{1,2})?$/, FUNDS_MSG.amount)
    .transform((v) => yuanToFen(v.replace(/^0+(?=\d)/, '')) ?? Number.POSITIVE_INFINITY)
    .refine((fen) => fen >= ADJUST_LIMITS.minFen && fen <= ADJUST_LIMITS.maxFen, FUNDS_MSG.amountRange),
  reason: z.string({ error: FUNDS_MSG.reason }).trim().min(ADJUST_LIMITS.reasonMin, FUNDS_MSG.reason).max(ADJUST_LIMITS.reasonMax, FUNDS_MSG.reason),
  /** Drawn when the dialog opens: a second submission of the same dialog is the same adjustment. */
  requestId: z.string({ error: FUNDS_MSG.request }).regex(/^[0-9a-f-]{36}$/, FUNDS_MSG.request),
});
export type AccountAdjustInput = z.infer<typeof AccountAdjustInput>;

export const AdjustResult = z.object({ changed: z.boolean(), ledgerNo: z.string(), balanceFen: z.number().int() });
export type AdjustResult = z.infer<typeof AdjustResult>;

const accountsCall = operatorCalls('accounts');

export const consoleAccountsApi = {
  list: accountsCall({
    method: 'POST',
    path: '/console/accounts/list',
    summary: '各公司（主账号）的余额与最近资金变动（关键词：登录名、公司名、手机号）',
    input: AccountListQuery,
    answer: { rows: AccountRow },
  }),
  ledger: accountsCall({
    method: 'POST',
    path: '/console/accounts/ledger',
    summary: '某会员的账户流水（与会员所见相同的筛选；export=1 时导出 xlsx，记入操作日志）',
    input: AccountLedgerQuery,
    answer: { rows: LedgerRow, export: [XLSX_TYPE] },
    fails: ['ALL_0011'],
  }),
  adjust: accountsCall({
    method: 'POST',
    path: '/console/accounts/adjust',
    summary: '调账：调增或调减余额并写明原因（记入账户流水与操作日志，通知会员；同一次提交只入账一次）',
    input: AccountAdjustInput,
    answer: { data: AdjustResult },
    fails: ['ALL_0011', 'ALL_0070'],
  }),
} as const;
