// The console's 在线支付 area (finance, admin; issue #19): every online payment with its state,
// member, provider and trade number, and 「查询支付状态」, which settles one the way the job does.
import { z } from 'zod';
import { operatorCalls } from './declare';
import { PageQuery } from './paging';
import { PAYMENT_STATUS, PaymentView } from './payments';

export const CONSOLE_PAYMENT_MSG = {
  missing: '请选择支付单',
  queried: '已向支付渠道查询，状态已更新',
} as const;

export const CONSOLE_PAYMENT_KEYWORD_MAX = 50;

/** Status filter: '' or all lists every payment (newest first). Keyword: payment number, trade number, order number or login name. */
export const ConsolePaymentQuery = PageQuery.extend({
  status: z.preprocess((v) => (v === '' || v === undefined || v === null ? 'all' : v), z.enum([...PAYMENT_STATUS, 'all']).catch('all')),
  keyword: z.preprocess((v) => (typeof v === 'string' ? v.trim().slice(0, CONSOLE_PAYMENT_KEYWORD_MAX) : ''), z.string()),
});
export type ConsolePaymentQuery = z.infer<typeof ConsolePaymentQuery>;

export const ConsolePaymentRow = PaymentView.extend({
  id: z.number().int(),
  memberId: z.number().int(),
  loginName: z.string(),
  /** The provider's trade number ('' until it is known). */
  tradeNo: z.string(),
  /** Why it was closed, or how it was settled. */
  note: z.string(),
  closedAt: z.string().nullable(),
});
export type ConsolePaymentRow = z.infer<typeof ConsolePaymentRow>;

const counts = z.object({ created: z.number().int(), paid: z.number().int(), closed: z.number().int(), all: z.number().int() });

export const ConsolePaymentIdInput = z.object({
  id: z.coerce.number({ error: CONSOLE_PAYMENT_MSG.missing }).int(CONSOLE_PAYMENT_MSG.missing).positive(CONSOLE_PAYMENT_MSG.missing),
});

const call = operatorCalls('payments');

export const consolePaymentsApi = {
  list: call({
    method: 'POST',
    path: '/console/payments/list',
    summary: '在线支付单（按状态与关键词分页，附各状态数量）',
    input: ConsolePaymentQuery,
    answer: { rows: ConsolePaymentRow, extra: { counts } },
  }),
  query: call({
    method: 'POST',
    path: '/console/payments/query',
    summary: '查询支付状态（向支付渠道查询并补单，与定时任务相同；过期未付的关闭）',
    input: ConsolePaymentIdInput,
    answer: { data: ConsolePaymentRow },
    fails: ['ALL_0011', 'ALL_0098'],
  }),
};
