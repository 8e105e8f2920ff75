// Refunds (myOrder/refund for one paid order, myBuy/refundAll for what is left of a purchase):
// the customer asks, an operator approves or rejects (`npm run console -- refund …`). What may
// come back is refund-rule.ts (Decision 163): only bought calls never used, each at its own order's
// price, never a paid-test or free-trial call, never more than an order cost. Approval recomputes
// it on the locked purchase, takes the calls back, writes what each order gave (refund_lines) and
// credits the balance, in one transaction; calls used meanwhile lower the refund.
import {
  BILLING_MSG,
  formatFen,
  PURCHASE_MSG,
  type PurchaseIdInput,
  type RefundAllInput,
  type RefundOrderInput,
  type RefundOrderQuoteInput,
  type RefundQuote,
} from '@apimarket/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { interfaces, members, orders, purchases, refundLines, refunds } from '../../db/schema';
import { isUniqueViolation } from '../../db/sql';
import { Conflict, DecidedMeanwhile, Invalid, NotFound } from '../../http/errors';
import type { Account } from '../account/access';
import { sendMessage } from '../account/messages.service';
import { balanceChanged, mainAccountOnly } from '../billing/billing.service';
import { credit } from '../billing/ledger.service';
import { redAfterRefund } from '../invoices/invoices.service';
import { forget } from '../../memo';
import { purchaseOf } from './purchases.service';
import { type CallCounts, linesCalls, linesFen, type PaidOrder, paidCallsLeft, type RefundLine, linesToRefund } from './refund-rule';

const ORDERS_LINK = '/userCenter/paymentManage/myOrder';

type Reader = Db | Tx;

/** The purchase's calls by sort; `lock` (an approval) holds the row until the transaction ends. */
async function purchaseFor(db: Reader, memberId: number, interfaceId: number, lock = false): Promise<(CallCounts & { id: number }) | null> {
  const query = db
    .select({ id: purchases.id, callsLeft: purchases.callsLeft, testCallsLeft: purchases.testCallsLeft, trialCallsLeft: purchases.trialCallsLeft })
    .from(purchases)
    .where(and(eq(purchases.memberId, memberId), eq(purchases.interfaceId, interfaceId)));
  const [p] = lock ? await query.for('update') : await query;
  return p ?? null;
}

/** The paid orders of an interface, newest first, with the calls each has already refunded. */
export async function paidOrdersOf(db: Reader, memberId: number, interfaceId: number): Promise<PaidOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      calls: orders.calls,
      priceFen: orders.priceFen,
      refundedCalls: sql<string>`coalesce((select sum(${refundLines.calls}) from ${refundLines} where ${refundLines.orderId} = ${orders.id}), 0)::text`,
    })
    .from(orders)
    .where(and(eq(orders.memberId, memberId), eq(orders.interfaceId, interfaceId), eq(orders.status, 'paid')))
    .orderBy(desc(orders.paidAt), desc(orders.id));
  return rows.map((r) => ({ ...r, refundedCalls: Number(r.refundedCalls) }));
}

/** What a refund of one order (or of the whole purchase) would return now, at most `limit` calls. */
async function linesNow(db: Reader, memberId: number, interfaceId: number, scope: { orderId: number } | 'all', o: { limit?: number; lock?: boolean } = {}) {
  const p = await purchaseFor(db, memberId, interfaceId, o.lock);
  if (!p) return { purchase: null, lines: [] as RefundLine[] };
  const unused = paidCallsLeft(p);
  return { purchase: p, lines: linesToRefund(await paidOrdersOf(db, memberId, interfaceId), unused, scope, o.limit ?? unused) };
}

/** An open order refund of the interface (refundAll waits for it) or an open refundAll (an order refund waits). */
async function openRefundOf(db: Reader, memberId: number, interfaceId: number, scope: 'order' | 'purchase') {
  const [row] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .leftJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(purchases, eq(purchases.id, refunds.purchaseId))
    .where(
      and(
        eq(refunds.memberId, memberId),
        eq(refunds.status, 'requested'),
        eq(refunds.scope, scope),
        scope === 'order' ? eq(orders.interfaceId, interfaceId) : eq(purchases.interfaceId, interfaceId),
      ),
    )
    .limit(1);
  return row ?? null;
}

async function insertRefund(db: Db, values: typeof refunds.$inferInsert, duplicate: string) {
  try {
    const [row] = await db.insert(refunds).values(values).returning();
    if (!row) throw new Error('refund insert returned no row');
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(duplicate);
    throw err;
  }
}

function refundAnswer(row: typeof refunds.$inferSelect) {
  return { id: row.id, scope: row.scope, calls: row.calls, amountFen: row.amountFen, status: row.status };
}

/**
 * What one order may return now, with every refusal a request would meet: the order is the
 * caller's and paid, not refunded or being refunded, no whole-purchase refund is open, and some
 * of its bought calls are unused. The quote and the request read the same answer.
 */
async function orderRefundable(db: Db, account: Account, orderNo: string) {
  mainAccountOnly(account);
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.memberId, account.memberId)));
  if (!order) throw new NotFound(BILLING_MSG.orderMissing);
  if (order.status !== 'paid') throw new Conflict(PURCHASE_MSG.refundNotPaid);
  const [last] = await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.orderId, order.id)).orderBy(desc(refunds.id)).limit(1);
  if (last?.status === 'approved') throw new Conflict(PURCHASE_MSG.refundDone);
  if (last?.status === 'requested') throw new Conflict(PURCHASE_MSG.refundOpen);
  if (await openRefundOf(db, account.memberId, order.interfaceId, 'purchase')) throw new Conflict(PURCHASE_MSG.refundOpenPurchase);
  const { lines } = await linesNow(db, account.memberId, order.interfaceId, { orderId: order.id });
  if (linesCalls(lines) <= 0) throw new Conflict(PURCHASE_MSG.refundNothing);
  return { order, calls: linesCalls(lines), amountFen: linesFen(lines) };
}

/** The same for what is left of a purchase (myBuy/refundAll). */
async function purchaseRefundable(db: Db, account: Account, purchaseId: number) {
  mainAccountOnly(account);
  const p = await purchaseOf(db, account, purchaseId);
  const { lines } = await linesNow(db, account.memberId, p.interfaceId, 'all');
  if (linesCalls(lines) <= 0) throw new Conflict(PURCHASE_MSG.refundNothing);
  if (await openRefundOf(db, account.memberId, p.interfaceId, 'order')) throw new Conflict(PURCHASE_MSG.refundOpenPurchase);
  return { purchase: p, calls: linesCalls(lines), amountFen: linesFen(lines) };
}

/** myOrder/refund/quote: what the order would return, shown before the customer asks. */
export async function quoteOrderRefund(db: Db, account: Account, input: RefundOrderQuoteInput): Promise<RefundQuote> {
  const { calls, amountFen } = await orderRefundable(db, account, input.orderNo);
  return { calls, amountFen };
}

/** myBuy/refundAll/quote: the same for the whole purchase. */
export async function quoteRefundAll(db: Db, account: Account, input: PurchaseIdInput): Promise<RefundQuote> {
  const { calls, amountFen } = await purchaseRefundable(db, account, input.id);
  return { calls, amountFen };
}

/** myOrder/refund: the order's bought calls not used yet, at the order's unit price. */
export async function requestOrderRefund(db: Db, account: Account, input: RefundOrderInput) {
  const { order, calls, amountFen } = await orderRefundable(db, account, input.orderNo);
  const row = await insertRefund(
    db,
    { memberId: account.memberId, scope: 'order', orderId: order.id, calls, amountFen, reason: input.reason },
    PURCHASE_MSG.refundOpen,
  );
  return refundAnswer(row);
}

/** myBuy/refundAll: every bought call of a purchase not used yet. */
export async function requestRefundAll(db: Db, account: Account, input: RefundAllInput) {
  const { purchase, calls, amountFen } = await purchaseRefundable(db, account, input.id);
  const row = await insertRefund(
    db,
    { memberId: account.memberId, scope: 'purchase', purchaseId: purchase.id, calls, amountFen, reason: input.reason },
    PURCHASE_MSG.refundOpenPurchase,
  );
  return refundAnswer(row);
}

// ── Operator ─────────────────────────────────────────────────────────────────────────────────
export async function listOpenRefunds(db: Db) {
  const rows = await db
    .select({
      id: refunds.id,
      loginName: members.loginName,
      scope: refunds.scope,
      orderNo: orders.orderNo,
      orderInterface: orders.interfaceId,
      purchaseInterface: purchases.interfaceId,
      calls: refunds.calls,
      amountFen: refunds.amountFen,
      reason: refunds.reason,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .innerJoin(members, eq(members.id, refunds.memberId))
    .leftJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(purchases, eq(purchases.id, refunds.purchaseId))
    .where(eq(refunds.status, 'requested'))
    .orderBy(desc(refunds.id))
    .limit(200);
  const names = new Map((await db.select({ id: interfaces.id, name: interfaces.interfaceName }).from(interfaces)).map((i) => [i.id, i.name] as const));
  return rows.map((r) => ({
    ...r,
    interfaceName: names.get(r.orderInterface ?? r.purchaseInterface ?? 0) ?? '',
  }));
}

export interface RefundDecision {
  id: number;
  decision: 'approve' | 'reject';
  /** Approve: a lower amount than computed, in fen. */
  amountFen?: number;
  reason?: string;
  operator: string;
}

/**
 * An operator's decision. Approving moves the request to approved (one winner), takes the calls
 * back from the purchase (never below what is left, never paid-test calls; a purchase left with
 * none loses its automatic renewal), credits the balance with a ledger row
 * `refund:{id}` and tells the customer — all in one transaction.
 */
export async function decideRefund(db: Db, d: RefundDecision): Promise<{ row: typeof refunds.$inferSelect; changed: boolean }> {
  const note = d.reason?.trim() ?? '';
  if (d.decision === 'reject' && !note) throw new Invalid('请填写驳回原因');
  const [current] = await db.select().from(refunds).where(eq(refunds.id, d.id));
  if (!current) throw new NotFound('退款申请不存在');
  const target = d.decision === 'approve' ? 'approved' : 'rejected';
  if (current.status === target) return { row: current, changed: false };
  if (current.status !== 'requested') throw new Conflict('该退款申请已处理');
  let result: typeof refunds.$inferSelect;
  try {
    result = await decideRequested(db, d, target, note);
  } catch (err) {
    if (!(err instanceof DecidedMeanwhile)) throw err;
    const [now] = await db.select().from(refunds).where(eq(refunds.id, d.id));
    if (now?.status !== target) throw err;
    return { row: now, changed: false };
  }
  if (target === 'approved') {
    forget('purchases');
    balanceChanged(db, result.memberId);
  }
  return { row: result, changed: true };
}

async function decideRequested(db: Db, d: RefundDecision, target: 'approved' | 'rejected', note: string) {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(refunds)
      .set({ status: target, decisionNote: note, decidedBy: d.operator, decidedAt: new Date() })
      .where(and(eq(refunds.id, d.id), eq(refunds.status, 'requested')))
      .returning();
    if (!claimed) throw new DecidedMeanwhile('该退款申请已处理');
    const subject = await subjectOf(tx, claimed);
    if (target === 'rejected') {
      await sendMessage(tx, claimed.memberId, {
        kind: 'order',
        title: '退款申请未通过',
        body: `您对${subject.text}的退款申请未通过。\n原因：${note}`,
        link: ORDERS_LINK,
      });
      return claimed;
    }
    const due = subject.interfaceId === null ? null : await dueNow(tx, claimed, subject.interfaceId, true);
    if (!due || due.calls <= 0) throw new Conflict('该接口已没有可退的调用次数，请驳回该申请');
    if (d.amountFen !== undefined && d.amountFen > due.amountFen) throw new Invalid(`退款金额不能超过可退金额 ${formatFen(due.amountFen)} 元`);
    const { calls, purchase: p } = due;
    const amountFen = d.amountFen ?? due.amountFen;
    // A refund that leaves nothing to call ends the purchase: its automatic renewal goes off, or
    // the renewal job would see "calls used up" and buy the package again. The key then answers
    // SYSTEM_002 (no calls left), which is what the customer should read; not SYSTEM_003, whose
    // advice (switch it back on) would not help.
    // Paid-test and free-trial calls are never refunded and run out on their own: what matters is
    // that no bought call is left.
    const emptied = paidCallsLeft(p) - calls <= 0;
    await tx
      .update(purchases)
      .set({
        callsLeft: sql`${purchases.callsLeft} - ${calls}`,
        callsTotal: sql`${purchases.callsTotal} - ${calls}`,
        ...(emptied ? { autoRenewPackageId: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(purchases.id, p.id));
    await tx.insert(refundLines).values(due.lines.map((l) => ({ refundId: claimed.id, ...l })));
    const [row] = await tx.update(refunds).set({ calls, amountFen }).where(eq(refunds.id, claimed.id)).returning();
    if (amountFen > 0) {
      await credit(tx, {
        memberId: claimed.memberId,
        kind: 'refund',
        amountFen,
        ref: `refund:${claimed.id}`,
        orderNo: subject.orderNo,
        note: `退款 ${subject.text}（${calls} 次）`,
      });
    }
    // Invoices issued beyond what is now spent need a red invoice: recorded in this transaction,
    // so a crash cannot leave the refund booked without it (Decision 173).
    await redAfterRefund(tx, { id: claimed.id, memberId: claimed.memberId });
    await sendMessage(tx, claimed.memberId, {
      kind: 'order',
      title: '退款已到账',
      body: `您对${subject.text}的退款申请已通过：收回 ${calls.toLocaleString('zh-CN')} 次调用，${formatFen(amountFen)} 元已退回账户余额。${emptied ? '该接口已没有剩余调用，自动续费已关闭；如需继续使用请重新购买。' : ''}`,
      link: ORDERS_LINK,
    });
    return row ?? claimed;
  });
}

/** What the request is about: in words, its order's number ('' for a whole purchase) and its interface. */
async function subjectOf(tx: Tx, r: typeof refunds.$inferSelect): Promise<{ text: string; orderNo: string; interfaceId: number | null }> {
  if (r.scope === 'order' && r.orderId !== null) {
    const [o] = await tx
      .select({ orderNo: orders.orderNo, interfaceId: orders.interfaceId, name: interfaces.interfaceName })
      .from(orders)
      .innerJoin(interfaces, eq(interfaces.id, orders.interfaceId))
      .where(eq(orders.id, r.orderId));
    return { text: `订单 ${o?.orderNo ?? ''}（${o?.name ?? ''}）`, orderNo: o?.orderNo ?? '', interfaceId: o?.interfaceId ?? null };
  }
  const [p] = await tx
    .select({ interfaceId: purchases.interfaceId, name: interfaces.interfaceName })
    .from(purchases)
    .innerJoin(interfaces, eq(interfaces.id, purchases.interfaceId))
    .where(eq(purchases.id, r.purchaseId ?? 0));
  return { text: `「${p?.name ?? ''}」剩余调用`, orderNo: '', interfaceId: p?.interfaceId ?? null };
}

/**
 * What approving a request would take back and return now: its lines (at most the calls asked
 * for), their calls, and the amount, never above what was quoted when it was asked. `lock`
 * takes the purchase row first (an approval), so the calls cannot move until it commits.
 */
export async function dueNow(db: Reader, r: typeof refunds.$inferSelect, interfaceId: number, lock: boolean) {
  const scope = r.scope === 'order' && r.orderId !== null ? { orderId: r.orderId } : ('all' as const);
  const { purchase, lines } = await linesNow(db, r.memberId, interfaceId, scope, { limit: r.calls, lock });
  if (!purchase) return null;
  return { purchase, lines, calls: linesCalls(lines), amountFen: Math.min(r.amountFen, linesFen(lines)) };
}
