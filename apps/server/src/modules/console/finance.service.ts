// The finance desk of the console: declared bank transfers (Decision 7) and refund requests —
// lists with counts per status, the balance and orders an operator checks before deciding, and
// the audited decisions that move money (one ledger row each, whatever is resubmitted), and the
// audited xlsx of each queue that the finance desk reconciles against the bank statement.
import {
  type OrderRow,
  type QueuePage,
  RECHARGE_QUEUE,
  RECHARGE_QUEUE_LABEL,
  type RechargeDecisionInput,
  type RechargeDetail,
  type RechargeQueueQuery,
  type RechargeQueueRow,
  type RechargeQueueStatus,
  REFUND_QUEUE,
  REFUND_QUEUE_LABEL,
  REFUND_SCOPE_LABEL,
  type RefundDecisionInput,
  type RefundDetail,
  type RefundQueueQuery,
  type RefundQueueRow,
  type RefundQueueStatus,
  REVIEW_MSG,
} from '@apimarket/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { interfaces, members, orders, purchases, recharges, refunds } from '../../db/schema';
import { balanceChanged, balanceOf, decideRecharge, orderQuery, orderView } from '../billing/billing.service';
import { forget } from '../../memo';
import { decideRefund, dueNow } from '../purchases/refunds.service';
import { auditedExport, EXPORT_READ, withinExportLimit } from './audit.service';
import { type ExportColumn, exportTime, exportYuan } from './console-export';
import type { Actor } from './operators.service';
import {
  decideAudited,
  type ReviewDecision,
  iso,
  listQueue,
  otherRequests,
  type QueueDef,
  type QueueSelect,
  queueItem,
  queueRow,
  queueRows,
  queueStatus,
} from './queue';

const RECENT = 10;

/** What a queue's list and its export share: the status tab and the keyword, not the page. */
export type QueueFilter<Q extends { status: string; keyword: string }> = Pick<Q, 'status' | 'keyword'>;

async function recentOrders(db: Db, memberId: number): Promise<OrderRow[]> {
  const rows = await orderQuery(db).where(eq(orders.memberId, memberId)).orderBy(desc(orders.id)).limit(RECENT);
  return rows.map(orderView);
}

// ── Recharges ────────────────────────────────────────────────────────────────────────────────
function rechargeQuery(db: Db) {
  return db
    .select({
      id: recharges.id,
      memberId: recharges.memberId,
      loginName: members.loginName,
      amountFen: recharges.amountFen,
      transferRef: recharges.transferRef,
      payerName: recharges.payerName,
      status: recharges.status,
      reason: recharges.reason,
      decidedBy: recharges.decidedBy,
      decidedAt: recharges.decidedAt,
      createdAt: recharges.createdAt,
    })
    .from(recharges)
    .innerJoin(members, eq(members.id, recharges.memberId))
    .$dynamic();
}

type RechargeSelect = QueueSelect<ReturnType<typeof rechargeQuery>>;

function rechargeView(r: RechargeSelect): RechargeQueueRow {
  const status = queueStatus(RECHARGE_QUEUE, r.status);
  return { ...r, status, statusLabel: RECHARGE_QUEUE_LABEL[status], decidedAt: iso(r.decidedAt), createdAt: r.createdAt.toISOString() };
}

const RECHARGES: QueueDef<RechargeQueueStatus, ReturnType<typeof rechargeQuery>, RechargeQueueRow> = {
  statuses: RECHARGE_QUEUE,
  waiting: 'declared',
  columns: recharges,
  keyword: [recharges.transferRef, recharges.payerName, members.loginName],
  missing: '充值申请不存在',
  query: rechargeQuery,
  view: rechargeView,
};

export function listRechargeQueue(db: Db, q: RechargeQueueQuery): Promise<QueuePage<RechargeQueueRow, RechargeQueueStatus>> {
  return listQueue(db, RECHARGES, q);
}

export function rechargeRow(db: Db, id: number): Promise<RechargeQueueRow> {
  return queueRow(db, RECHARGES, id);
}

/** The transfer with what the operator checks against the bank statement: balance, orders, other recharges. */
export async function rechargeDetail(db: Db, id: number): Promise<RechargeDetail> {
  const row = await rechargeRow(db, id);
  const [balanceFen, orderRows, others] = await Promise.all([
    balanceOf(db, row.memberId),
    recentOrders(db, row.memberId),
    otherRequests(db, RECHARGES, row.memberId, id, RECENT),
  ]);
  return { ...row, balanceFen, recentOrders: orderRows, recentRecharges: others.map(rechargeView) };
}

export type RechargeDecision = ReviewDecision<'confirm' | 'reject'>;

/** decideRecharge with its audit record, in one transaction: a confirmation credits once and is logged once. */
export async function decideRechargeAs(db: Db, actor: Actor, d: RechargeDecision) {
  const result = await decideAudited(
    db,
    actor,
    { action: `recharge.${d.decision}`, targetType: 'recharge' },
    (tx, operator) => decideRecharge(tx, { ...d, operator }),
    ({ row }) => ({
      before: { status: 'declared' },
      after: d.decision === 'confirm' ? { status: row.status, amountFen: row.amountFen } : { status: row.status, reason: row.reason },
    }),
  );
  // Balance watchers (usage alerts) read the balance: only after the credit has committed.
  if (result.changed && d.decision === 'confirm') balanceChanged(db, result.row.memberId);
  return result;
}

/** The queue's decision: decided as above, answered as the queue's row. */
export async function decideRechargeInQueue(db: Db, actor: Actor, input: RechargeDecisionInput): Promise<{ row: RechargeQueueRow; changed: boolean }> {
  const { changed } = await decideRechargeAs(db, actor, input);
  return { row: await rechargeRow(db, input.id), changed };
}

// ── Refunds ──────────────────────────────────────────────────────────────────────────────────
function refundQuery(db: Db) {
  return (
    db
      .select({
        id: refunds.id,
        memberId: refunds.memberId,
        loginName: members.loginName,
        scope: refunds.scope,
        orderNo: orders.orderNo,
        purchaseId: refunds.purchaseId,
        orderInterfaceId: orders.interfaceId,
        interfaceName: sql<string>`coalesce(${interfaces.interfaceName}, '')`,
        calls: refunds.calls,
        amountFen: refunds.amountFen,
        reason: refunds.reason,
        status: refunds.status,
        decisionNote: refunds.decisionNote,
        decidedBy: refunds.decidedBy,
        decidedAt: refunds.decidedAt,
        createdAt: refunds.createdAt,
      })
      .from(refunds)
      .innerJoin(members, eq(members.id, refunds.memberId))
      .leftJoin(orders, eq(orders.id, refunds.orderId))
      .leftJoin(purchases, eq(purchases.id, refunds.purchaseId))
      // An order refund names its order's interface; a refund of what is left, its purchase's.
      .leftJoin(interfaces, eq(interfaces.id, sql`coalesce(${orders.interfaceId}, ${purchases.interfaceId})`))
      .$dynamic()
  );
}

type RefundSelect = QueueSelect<ReturnType<typeof refundQuery>>;

function refundView({ purchaseId: _p, orderInterfaceId: _i, ...r }: RefundSelect): RefundQueueRow {
  const status = queueStatus(REFUND_QUEUE, r.status);
  const scope = r.scope === 'order' ? 'order' : 'purchase';
  return {
    ...r,
    scope,
    scopeLabel: REFUND_SCOPE_LABEL[scope],
    status,
    statusLabel: REFUND_QUEUE_LABEL[status],
    decidedAt: iso(r.decidedAt),
    createdAt: r.createdAt.toISOString(),
  };
}

const REFUNDS: QueueDef<RefundQueueStatus, ReturnType<typeof refundQuery>, RefundQueueRow> = {
  statuses: REFUND_QUEUE,
  waiting: 'requested',
  columns: refunds,
  keyword: [members.loginName, orders.orderNo, interfaces.interfaceName],
  missing: '退款申请不存在',
  query: refundQuery,
  view: refundView,
};

export function listRefundQueue(db: Db, q: RefundQueueQuery): Promise<QueuePage<RefundQueueRow, RefundQueueStatus>> {
  return listQueue(db, REFUNDS, q);
}

export function refundRow(db: Db, id: number): Promise<RefundQueueRow> {
  return queueRow(db, REFUNDS, id);
}

async function purchaseInterface(db: Db, purchaseId: number | null): Promise<number | null> {
  if (purchaseId === null) return null;
  const [p] = await db.select({ interfaceId: purchases.interfaceId }).from(purchases).where(eq(purchases.id, purchaseId));
  return p?.interfaceId ?? null;
}

/**
 * The request with the purchase as it stands now. While it waits, what an approval would take
 * back and refund is recomputed by the approval's own rule (dueNow): calls used since the request
 * lower both, and paid-test and free-trial calls are never refunded.
 */
export async function refundDetail(db: Db, id: number): Promise<RefundDetail> {
  const raw = await queueItem(db, REFUNDS, id);
  const row = refundView(raw);
  const purchaseWhere =
    raw.purchaseId !== null
      ? eq(purchases.id, raw.purchaseId)
      : and(eq(purchases.memberId, raw.memberId), eq(purchases.interfaceId, raw.orderInterfaceId ?? 0));
  const [[p], balanceFen, orderRows] = await Promise.all([
    db
      .select({ callsLeft: purchases.callsLeft, testCallsLeft: purchases.testCallsLeft, expiresAt: purchases.expiresAt, status: purchases.status })
      .from(purchases)
      .where(purchaseWhere),
    balanceOf(db, raw.memberId),
    recentOrders(db, raw.memberId),
  ]);
  let refundableCalls = row.calls;
  let maxAmountFen = row.amountFen;
  if (row.status === 'requested') {
    const [stored] = await db.select().from(refunds).where(eq(refunds.id, id));
    const interfaceId = raw.orderInterfaceId ?? (await purchaseInterface(db, raw.purchaseId));
    const due = stored && interfaceId !== null ? await dueNow(db, stored, interfaceId, false) : null;
    refundableCalls = due?.calls ?? 0;
    maxAmountFen = due?.amountFen ?? 0;
  }
  return {
    ...row,
    balanceFen,
    purchase: p ? { ...p, expiresAt: p.expiresAt.toISOString() } : null,
    refundableCalls,
    maxAmountFen,
    recentOrders: orderRows,
  };
}

export interface RefundDecisionCommand {
  id: number;
  decision: 'approve' | 'reject';
  /** Approve: a lower amount than computed, in fen. */
  amountFen?: number;
  reason: string;
}

/** decideRefund with its audit record, in one transaction: an approval credits once and is logged once. */
export async function decideRefundAs(db: Db, actor: Actor, d: RefundDecisionCommand) {
  const result = await decideAudited(
    db,
    actor,
    { action: `refund.${d.decision}`, targetType: 'refund' },
    async (tx, operator) => {
      // The request as asked: an approval may take back fewer calls and refund less.
      const [asked] = await tx.select({ calls: refunds.calls, amountFen: refunds.amountFen }).from(refunds).where(eq(refunds.id, d.id));
      return { ...(await decideRefund(tx, { ...d, operator })), asked };
    },
    ({ row, asked }) => ({
      before: { status: 'requested', calls: asked?.calls, amountFen: asked?.amountFen },
      after: d.decision === 'approve' ? { status: row.status, calls: row.calls, amountFen: row.amountFen } : { status: row.status, reason: row.decisionNote },
    }),
  );

  // The service told the gateway and the balance watchers inside our transaction; tell them
  // again now that it has committed.
  if (result.changed && d.decision === 'approve') {
    forget('purchases');
    balanceChanged(db, result.row.memberId);
  }
  return result;
}

/** The queue's decision (an approval may lower the amount, in fen): decided as above, answered as the queue's row. */
export async function decideRefundInQueue(db: Db, actor: Actor, input: RefundDecisionInput): Promise<{ row: RefundQueueRow; changed: boolean }> {
  const { changed } = await decideRefundAs(db, actor, {
    id: input.id,
    decision: input.decision,
    amountFen: input.decision === 'approve' ? input.amount : undefined,
    reason: input.reason,
  });
  return { row: await refundRow(db, input.id), changed };
}

// ── Exports ──────────────────────────────────────────────────────────────────────────────────
const YUAN = '0.00';

export const RECHARGE_EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: '申报时间', width: 20 },
  { header: '会员账号', width: 16 },
  { header: '付款户名', width: 28 },
  { header: '转账流水号', width: 26 },
  { header: '金额（元）', width: 14, numFmt: YUAN },
  { header: '状态', width: 10 },
  { header: '处理人', width: 14 },
  { header: '处理时间', width: 20 },
  { header: '驳回原因', width: 36 },
];

/**
 * The transfers of the queue's filters, in the list's order, as an xlsx to hold against the
 * bank statement; one audit record names who took it, the filters and the row count.
 */
export async function exportRecharges(db: Db, actor: Actor, q: QueueFilter<RechargeQueueQuery>): Promise<Buffer> {
  return auditedExport(db, actor, {
    sheet: '充值记录',
    columns: RECHARGE_EXPORT_COLUMNS,
    targetType: 'recharge',
    filter: q,
    rows: withinExportLimit(await queueRows(db, RECHARGES, q, EXPORT_READ), REVIEW_MSG.rechargeExportTooMany),
    cells: (r) => [
      exportTime(r.createdAt),
      r.loginName,
      r.payerName,
      r.transferRef,
      exportYuan(r.amountFen),
      rechargeView(r).statusLabel,
      r.decidedBy,
      exportTime(r.decidedAt),
      r.reason,
    ],
  });
}

export const REFUND_EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: '申请时间', width: 20 },
  { header: '会员账号', width: 16 },
  { header: '接口', width: 24 },
  { header: '范围', width: 10 },
  { header: '订单号', width: 26 },
  { header: '调用次数', width: 12 },
  { header: '金额（元）', width: 14, numFmt: YUAN },
  { header: '状态', width: 10 },
  { header: '处理人', width: 14 },
  { header: '处理时间', width: 20 },
  { header: '退款原因', width: 30 },
  { header: '处理说明', width: 30 },
];

/**
 * The refund requests of the queue's filters as an xlsx: the amount is what was asked while a
 * request waits and what was paid back once approved. Audited like the recharge export.
 */
export async function exportRefunds(db: Db, actor: Actor, q: QueueFilter<RefundQueueQuery>): Promise<Buffer> {
  return auditedExport(db, actor, {
    sheet: '退款记录',
    columns: REFUND_EXPORT_COLUMNS,
    targetType: 'refund',
    filter: q,
    rows: withinExportLimit(await queueRows(db, REFUNDS, q, EXPORT_READ), REVIEW_MSG.refundExportTooMany),
    cells: (raw) => {
      const r = refundView(raw);
      return [
        exportTime(raw.createdAt),
        r.loginName,
        r.interfaceName,
        r.scopeLabel,
        r.orderNo ?? '',
        r.calls,
        exportYuan(r.amountFen),
        r.statusLabel,
        r.decidedBy,
        exportTime(raw.decidedAt),
        r.reason,
        r.decisionNote,
      ];
    },
  });
}
