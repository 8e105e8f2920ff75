// Refunds (myOrder/refund for one paid order, myBuy/refundAll for what is left of a purchase):
// the customer asks, an operator approves or rejects (`npm run console -- refund …`). The amount
// rule (docs/decisions.md): calls are refunded at the unit price they were bought at, rounded
// down to the fen; paid-test calls are never refunded. Approval takes the calls back and credits
// the balance in one transaction; when fewer calls are left by then, it refunds proportionally less.
import { BILLING_MSG, formatFen, PURCHASE_MSG, type RefundAllInput, type RefundOrderInput } from '@apimarket/contracts';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { interfaces, members, orders, purchases, refunds } from '../../db/schema';
import { isUniqueViolation } from '../../db/sql';
import { Conflict, DecidedMeanwhile, Invalid, NotFound } from '../../http/errors';
import type { Account } from '../account/access';
import { sendMessage } from '../account/messages.service';
import { balanceChanged, credit, mainAccountOnly, type Tx } from '../billing/billing.service';
import { forget } from '../../memo';
import { purchaseOf } from './purchases.service';

const ORDERS_LINK = '/userCenter/paymentManage/myOrder';

/** floor(priceFen × part / whole) without losing precision on large numbers. */
export function proportionalFen(priceFen: number, part: number, whole: number): number {
  if (whole <= 0 || part <= 0) return 0;
  return Number((BigInt(priceFen) * BigInt(part)) / BigInt(whole));
}

type Reader = Db | Tx;

/** Calls of a purchase that may be refunded: what is left, less paid-test calls. */
const refundableCalls = (p: { callsLeft: number; testCallsLeft: number }) => Math.max(0, p.callsLeft - p.testCallsLeft);

async function purchaseFor(db: Reader, memberId: number, interfaceId: number) {
  const [p] = await db
    .select({ id: purchases.id, callsLeft: purchases.callsLeft, testCallsLeft: purchases.testCallsLeft })
    .from(purchases)
    .where(and(eq(purchases.memberId, memberId), eq(purchases.interfaceId, interfaceId)));
  return p ?? null;
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

/** myOrder/refund: the order's calls still left (at most all of them) at the order's unit price. */
export async function requestOrderRefund(db: Db, account: Account, input: RefundOrderInput) {
  mainAccountOnly(account);
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, input.orderNo), eq(orders.memberId, account.memberId)));
  if (!order) throw new NotFound(BILLING_MSG.orderMissing);
  if (order.status !== 'paid') throw new Conflict(PURCHASE_MSG.refundNotPaid);
  const [last] = await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.orderId, order.id)).orderBy(desc(refunds.id)).limit(1);
  if (last?.status === 'approved') throw new Conflict(PURCHASE_MSG.refundDone);
  if (last?.status === 'requested') throw new Conflict(PURCHASE_MSG.refundOpen);
  if (await openRefundOf(db, account.memberId, order.interfaceId, 'purchase')) throw new Conflict(PURCHASE_MSG.refundOpenPurchase);
  const p = await purchaseFor(db, account.memberId, order.interfaceId);
  const calls = Math.min(order.calls, p ? refundableCalls(p) : 0);
  if (calls <= 0) throw new Conflict(PURCHASE_MSG.refundNothing);
  const row = await insertRefund(
    db,
    {
      memberId: account.memberId,
      scope: 'order',
      orderId: order.id,
      calls,
      amountFen: proportionalFen(order.priceFen, calls, order.calls),
      reason: input.reason,
    },
    PURCHASE_MSG.refundOpen,
  );
  return refundAnswer(row);
}

/**
 * The amount of `calls` left of an interface: taken from the newest paid orders first, each at
 * its own unit price (less the calls already refunded from it), each share rounded down to the
 * fen. Calls beyond every paid order (none are sold otherwise today) are worth nothing.
 */
export async function amountForCalls(db: Reader, memberId: number, interfaceId: number, calls: number): Promise<number> {
  const [paid, done] = await Promise.all([
    db
      .select({ id: orders.id, calls: orders.calls, priceFen: orders.priceFen })
      .from(orders)
      .where(and(eq(orders.memberId, memberId), eq(orders.interfaceId, interfaceId), eq(orders.status, 'paid')))
      .orderBy(desc(orders.paidAt), desc(orders.id)),
    db
      .select({ orderId: refunds.orderId, calls: sql<string>`sum(${refunds.calls})::text` })
      .from(refunds)
      .where(and(eq(refunds.memberId, memberId), eq(refunds.status, 'approved'), isNotNull(refunds.orderId)))
      .groupBy(refunds.orderId),
  ]);
  const refunded = new Map(done.map((r) => [r.orderId, Number(r.calls)] as const));
  let left = calls;
  let amount = 0;
  for (const o of paid) {
    if (left <= 0) break;
    const take = Math.min(left, Math.max(0, o.calls - (refunded.get(o.id) ?? 0)));
    amount += proportionalFen(o.priceFen, take, o.calls);
    left -= take;
  }
  return amount;
}

/** myBuy/refundAll: every paid call left of a purchase. */
export async function requestRefundAll(db: Db, account: Account, input: RefundAllInput) {
  mainAccountOnly(account);
  const p = await purchaseOf(db, account, input.id);
  const calls = refundableCalls(p);
  if (calls <= 0) throw new Conflict(PURCHASE_MSG.refundNothing);
  if (await openRefundOf(db, account.memberId, p.interfaceId, 'order')) throw new Conflict(PURCHASE_MSG.refundOpenPurchase);
  const row = await insertRefund(
    db,
    {
      memberId: account.memberId,
      scope: 'purchase',
      purchaseId: p.id,
      calls,
      amountFen: await amountForCalls(db, account.memberId, p.interfaceId, calls),
      reason: input.reason,
    },
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
    const [p] = subject.purchaseId
      ? await tx
          .select({ id: purchases.id, callsLeft: purchases.callsLeft, testCallsLeft: purchases.testCallsLeft })
          .from(purchases)
          .where(eq(purchases.id, subject.purchaseId))
          .for('update')
      : [];
    const calls = Math.min(claimed.calls, p ? refundableCalls(p) : 0);
    if (!p || calls <= 0) throw new Conflict('该接口已没有可退的调用次数，请驳回该申请');
    const due = calls === claimed.calls ? claimed.amountFen : proportionalFen(claimed.amountFen, calls, claimed.calls);
    if (d.amountFen !== undefined && d.amountFen > due) throw new Invalid(`退款金额不能超过可退金额 ${formatFen(due)} 元`);
    const amountFen = d.amountFen ?? due;
    // A refund that leaves nothing to call ends the purchase: its automatic renewal goes off, or
    // the renewal job would see "calls used up" and buy the package again. The key then answers
    // SYSTEM_002 (no calls left), which is what the customer should read; not SYSTEM_003, whose
    // advice (switch it back on) would not help.
    // Paid-test calls are never refunded and run out on their own: what matters is that no
    // bought call is left.
    const emptied = p.callsLeft - calls <= p.testCallsLeft;
    await tx
      .update(purchases)
      .set({
        callsLeft: sql`${purchases.callsLeft} - ${calls}`,
        callsTotal: sql`${purchases.callsTotal} - ${calls}`,
        ...(emptied ? { autoRenewPackageId: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(purchases.id, p.id));
    const [row] = await tx.update(refunds).set({ calls, amountFen }).where(eq(refunds.id, claimed.id)).returning();
    if (amountFen > 0) await credit(tx, claimed.memberId, amountFen, 'refund', `refund:${claimed.id}`, `退款 ${subject.text}（${calls} 次）`);
    await sendMessage(tx, claimed.memberId, {
      kind: 'order',
      title: '退款已到账',
      body: `您对${subject.text}的退款申请已通过：收回 ${calls.toLocaleString('zh-CN')} 次调用，${formatFen(amountFen)} 元已退回账户余额。${emptied ? '该接口已没有剩余调用，自动续费已关闭；如需继续使用请重新购买。' : ''}`,
      link: ORDERS_LINK,
    });
    return row ?? claimed;
  });
}

/** What the request is about, in words, and the purchase it takes calls from. */
async function subjectOf(tx: Tx, r: typeof refunds.$inferSelect): Promise<{ text: string; purchaseId: number | null }> {
  if (r.scope === 'order' && r.orderId !== null) {
    const [o] = await tx
      .select({ orderNo: orders.orderNo, interfaceId: orders.interfaceId, name: interfaces.interfaceName })
      .from(orders)
      .innerJoin(interfaces, eq(interfaces.id, orders.interfaceId))
      .where(eq(orders.id, r.orderId));
    const p = o ? await purchaseFor(tx, r.memberId, o.interfaceId) : null;
    return { text: `订单 ${o?.orderNo ?? ''}（${o?.name ?? ''}）`, purchaseId: p?.id ?? null };
  }
  const [p] = await tx
    .select({ id: purchases.id, name: interfaces.interfaceName })
    .from(purchases)
    .innerJoin(interfaces, eq(interfaces.id, purchases.interfaceId))
    .where(eq(purchases.id, r.purchaseId ?? 0));
  return { text: `「${p?.name ?? ''}」剩余调用`, purchaseId: p?.id ?? null };
}
