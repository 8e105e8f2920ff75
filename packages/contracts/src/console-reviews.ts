// The console's review and finance queues (issue #10): enterprise authentication, paid tests,
// recharges and refunds — their filters, the decisions an operator sends and the rows they see.
import { z } from 'zod';
import { OrderRow, RechargeRow } from './billing';
import { XLSX_TYPE } from './call';
import { defineCall, operatorCalls } from './declare';
import type { ErrorCode } from './errors';
import { CONSOLE_LIMITS, CONSOLE_MSG } from './console';
import { yuanToFen } from './format';
import { PageQuery, parseId } from './paging';
import { PayTestRow } from './paytest';

export const REVIEW_MSG = {
  missing: '请选择要处理的申请',
  decision: '请选择处理结果',
  amount: '退款金额格式不正确（元，最多两位小数）',
  amountZero: '退款金额须大于 0 元；不退款请驳回该申请',
  rechargeExportTooMany: `一次最多导出 ${CONSOLE_LIMITS.exportMax.toLocaleString('en-US')} 条充值记录，请缩小筛选范围后再导出`,
  refundExportTooMany: `一次最多导出 ${CONSOLE_LIMITS.exportMax.toLocaleString('en-US')} 条退款记录，请缩小筛选范围后再导出`,
} as const;

export const REVIEW_KEYWORD_MAX = 50;

// ── Status filters ───────────────────────────────────────────────────────────────────────────
// Each queue opens on its waiting items; 'all' lists everything, waiting items first.
export const QUALIFICATION_QUEUE = ['pending', 'approved', 'rejected', 'revoked'] as const;
export type QualificationQueueStatus = (typeof QUALIFICATION_QUEUE)[number];
export const QUALIFICATION_QUEUE_LABEL: Record<QualificationQueueStatus, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
  revoked: '已撤销',
};

export const PAY_TEST_QUEUE = ['applied', 'approved', 'rejected', 'expired'] as const;
export type PayTestQueueStatus = (typeof PAY_TEST_QUEUE)[number];
export const PAY_TEST_QUEUE_LABEL: Record<PayTestQueueStatus, string> = { applied: '待审核', approved: '已通过', rejected: '已驳回', expired: '已过期' };

export const RECHARGE_QUEUE = ['declared', 'confirmed', 'rejected'] as const;
export type RechargeQueueStatus = (typeof RECHARGE_QUEUE)[number];
export const RECHARGE_QUEUE_LABEL: Record<RechargeQueueStatus, string> = { declared: '待确认', confirmed: '已到账', rejected: '已驳回' };

export const REFUND_QUEUE = ['requested', 'approved', 'rejected'] as const;
export type RefundQueueStatus = (typeof REFUND_QUEUE)[number];
export const REFUND_QUEUE_LABEL: Record<RefundQueueStatus, string> = { requested: '待审核', approved: '已退款', rejected: '已驳回' };
export const REFUND_SCOPE_LABEL = { order: '单笔订单', purchase: '剩余全部' } as const;

/** A list always answers: an unknown status falls back to the waiting items. */
function statusFilter<const S extends readonly [string, ...string[]]>(values: S) {
  const options = z.enum([...values, 'all']);
  const waiting = values[0] as z.output<typeof options>;
  return z.preprocess((v) => (v === '' || v === undefined || v === null ? waiting : v), options.catch(waiting));
}

const keyword = z.preprocess((v) => (typeof v === 'string' ? v.trim().slice(0, REVIEW_KEYWORD_MAX) : ''), z.string());

/** Keyword: company name, login name or credit code. */
export const QualificationQueueQuery = PageQuery.extend({ status: statusFilter(QUALIFICATION_QUEUE), keyword });
export type QualificationQueueQuery = z.infer<typeof QualificationQueueQuery>;

/** Keyword: login name or interface name. */
export const PayTestQueueQuery = PageQuery.extend({ status: statusFilter(PAY_TEST_QUEUE), keyword });
export type PayTestQueueQuery = z.infer<typeof PayTestQueueQuery>;

/** Keyword: transfer reference, payer name or login name. */
export const RechargeQueueQuery = PageQuery.extend({ status: statusFilter(RECHARGE_QUEUE), keyword });
export type RechargeQueueQuery = z.infer<typeof RechargeQueueQuery>;

/** Keyword: login name, order number or interface name. */
export const RefundQueueQuery = PageQuery.extend({ status: statusFilter(REFUND_QUEUE), keyword });
export type RefundQueueQuery = z.infer<typeof RefundQueueQuery>;

/** One item of a queue: detail and licence calls. */
export const ReviewIdInput = z.object({ id: z.coerce.number({ error: REVIEW_MSG.missing }).int(REVIEW_MSG.missing).positive(REVIEW_MSG.missing) });
export type ReviewIdInput = z.infer<typeof ReviewIdInput>;

// ── Decisions ────────────────────────────────────────────────────────────────────────────────
/** The reason of a rejection, as the reject dialog checks it: required, at most 200 characters. */
export const RejectReason = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string({ error: CONSOLE_MSG.reasonRequired }).min(1, CONSOLE_MSG.reasonRequired).max(CONSOLE_LIMITS.reasonMax, CONSOLE_MSG.reason),
);

/** A lower refund amount in 元 (two decimals at most), answered in fen. */
export const RefundAmount = z
  .preprocess((v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v), z.string({ error: REVIEW_MSG.amount }))
  .refine((v) => yuanToFen(v) !== null, REVIEW_MSG.amount)
  .transform((v) => yuanToFen(v) ?? 0)
  .refine((fen) => fen > 0, REVIEW_MSG.amountZero);

const reasonField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : v),
  z.string().max(CONSOLE_LIMITS.reasonMax, CONSOLE_MSG.reason),
);
const reasonWhenRejected = { message: CONSOLE_MSG.reasonRequired, path: ['reason'] };

/** A decision on one item of a queue: `yes`, or reject with a reason the member reads. */
function decisionInput<const Yes extends string>(yes: Yes) {
  return z
    .object({
      id: ReviewIdInput.shape.id,
      decision: z.enum([yes, 'reject'], { error: REVIEW_MSG.decision }),
      reason: reasonField,
    })
    .refine((v) => v.decision === yes || v.reason.length > 0, reasonWhenRejected);
}

/** Qualifications and paid tests: approve, or reject with a reason the member reads. */
export const ReviewDecisionInput = decisionInput('approve');
export type ReviewDecisionInput = z.infer<typeof ReviewDecisionInput>;

/** Recharges: confirm the money arrived (credits the balance once), or reject with a reason. */
export const RechargeDecisionInput = decisionInput('confirm');
export type RechargeDecisionInput = z.infer<typeof RechargeDecisionInput>;

/** Refunds: approve (optionally a lower amount in 元; the field answers fen), or reject with a reason. */
export const RefundDecisionInput = decisionInput('approve').safeExtend({
  amount: z.preprocess((v) => (v === '' || v === null ? undefined : v), RefundAmount.optional()),
});
export type RefundDecisionInput = z.infer<typeof RefundDecisionInput>;

// ── What the screens show ────────────────────────────────────────────────────────────────────
/** A list answer of a queue: the page, and how many items each status holds (for the tabs). */
export interface QueuePage<Row, Status extends string> {
  rows: Row[];
  total: number;
  counts: Record<Status | 'all', number>;
}

/** The tab counts of a queue: one per status, and `all`. */
function countsOf<const S extends readonly [string, ...string[]]>(values: S) {
  return z.object(Object.fromEntries([...values, 'all'].map((v) => [v, z.number().int()])) as Record<S[number] | 'all', z.ZodNumber>);
}

/** Every queue row starts with the item and the member who asked. */
const applicant = { id: z.number().int(), memberId: z.number().int(), loginName: z.string() };
/** And ends with who decided it, when, and when it was asked. */
const decided = { decidedBy: z.string(), decidedAt: z.string().nullable(), createdAt: z.string() };

export const QualificationQueueRow = z.object({
  ...applicant,
  companyName: z.string(),
  creditCode: z.string(),
  legalPerson: z.string(),
  status: z.enum(QUALIFICATION_QUEUE),
  statusLabel: z.string(),
  reason: z.string(),
  ...decided,
});
export type QualificationQueueRow = z.infer<typeof QualificationQueueRow>;

export const QualificationDetail = QualificationQueueRow.extend({
  /** The licence image for the preview, or '' when none was stored. */
  licenceUrl: z.string(),
  contacts: z.object({ contacter: z.string(), contactMobile: z.string(), email: z.string(), position: z.string() }),
  /** The member's other applications, newest first. */
  history: z.array(QualificationQueueRow),
});
export type QualificationDetail = z.infer<typeof QualificationDetail>;

/** The member's paid test (without its usage figures), with who asked and who decided. */
export const PayTestQueueRow = z.object({
  ...applicant,
  ...PayTestRow.omit({ testCallsLeft: true, expiredCalls: true }).shape,
  /** Masked in lists (138****5678); whole in the detail. */
  contactPhone: z.string(),
  decidedBy: z.string(),
});
export type PayTestQueueRow = z.infer<typeof PayTestQueueRow>;

export const PayTestDetail = PayTestQueueRow.extend({
  /** The member's balance now: an approval debits the fee from it. */
  balanceFen: z.number().int(),
  history: z.array(PayTestQueueRow),
});
export type PayTestDetail = z.infer<typeof PayTestDetail>;

/** The member's recharge, with who declared it and who decided it. */
export const RechargeQueueRow = z.object({
  ...applicant,
  ...RechargeRow.shape,
  decidedBy: z.string(),
});
export type RechargeQueueRow = z.infer<typeof RechargeQueueRow>;

export const RechargeDetail = RechargeQueueRow.extend({
  balanceFen: z.number().int(),
  /** The member's newest orders: what was bought with the money so far. */
  recentOrders: z.array(OrderRow),
  /** The member's other recharges, newest first. */
  recentRecharges: z.array(RechargeQueueRow),
});
export type RechargeDetail = z.infer<typeof RechargeDetail>;

export const RefundQueueRow = z.object({
  ...applicant,
  scope: z.enum(['order', 'purchase']),
  scopeLabel: z.string(),
  orderNo: z.string().nullable(),
  interfaceName: z.string(),
  calls: z.number().int(),
  amountFen: z.number().int(),
  reason: z.string(),
  status: z.enum(REFUND_QUEUE),
  statusLabel: z.string(),
  decisionNote: z.string(),
  ...decided,
});
export type RefundQueueRow = z.infer<typeof RefundQueueRow>;

export const RefundDetail = RefundQueueRow.extend({
  balanceFen: z.number().int(),
  /** The purchase the calls come back from, as it stands now. */
  purchase: z.object({ callsLeft: z.number().int(), testCallsLeft: z.number().int(), expiresAt: z.string(), status: z.string() }).nullable(),
  /** While waiting: the calls an approval takes back now and the most it may refund (less when calls were used since). */
  refundableCalls: z.number().int(),
  maxAmountFen: z.number().int(),
  recentOrders: z.array(OrderRow),
});
export type RefundDetail = z.infer<typeof RefundDetail>;

/** What a decision answers: the item as it is now, and whether this call changed it. */
export interface DecisionResult<Row> {
  row: Row;
  changed: boolean;
}
const decisionOf = <R extends z.ZodType>(row: R) => z.object({ row, changed: z.boolean() });

// ── The calls ────────────────────────────────────────────────────────────────────────────────
const XLSX = [XLSX_TYPE] as const;

/** The licence image's id from the path; junk reads as no image (404), like an id that does not exist. */
export const LicenceInput = z.object({ id: z.preprocess((v) => parseId(v) ?? 0, z.number().int()) });

/** What makes one review queue: its statuses, its query, its row and detail, and its decision. */
interface QueueParts<S, Q, R, D, I> {
  statuses: S;
  query: Q;
  row: R;
  detail: D;
  decision: I;
  summary: { list: string; detail: string; decide: string };
  /** What a decision may answer beyond a missing item and a conflict (a balance too low). */
  decideFails?: readonly ErrorCode[];
}

/**
 * The calls every queue has under /console/<area>/: the page with each status's count (for the
 * tabs), one item's detail, and the decision on it (a repeat changes nothing).
 */
function queueCalls<
  const A extends 'qualifications' | 'payTests' | 'recharges' | 'refunds',
  const S extends readonly [string, ...string[]],
  Q extends z.ZodType,
  R extends z.ZodType,
  D extends z.ZodType,
  I extends z.ZodType,
>(area: A, q: QueueParts<S, Q, R, D, I>) {
  const call = operatorCalls(area);
  return {
    list: call({
      method: 'POST',
      path: `/console/${area}/list`,
      summary: q.summary.list,
      input: q.query,
      answer: { rows: q.row, extra: { counts: countsOf(q.statuses) } },
    }),
    detail: call({
      method: 'POST',
      path: `/console/${area}/detail`,
      summary: q.summary.detail,
      input: ReviewIdInput,
      answer: { data: q.detail },
      fails: ['ALL_0011'],
    }),
    decide: call({
      method: 'POST',
      path: `/console/${area}/decide`,
      summary: q.summary.decide,
      input: q.decision,
      answer: { data: decisionOf(q.row) },
      fails: ['ALL_0011', 'ALL_0013', ...(q.decideFails ?? [])],
    }),
  };
}

/** 企业认证审核 (reviewer, admin): the queue, the detail (audited: it shows the whole phone), the decision, the licence. */
export const consoleQualificationsApi = {
  ...queueCalls('qualifications', {
    statuses: QUALIFICATION_QUEUE,
    query: QualificationQueueQuery,
    row: QualificationQueueRow,
    detail: QualificationDetail,
    decision: ReviewDecisionInput,
    summary: {
      list: '企业认证审核队列（按状态分页，附各状态数量）',
      detail: '企业认证申请详情（含联系人完整手机号，查看留痕）',
      decide: '通过或驳回企业认证（重复提交不重复处理）',
    },
  }),
  licence: defineCall({
    method: 'GET',
    path: '/console/qualifications/licence/:id',
    access: { operator: 'qualifications' },
    summary: '营业执照图片（详情抽屉的 <img>，不缓存）',
    input: LicenceInput,
    answer: { file: ['image/png', 'image/jpeg'] },
    unsigned: true,
    fails: ['ALL_0011'],
  }),
};

/** 付费测试审批 (reviewer, admin). */
export const consolePayTestsApi = queueCalls('payTests', {
  statuses: PAY_TEST_QUEUE,
  query: PayTestQueueQuery,
  row: PayTestQueueRow,
  detail: PayTestDetail,
  decision: ReviewDecisionInput,
  summary: {
    list: '付费测试审批队列（按状态分页，附各状态数量，手机号打码）',
    detail: '付费测试申请详情（含完整手机号与余额，查看留痕）',
    decide: '通过（扣测试费、开通测试调用）或驳回付费测试',
  },
  decideFails: ['ALL_0070'],
});

/** 充值确认 (finance, admin): bank transfers declared by members (Decision 7). */
export const consoleRechargesApi = {
  ...queueCalls('recharges', {
    statuses: RECHARGE_QUEUE,
    query: RechargeQueueQuery,
    row: RechargeQueueRow,
    detail: RechargeDetail,
    decision: RechargeDecisionInput,
    summary: {
      list: '充值确认队列（按状态分页，附各状态数量）',
      detail: '充值申请详情（余额、近期订单与充值）',
      decide: '确认到账（只入账一次）或驳回充值',
    },
  }),
  export: defineCall({
    method: 'GET',
    path: '/console/recharges/export',
    access: { operator: 'recharges' },
    summary: '导出充值记录 Excel（当前状态与关键词，最多 10,000 条，导出留痕）',
    input: RechargeQueueQuery,
    answer: { file: XLSX },
  }),
};

/** 退款审核 (finance, admin). */
export const consoleRefundsApi = {
  ...queueCalls('refunds', {
    statuses: REFUND_QUEUE,
    query: RefundQueueQuery,
    row: RefundQueueRow,
    detail: RefundDetail,
    decision: RefundDecisionInput,
    summary: {
      list: '退款审核队列（按状态分页，附各状态数量）',
      detail: '退款申请详情（当前可退调用次数与金额、余额、近期订单）',
      decide: '通过（可调低金额，收回调用并退回余额）或驳回退款',
    },
  }),
  export: defineCall({
    method: 'GET',
    path: '/console/refunds/export',
    access: { operator: 'refunds' },
    summary: '导出退款记录 Excel（当前状态与关键词，最多 10,000 条，导出留痕）',
    input: RefundQueueQuery,
    answer: { file: XLSX },
  }),
};
