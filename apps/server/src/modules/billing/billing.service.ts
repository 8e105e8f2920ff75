// Balance, ledger, recharges, orders and purchases (Decision 7). The rules that keep money right:
// - every balance change is one ledger row in the same transaction (balance = Σ ledger);
// - a debit is `UPDATE … SET balance = balance − x WHERE balance >= x`: under any concurrency,
//   on PGlite or on PostgreSQL with many processes, the balance never goes below zero;
// - an order is paid by moving it from unpaid to paid first (one winner), a recharge is confirmed
//   by moving it from declared to confirmed first: each happens once whatever retries arrive;
// - the ledger's (kind, ref) is unique, so even a bug cannot credit one transfer twice.
import { randomBytes, randomInt } from 'node:crypto';
import {
  type BankAccount,
  BILLING_MSG,
  CHINA_TIME_ZONE,
  ORDER_STATUS_LABEL,
  type OrderListInput,
  type OrderRow,
  type OrderStatus,
  pageOffset,
  type PageQuery,
  type PurchaseRow,
  RECHARGE_STATUS_LABEL,
  type RechargeDeclareInput,
  REFUND_STATUS_LABEL,
  type RefundStatus,
} from '@apimarket/contracts';
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation, likeLiteral } from '../../db/sql';
import { assignedCallsLeft, assignments, balances, interfaces, orders, pricePackages, purchases, recharges, refunds } from '../../db/schema';
import { Conflict, DecidedMeanwhile, Forbidden, Invalid, NotFound } from '../../http/errors';
import { type Account, companyMoneyReader } from '../account/access';
import { sendMessage } from '../account/messages.service';
import { forget } from '../../memo';
import { credit, debit } from './ledger.service';

export type { Tx };
type Writer = Db | Tx;

/** Business days are China days: date filters and order numbers use Asia/Shanghai. */
const CHINA = CHINA_TIME_ZONE;

// Told after a transaction that changed an account's balance has committed (usage alerts watch
// it); keyed by the database, so several apps in one process (tests) never hear each other.
const balanceWatchers = new WeakMap<object, (memberId: number) => void>();

export function watchBalances(db: Db, watcher: (memberId: number) => void): void {
  balanceWatchers.set(db, watcher);
}

/** Call after the transaction that changed the member's balance has committed. */
export function balanceChanged(db: Db, memberId: number): void {
  balanceWatchers.get(db)?.(memberId);
}

export async function balanceOf(db: Writer, memberId: number): Promise<number> {
  const [row] = await db.select({ fen: balances.balanceFen }).from(balances).where(eq(balances.memberId, memberId));
  return row?.fen ?? 0;
}

export function mainAccountOnly(account: Account) {
  if (account.isSub) throw new Forbidden(BILLING_MSG.subAccount);
}

// ── Recharges ────────────────────────────────────────────────────────────────────────────────
/**
 * `bankAccount.open` is false in production while no account is configured: the page showed no
 * account, so no transfer to it can be declared.
 */
export async function declareRecharge(db: Db, account: Account, input: RechargeDeclareInput, bankAccount: Pick<BankAccount, 'open'>) {
  mainAccountOnly(account);
  if (!bankAccount.open) throw new Forbidden(BILLING_MSG.rechargeClosed);
  try {
    const [row] = await db
      .insert(recharges)
      .values({ memberId: account.memberId, amountFen: input.amount, transferRef: input.transferRef, payerName: input.payerName })
      .returning();
    if (!row) throw new Error('recharge insert returned no row');
    return rechargeView(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(BILLING_MSG.transferTaken);
    throw err;
  }
}

function rechargeView(r: typeof recharges.$inferSelect) {
  const status = r.status as keyof typeof RECHARGE_STATUS_LABEL;
  return {
    id: r.id,
    amountFen: r.amountFen,
    transferRef: r.transferRef,
    payerName: r.payerName,
    status,
    statusLabel: RECHARGE_STATUS_LABEL[status],
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  };
}

export async function listRecharges(db: Db, account: Account, page: PageQuery) {
  const where = eq(recharges.memberId, companyMoneyReader(account));
  const [rows, [total]] = await Promise.all([
    db.select().from(recharges).where(where).orderBy(desc(recharges.id)).limit(page.pageSize).offset(pageOffset(page)),
    db.select({ n: count() }).from(recharges).where(where),
  ]);
  return { rows: rows.map(rechargeView), total: total?.n ?? 0 };
}

/**
 * An operator's decision on a declared transfer: confirming credits the balance exactly once.
 * Deciding the same way again answers the stored outcome; the other way is refused.
 */
export async function decideRecharge(
  db: Db,
  d: { id: number; decision: 'confirm' | 'reject'; reason?: string; operator: string },
): Promise<{ row: typeof recharges.$inferSelect; changed: boolean }> {
  const reason = d.reason?.trim() ?? '';
  if (d.decision === 'reject' && !reason) throw new Invalid('请填写驳回原因');
  const [current] = await db.select().from(recharges).where(eq(recharges.id, d.id));
  if (!current) throw new NotFound('充值申请不存在');
  const target = d.decision === 'confirm' ? 'confirmed' : 'rejected';
  if (current.status === target) return { row: current, changed: false };
  if (current.status !== 'declared') throw new Conflict('该充值申请已处理');
  let decided: { row: typeof recharges.$inferSelect; changed: boolean };
  try {
    decided = await decideDeclared(db, d, target, reason);
  } catch (err) {
    if (!(err instanceof DecidedMeanwhile)) throw err;
    const [now] = await db.select().from(recharges).where(eq(recharges.id, d.id));
    if (now?.status !== target) throw err;
    return { row: now, changed: false };
  }
  if (target === 'confirmed') balanceChanged(db, decided.row.memberId);
  return decided;
}

async function decideDeclared(db: Db, d: { id: number; operator: string }, target: 'confirmed' | 'rejected', reason: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(recharges)
      .set({ status: target, reason, decidedBy: d.operator, decidedAt: new Date() })
      .where(and(eq(recharges.id, d.id), eq(recharges.status, 'declared')))
      .returning();
    if (!row) throw new DecidedMeanwhile('该充值申请已处理');
    const yuan = (row.amountFen / 100).toFixed(2);
    if (target === 'confirmed') {
      await credit(tx, {
        memberId: row.memberId,
        kind: 'recharge',
        amountFen: row.amountFen,
        ref: `R${row.id}`,
        orderNo: row.transferRef,
        note: `对公转账（付款账户 ${row.payerName}）`,
      });
      await sendMessage(tx, row.memberId, {
        kind: 'order',
        title: '充值已到账',
        body: `您申请的 ${yuan} 元充值（转账流水号 ${row.transferRef}）已确认到账，可用于购买接口套餐。`,
        link: '/userCenter/paymentManage/myOrder',
      });
    } else {
      await sendMessage(tx, row.memberId, {
        kind: 'order',
        title: '充值申请未通过',
        body: `您申请的 ${yuan} 元充值（转账流水号 ${row.transferRef}）未能确认。\n原因：${reason}`,
        link: '/userCenter/paymentManage/myOrder',
      });
    }
    return { row, changed: true };
  });
}

// ── Orders ───────────────────────────────────────────────────────────────────────────────────
/** D + yyyyMMddHHmmss (China time) + 6 random characters: sortable, unguessable enough. */
export function newOrderNo(): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: CHINA,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date());
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  const alphabet = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const tail = Array.from({ length: 6 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `D${get('year')}${get('month')}${get('day')}${get('hour')}${get('minute')}${get('second')}${tail}`;
}

export async function packageFor(db: Writer, interfaceId: number, packageId: number) {
  const [row] = await db
    .select({
      calls: pricePackages.calls,
      priceFen: pricePackages.priceFen,
      validityDays: pricePackages.validityDays,
      onSale: pricePackages.onSale,
      packageInterface: pricePackages.interfaceId,
      interfaceStatus: interfaces.status,
    })
    .from(pricePackages)
    .innerJoin(interfaces, eq(interfaces.id, pricePackages.interfaceId))
    .where(eq(pricePackages.id, packageId));
  if (!row?.onSale || row.packageInterface !== interfaceId) throw new NotFound(BILLING_MSG.packageMissing);
  if (row.interfaceStatus !== 'on_sale') throw new NotFound(BILLING_MSG.interfaceMissing);
  return row;
}

export async function createOrder(db: Db, account: Account, input: { interfaceId: number; packageId: number }): Promise<OrderRow> {
  mainAccountOnly(account);
  const p = await packageFor(db, input.interfaceId, input.packageId);
  const [row] = await db
    .insert(orders)
    .values({
      orderNo: newOrderNo(),
      memberId: account.memberId,
      interfaceId: input.interfaceId,
      packageId: input.packageId,
      calls: p.calls,
      priceFen: p.priceFen,
      validityDays: p.validityDays,
    })
    .returning({ orderNo: orders.orderNo });
  return orderByNo(db, account, row?.orderNo ?? '');
}

export async function orderByNo(db: Db, account: Account, orderNo: string): Promise<OrderRow> {
  const [row] = await orderQuery(db)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.memberId, companyMoneyReader(account))))
    .limit(1);
  if (!row) throw new NotFound(BILLING_MSG.orderMissing);
  return orderView(row);
}

/** The status of the newest refund asked for an order or a purchase (`ref` is its column of refunds), or null. */
const lastRefundStatus = (ref: PgColumn, id: PgColumn) =>
  sql<RefundStatus | null>`(select ${refunds.status} from ${refunds} where ${ref} = ${id} order by ${refunds.id} desc limit 1)`;

export function orderQuery(db: Db) {
  return db
    .select({
      orderNo: orders.orderNo,
      interfaceId: orders.interfaceId,
      interfaceName: interfaces.interfaceName,
      calls: orders.calls,
      priceFen: orders.priceFen,
      validityDays: orders.validityDays,
      status: orders.status,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      refundStatus: lastRefundStatus(refunds.orderId, orders.id),
    })
    .from(orders)
    .innerJoin(interfaces, eq(interfaces.id, orders.interfaceId))
    .$dynamic();
}

type OrderSelect = Awaited<ReturnType<ReturnType<typeof orderQuery>['execute']>>[number];

export function orderView(r: OrderSelect): OrderRow {
  const status = r.status as OrderStatus;
  return {
    ...r,
    status,
    statusLabel: ORDER_STATUS_LABEL[status],
    createdAt: r.createdAt.toISOString(),
    paidAt: r.paidAt?.toISOString() ?? null,
    refundLabel: r.refundStatus ? REFUND_STATUS_LABEL[r.refundStatus] : '',
  };
}

/** Change the package of an unpaid order (updateInterfaceOrders). */
export async function changeOrderPackage(db: Db, account: Account, { orderNo, packageId }: { orderNo: string; packageId: number }): Promise<OrderRow> {
  mainAccountOnly(account);
  const current = await orderByNo(db, account, orderNo);
  if (current.status !== 'unpaid') throw new Conflict(BILLING_MSG.orderNotUnpaid);
  const p = await packageFor(db, current.interfaceId, packageId);
  const changed = await db
    .update(orders)
    .set({ packageId, calls: p.calls, priceFen: p.priceFen, validityDays: p.validityDays })
    .where(and(eq(orders.orderNo, orderNo), eq(orders.memberId, account.memberId), eq(orders.status, 'unpaid')))
    .returning({ id: orders.id });
  if (changed.length === 0) throw new Conflict(BILLING_MSG.orderNotUnpaid);
  return orderByNo(db, account, orderNo);
}

export async function cancelOrder(db: Db, account: Account, { orderNo }: { orderNo: string }): Promise<void> {
  mainAccountOnly(account);
  await orderByNo(db, account, orderNo); // 404 for another member's number
  const changed = await db
    .update(orders)
    .set({ status: 'cancelled' })
    .where(and(eq(orders.orderNo, orderNo), eq(orders.memberId, account.memberId), eq(orders.status, 'unpaid')))
    .returning({ id: orders.id });
  if (changed.length === 0) throw new Conflict(BILLING_MSG.orderNotUnpaid);
}

/** A fresh purchase key: 32 bytes of randomness, base64url (43 characters). */
export function newPurchaseKey(): string {
  return randomBytes(32).toString('base64url');
}

/** What one call of a package costs, in milli-fen: what call statistics add up (call_records.cost_mfen). */
export function unitPriceMfen(priceFen: number, calls: number): number {
  return calls > 0 ? Math.floor((priceFen * 1000) / calls) : 0;
}

/**
 * Pay an unpaid order from the balance, in one transaction: the order moves to paid (only one
 * caller can), the balance is debited (never below zero), and the interface's purchase gains
 * the calls — created with its key on the first purchase; remaining calls carry over and the
 * expiry extends from the later of now and the current expiry.
 */
export async function payOrder(db: Db, account: Account, { orderNo }: { orderNo: string }): Promise<OrderRow> {
  mainAccountOnly(account);
  await orderByNo(db, account, orderNo);
  await db.transaction(async (tx) => {
    if (!(await payOrderIn(tx, account.memberId, orderNo))) throw new Conflict(BILLING_MSG.orderNotUnpaid);
  });
  forget('purchases');
  balanceChanged(db, account.memberId);
  return orderByNo(db, account, orderNo);
}

/**
 * payOrder's work inside the caller's transaction (an online payment credits the money and pays
 * the order in one). Answers the order as paid, or null when it was not the member's unpaid
 * order (or, with `priceFen`, no longer costs that much): nothing was changed then. Throws
 * ALL_0070 when the balance does not cover it. The caller forgets the purchases memo and tells
 * balanceChanged after its commit.
 */
export async function payOrderIn(tx: Tx, memberId: number, orderNo: string, opts: { priceFen?: number } = {}) {
  const [order] = await tx
    .update(orders)
    .set({ status: 'paid', paidAt: new Date() })
    .where(
      and(
        eq(orders.orderNo, orderNo),
        eq(orders.memberId, memberId),
        eq(orders.status, 'unpaid'),
        opts.priceFen === undefined ? undefined : eq(orders.priceFen, opts.priceFen),
      ),
    )
    .returning();
  if (!order) return null;
  const [iface] = await tx.select({ name: interfaces.interfaceName }).from(interfaces).where(eq(interfaces.id, order.interfaceId));
  await debit(tx, {
    memberId,
    kind: 'purchase',
    amountFen: order.priceFen,
    ref: orderNo,
    orderNo,
    note: `购买 ${iface?.name ?? order.interfaceId}（${order.calls} 次）`,
  });
  const extend = sql`greatest(${purchases.expiresAt}, now()) + make_interval(days => ${order.validityDays})`;
  await tx
    .insert(purchases)
    .values({
      memberId,
      interfaceId: order.interfaceId,
      key: newPurchaseKey(),
      callsTotal: order.calls,
      callsLeft: order.calls,
      expiresAt: sql`now() + make_interval(days => ${order.validityDays})`,
      unitPriceMfen: unitPriceMfen(order.priceFen, order.calls),
    })
    .onConflictDoUpdate({
      target: [purchases.memberId, purchases.interfaceId],
      set: {
        callsTotal: sql`${purchases.callsTotal} + ${order.calls}`,
        callsLeft: sql`${purchases.callsLeft} + ${order.calls}`,
        expiresAt: extend,
        unitPriceMfen: unitPriceMfen(order.priceFen, order.calls),
      },
    });
  await sendMessage(tx, memberId, {
    kind: 'order',
    title: '订单支付成功',
    body: `订单 ${orderNo} 已支付 ${(order.priceFen / 100).toFixed(2)} 元，「${iface?.name ?? ''}」已增加 ${order.calls} 次调用，可在「我的API」查看接口 Key。`,
    link: '/userCenter/dataManage/myAPI',
  });
  return order;
}

/** The filters of myOrder/list (and of its export) as a WHERE clause; orders join interfaces. */
export function orderFilter(account: Account, f: Omit<OrderListInput, 'pageNum' | 'pageSize'>) {
  const day = (d: string) => sql`(${d}::date)::timestamp at time zone ${CHINA}`;
  return and(
    eq(orders.memberId, companyMoneyReader(account)),
    f.status ? eq(orders.status, f.status) : undefined,
    f.interfaceName ? sql`${interfaces.interfaceName} like ${likeLiteral(f.interfaceName)}` : undefined,
    f.startDate ? gte(orders.createdAt, day(f.startDate)) : undefined,
    f.endDate ? lt(orders.createdAt, sql`${day(f.endDate)} + interval '1 day'`) : undefined,
  );
}

export async function listOrders(db: Db, account: Account, f: OrderListInput): Promise<{ rows: OrderRow[]; total: number }> {
  const where = orderFilter(account, f);
  const [rows, [total]] = await Promise.all([
    orderQuery(db).where(where).orderBy(desc(orders.id)).limit(f.pageSize).offset(pageOffset(f)),
    db.select({ n: count() }).from(orders).innerJoin(interfaces, eq(interfaces.id, orders.interfaceId)).where(where),
  ]);
  return { rows: rows.map(orderView), total: total?.n ?? 0 };
}

// ── Purchases ────────────────────────────────────────────────────────────────────────────────
export async function listPurchases(db: Db, account: Account, page: PageQuery & { interfaceName?: string }): Promise<{ rows: PurchaseRow[]; total: number }> {
  if (account.isSub) return listAssigned(db, account, page);
  const where = and(
    eq(purchases.memberId, account.memberId),
    page.interfaceName ? sql`${interfaces.interfaceName} like ${likeLiteral(page.interfaceName)}` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: purchases.id,
        interfaceId: purchases.interfaceId,
        interfaceName: interfaces.interfaceName,
        path: interfaces.path,
        key: purchases.key,
        callsTotal: purchases.callsTotal,
        callsLeft: purchases.callsLeft,
        expiresAt: purchases.expiresAt,
        status: purchases.status,
        expired: sql<boolean>`${purchases.expiresAt} <= now()`,
        callbackUrl: purchases.callbackUrl,
        autoRenewPackageId: purchases.autoRenewPackageId,
        renewFailedAt: purchases.renewFailedAt,
        refundStatus: lastRefundStatus(refunds.purchaseId, purchases.id),
      })
      .from(purchases)
      .innerJoin(interfaces, eq(interfaces.id, purchases.interfaceId))
      .where(where)
      .orderBy(desc(purchases.id))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    db.select({ n: count() }).from(purchases).innerJoin(interfaces, eq(interfaces.id, purchases.interfaceId)).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      status: r.status as PurchaseRow['status'],
      expiresAt: r.expiresAt.toISOString(),
      renewFailedAt: r.renewFailedAt?.toISOString() ?? null,
      refundLabel: r.refundStatus ? REFUND_STATUS_LABEL[r.refundStatus] : '',
    })),
    total: total?.n ?? 0,
  };
}

/**
 * 我的API of a sub-account (Decision 177): what its main account assigned it, each row the main
 * account's purchase seen through the assignment — its own key, its allotment as the calls
 * (the fewer of what the allotment and the purchase have left), stopped when either is. The row id
 * is the purchase's, so the test and batch pages address it as they do for a main account.
 */
async function listAssigned(db: Db, account: Account, page: PageQuery & { interfaceName?: string }): Promise<{ rows: PurchaseRow[]; total: number }> {
  const where = and(
    eq(assignments.memberId, account.memberId),
    page.interfaceName ? sql`${interfaces.interfaceName} like ${likeLiteral(page.interfaceName)}` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: purchases.id,
        interfaceId: purchases.interfaceId,
        interfaceName: interfaces.interfaceName,
        path: interfaces.path,
        key: assignments.key,
        callsTotal: sql<number>`coalesce(${assignments.callsAllotted}, ${purchases.callsTotal})`.mapWith(Number),
        callsLeft: assignedCallsLeft,
        expiresAt: purchases.expiresAt,
        status: sql<string>`case when ${purchases.status} = 'active' and ${assignments.status} = 'active' then 'active' else 'stopped' end`,
        expired: sql<boolean>`${purchases.expiresAt} <= now()`,
      })
      .from(assignments)
      .innerJoin(purchases, eq(purchases.id, assignments.purchaseId))
      .innerJoin(interfaces, eq(interfaces.id, purchases.interfaceId))
      .where(where)
      .orderBy(desc(assignments.id))
      .limit(page.pageSize)
      .offset(pageOffset(page)),
    db
      .select({ n: count() })
      .from(assignments)
      .innerJoin(purchases, eq(purchases.id, assignments.purchaseId))
      .innerJoin(interfaces, eq(interfaces.id, purchases.interfaceId))
      .where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      status: r.status as PurchaseRow['status'],
      expiresAt: r.expiresAt.toISOString(),
      callbackUrl: '',
      autoRenewPackageId: null,
      renewFailedAt: null,
      refundStatus: null,
      refundLabel: '',
    })),
    total: total?.n ?? 0,
  };
}
