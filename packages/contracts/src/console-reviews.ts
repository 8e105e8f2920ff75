// The console's review and finance queues (issue #10): enterprise authentication, paid tests,
// recharges and refunds — their filters, the decisions an operator sends and the rows they see.
import { z } from 'zod';
import type { OrderRow } from './billing';
import { CONSOLE_LIMITS, CONSOLE_MSG } from './console';
import { yuanToFen } from './format';
import { PageQuery } from './paging';

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

/** Qualifications and paid tests: approve, or reject with a reason the member reads. */
export const ReviewDecisionInput = z
  .object({
    id: ReviewIdInput.shape.id,
    decision: z.enum(['approve', 'reject'], { error: REVIEW_MSG.decision }),
    reason: reasonField,
  })
  .refine((v) => v.decision === 'approve' || v.reason.length > 0, reasonWhenRejected);
export type ReviewDecisionInput = z.infer<typeof ReviewDecisionInput>;

/** Recharges: confirm the money arrived (credits the balance once), or reject with a reason. */
export const RechargeDecisionInput = z
  .object({
    id: ReviewIdInput.shape.id,
    decision: z.enum(['confirm', 'reject'], { error: REVIEW_MSG.decision }),
    reason: reasonField,
  })
  .refine((v) => v.decision === 'confirm' || v.reason.length > 0, reasonWhenRejected);
export type RechargeDecisionInput = z.infer<typeof RechargeDecisionInput>;

/** Refunds: approve (optionally a lower amount in 元; the field answers fen), or reject with a reason. */
export const RefundDecisionInput = z
  .object({
    id: ReviewIdInput.shape.id,
    decision: z.enum(['approve', 'reject'], { error: REVIEW_MSG.decision }),
    reason: reasonField,
    amount: z.preprocess((v) => (v === '' || v === null ? undefined : v), RefundAmount.optional()),
  })
  .refine((v) => v.decision === 'approve' || v.reason.length > 0, reasonWhenRejected);
export type RefundDecisionInput = z.infer<typeof RefundDecisionInput>;

// ── What the screens show ────────────────────────────────────────────────────────────────────
/** A list answer of a queue: the page, and how many items each status holds (for the tabs). */
export interface QueuePage<Row, Status extends string> {
  rows: Row[];
  total: number;
  counts: Record<Status | 'all', number>;
}

export interface QualificationQueueRow {
  id: number;
  memberId: number;
  loginName: string;
  companyName: string;
  creditCode: string;
  legalPerson: string;
  status: QualificationQueueStatus;
  statusLabel: string;
  reason: string;
  decidedBy: string;
  decidedAt: string | null;
  createdAt: string;
}

export interface QualificationDetail extends QualificationQueueRow {
  /** The licence image for the preview, or '' when none was stored. */
  licenceUrl: string;
  contacts: { contacter: string; contactMobile: string; email: string; position: string };
  /** The member's other applications, newest first. */
  history: QualificationQueueRow[];
}

export interface PayTestQueueRow {
  id: number;
  memberId: number;
  loginName: string;
  interfaceId: number;
  interfaceName: string;
  calls: number;
  feeFen: number;
  purpose: string;
  contactName: string;
  /** Masked in lists (138****5678); whole in the detail. */
  contactPhone: string;
  status: PayTestQueueStatus;
  statusLabel: string;
  reason: string;
  decidedBy: string;
  createdAt: string;
  approvedAt: string | null;
  expiresAt: string | null;
}

export interface PayTestDetail extends PayTestQueueRow {
  /** The member's balance now: an approval debits the fee from it. */
  balanceFen: number;
  history: PayTestQueueRow[];
}

export interface RechargeQueueRow {
  id: number;
  memberId: number;
  loginName: string;
  amountFen: number;
  transferRef: string;
  payerName: string;
  status: RechargeQueueStatus;
  statusLabel: string;
  reason: string;
  decidedBy: string;
  decidedAt: string | null;
  createdAt: string;
}

export interface RechargeDetail extends RechargeQueueRow {
  balanceFen: number;
  /** The member's newest orders: what was bought with the money so far. */
  recentOrders: OrderRow[];
  /** The member's other recharges, newest first. */
  recentRecharges: RechargeQueueRow[];
}

export interface RefundQueueRow {
  id: number;
  memberId: number;
  loginName: string;
  scope: 'order' | 'purchase';
  scopeLabel: string;
  orderNo: string | null;
  interfaceName: string;
  calls: number;
  amountFen: number;
  reason: string;
  status: RefundQueueStatus;
  statusLabel: string;
  decisionNote: string;
  decidedBy: string;
  decidedAt: string | null;
  createdAt: string;
}

export interface RefundDetail extends RefundQueueRow {
  balanceFen: number;
  /** The purchase the calls come back from, as it stands now. */
  purchase: { callsLeft: number; testCallsLeft: number; expiresAt: string; status: string } | null;
  /** While waiting: the calls an approval takes back now and the most it may refund (less when calls were used since). */
  refundableCalls: number;
  maxAmountFen: number;
  recentOrders: OrderRow[];
}

/** What a decision answers: the item as it is now, and whether this call changed it. */
export interface DecisionResult<Row> {
  row: Row;
  changed: boolean;
}
