// Online payments (issue #19): opening one for a recharge or an unpaid order, and settling it —
// from a verified notification, from the query job, or from the console's 「查询支付状态」, all
// through settle(). A payment is booked once: its status moves by a status-conditional update
// and the ledger's (kind, ref) is unique, so a notification sent twice, or a notification racing
// the job, credits the money once.
import { randomInt } from 'node:crypto';
import {
  BILLING_MSG,
  type ConsolePaymentQuery,
  type ConsolePaymentRow,
  formatFen,
  PAYMENT_EXPIRY_MINUTES,
  PAYMENT_MSG,
  PAYMENT_PROVIDER_LABEL,
  PAYMENT_PURPOSE_LABEL,
  PAYMENT_STATUS_LABEL,
  type PaymentCreated,
  type PaymentMethods,
  type PaymentProviderName,
  type PaymentPurpose,
  type PaymentStatus,
  type PaymentView,
  pageOffset,
} from '@apimarket/contracts';
import { and, count, desc, eq, getTableColumns, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import QRCode from 'qrcode';
import type { Db } from '../../db/client';
import { members, payments } from '../../db/schema';
import { likeLiteral } from '../../db/sql';
import { AppError, Conflict, Invalid, NotFound } from '../../http/errors';
import { forget } from '../../memo';
import { type Account, companyMoneyReader } from '../account/access';
import { sendMessage } from '../account/messages.service';
import { balanceChanged, mainAccountOnly, newOrderNo, orderByNo, payOrderIn } from '../billing/billing.service';
import { credit } from '../billing/ledger.service';
import type { Providers } from './providers';
import type { Incoming, PaymentProvider, TradeState } from './providers/provider';

type PaymentRow = typeof payments.$inferSelect;

export function paymentView(r: PaymentRow): PaymentView {
  const provider = r.provider as PaymentProviderName;
  const status = r.status as PaymentStatus;
  const purpose = r.purpose as PaymentPurpose;
  return {
    paymentNo: r.paymentNo,
    purpose,
    purposeLabel: PAYMENT_PURPOSE_LABEL[purpose],
    orderNo: r.orderNo,
    amountFen: r.amountFen,
    provider,
    providerLabel: PAYMENT_PROVIDER_LABEL[provider] ?? r.provider,
    status,
    statusLabel: PAYMENT_STATUS_LABEL[status],
    expiresAt: r.expiresAt.toISOString(),
    paidAt: r.paidAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

export function paymentMethods(providers: Providers, devTools: boolean): PaymentMethods {
  return {
    methods: providers.list.map((p) => ({ provider: p.name, label: PAYMENT_PROVIDER_LABEL[p.name] })),
    simulate: devTools && providers.sandbox !== null,
    expiryMinutes: PAYMENT_EXPIRY_MINUTES,
  };
}

/** P + the China time and 6 characters of an order number's shape: fits every provider's out_trade_no. */
function newPaymentNo(): string {
  return `P${newOrderNo().slice(1, 15)}${Array.from({ length: 6 }, () => '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'[randomInt(34)]).join('')}`;
}

function providerOf(providers: Providers, name: string): PaymentProvider {
  if (providers.list.length === 0) throw new AppError('ALL_0010', PAYMENT_MSG.closed);
  const p = providers.get(name);
  if (!p) throw new Invalid(PAYMENT_MSG.provider);
  return p;
}

async function open(
  db: Db,
  provider: PaymentProvider,
  p: { memberId: number; purpose: PaymentPurpose; orderNo: string; amountFen: number; subject: string },
): Promise<PaymentCreated> {
  const expiresAt = new Date(Date.now() + PAYMENT_EXPIRY_MINUTES * 60_000);
  const [row] = await db
    .insert(payments)
    .values({
      paymentNo: newPaymentNo(),
      memberId: p.memberId,
      purpose: p.purpose,
      orderNo: p.orderNo,
      amountFen: p.amountFen,
      provider: provider.name,
      expiresAt,
    })
    .returning();
  if (!row) throw new Error('payment insert returned no row');
  let opened: { qrText: string; link: string; tradeNo: string };
  try {
    opened = await provider.create({ paymentNo: row.paymentNo, amountFen: row.amountFen, subject: p.subject, expiresAt });
  } catch (err) {
    // The provider would not open it: nothing can be paid, so the row is closed at once.
    await db
      .update(payments)
      .set({ status: 'closed', closedAt: new Date(), note: `下单失败：${err instanceof Error ? err.message.slice(0, 200) : ''}` })
      .where(eq(payments.id, row.id));
    throw new AppError('ALL_0098', PAYMENT_MSG.providerDown);
  }
  const [saved] = await db
    .update(payments)
    .set({ qrText: opened.qrText, link: opened.link, tradeNo: opened.tradeNo })
    .where(eq(payments.id, row.id))
    .returning();
  const qrDataUrl = opened.qrText ? await QRCode.toDataURL(opened.qrText, { margin: 1, width: 240, errorCorrectionLevel: 'M' }) : '';
  return { ...paymentView(saved ?? row), qrDataUrl, link: opened.link };
}

/** 在线充值: the same amounts as a bank-transfer declaration; only the main account holds the money. */
export async function createRechargePayment(db: Db, providers: Providers, account: Account, input: { amount: number; provider: string }) {
  mainAccountOnly(account);
  const provider = providerOf(providers, input.provider);
  return open(db, provider, { memberId: account.memberId, purpose: 'recharge', orderNo: '', amountFen: input.amount, subject: '账户充值' });
}

/** 在线支付 of an unpaid order: its price now; the order is paid when the money arrives. */
export async function createOrderPayment(db: Db, providers: Providers, account: Account, input: { orderNo: string; provider: string }) {
  mainAccountOnly(account);
  const provider = providerOf(providers, input.provider);
  const order = await orderByNo(db, account, input.orderNo);
  if (order.status !== 'unpaid') throw new Conflict(BILLING_MSG.orderNotUnpaid);
  return open(db, provider, {
    memberId: account.memberId,
    purpose: 'order',
    orderNo: order.orderNo,
    amountFen: order.priceFen,
    subject: `购买 ${order.interfaceName}（${order.calls} 次）`.slice(0, 120),
  });
}

/** The page polls this; only the main account (a sub-account does not pay, Decision 180). */
export async function paymentStatus(db: Db, account: Account, paymentNo: string): Promise<PaymentView> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.paymentNo, paymentNo), eq(payments.memberId, companyMoneyReader(account))));
  if (!row) throw new NotFound(PAYMENT_MSG.missing);
  return paymentView(row);
}

export type Settled = 'paid' | 'closed' | 'unchanged';

/**
 * Bring a payment in line with what its provider reports. Paid: the money is credited (kind
 * `payment`), and for an order the order is paid from it in the same transaction. A payment
 * closed here that the provider reports paid after all is booked too: money received is never
 * dropped. A paid amount that differs from the payment's is never booked (logged for finance).
 */
export async function settle(db: Db, row: PaymentRow, trade: TradeState, log?: FastifyBaseLogger): Promise<Settled> {
  if (trade.state !== 'paid') return 'unchanged';
  if (trade.amountFen !== null && trade.amountFen !== row.amountFen) {
    log?.error({ paymentNo: row.paymentNo, expected: row.amountFen, reported: trade.amountFen }, 'payment amount differs from the provider’s; not booked');
    // Finance sees it on the console's row and settles it by hand.
    await db
      .update(payments)
      .set({ note: `渠道报告金额 ${formatFen(trade.amountFen)} 元与支付单不符，未入账，请财务核实`, tradeNo: trade.tradeNo || row.tradeNo })
      .where(and(eq(payments.id, row.id), inArray(payments.status, ['created', 'closed'])));
    return 'unchanged';
  }
  const label = PAYMENT_PROVIDER_LABEL[row.provider as PaymentProviderName] ?? row.provider;
  const outcome = await db.transaction(async (tx) => {
    const [paid] = await tx
      .update(payments)
      .set({ status: 'paid', paidAt: new Date(), tradeNo: trade.tradeNo || row.tradeNo })
      .where(and(eq(payments.id, row.id), inArray(payments.status, ['created', 'closed'])))
      .returning();
    if (!paid) return null;
    const yuan = (paid.amountFen / 100).toFixed(2);
    await credit(tx, {
      memberId: paid.memberId,
      kind: 'payment',
      amountFen: paid.amountFen,
      ref: `pay:${paid.paymentNo}`,
      orderNo: paid.purpose === 'order' ? paid.orderNo : paid.paymentNo,
      note: `${label}${paid.purpose === 'order' ? '支付订单' : '充值'}（支付单 ${paid.paymentNo}${paid.tradeNo ? `，交易号 ${paid.tradeNo}` : ''}）`,
    });
    if (paid.purpose === 'recharge') {
      await sendMessage(tx, paid.memberId, {
        kind: 'order',
        title: '充值已到账',
        body: `您通过${label}充值的 ${yuan} 元已到账（支付单 ${paid.paymentNo}），可用于购买接口套餐。`,
        link: '/userCenter/paymentManage/myOrder',
      });
      return { paid, orderPaid: false };
    }
    // The order is paid only if it is still unpaid at the price that was paid; otherwise the
    // money stays in the balance and the member is told so.
    const order = await payOrderIn(tx, paid.memberId, paid.orderNo, { priceFen: paid.amountFen });
    if (!order) {
      await tx.update(payments).set({ note: '订单已支付、已取消或金额已变更，款项已存入账户余额' }).where(eq(payments.id, paid.id));
      await sendMessage(tx, paid.memberId, {
        kind: 'order',
        title: '在线支付已到账',
        body: `您为订单 ${paid.orderNo} 支付的 ${yuan} 元已到账，但该订单已支付、已取消或金额已变更，款项已存入账户余额，可用于购买接口套餐。`,
        link: '/userCenter/paymentManage/myOrder',
      });
    }
    return { paid, orderPaid: order !== null };
  });
  if (!outcome) return 'unchanged';
  if (outcome.orderPaid) forget('purchases');
  balanceChanged(db, outcome.paid.memberId);
  return 'paid';
}

/** Close a payment that can no longer be paid (expired, or the provider closed it). */
async function closePayment(db: Db, row: PaymentRow, note: string): Promise<Settled> {
  const closed = await db
    .update(payments)
    .set({ status: 'closed', closedAt: new Date(), note })
    .where(and(eq(payments.id, row.id), eq(payments.status, 'created')))
    .returning({ id: payments.id });
  return closed.length > 0 ? 'closed' : 'unchanged';
}

/**
 * What the job and the console's 「查询支付状态」 do for one open payment: ask the provider;
 * paid → booked; closed by the provider → closed; still unpaid after its expiry → closed at the
 * provider (so it cannot be paid later) and here.
 */
export async function reconcile(db: Db, providers: Providers, row: PaymentRow, now: Date, log?: FastifyBaseLogger): Promise<Settled> {
  if (row.status === 'paid') return 'unchanged';
  const provider = providers.get(row.provider);
  const expired = row.expiresAt.getTime() <= now.getTime();
  if (!provider) return expired ? closePayment(db, row, '支付方式已停用，超时关闭') : 'unchanged';
  const trade = await provider.query(row.paymentNo);
  if (trade.state === 'paid') return settle(db, row, trade, log);
  if (row.status !== 'created') return 'unchanged';
  if (trade.state === 'closed') return closePayment(db, row, '支付渠道已关闭交易');
  if (!expired) return 'unchanged';
  await provider.close(row.paymentNo);
  // Paid in the moment between the query and the close: book it rather than close it.
  const last = await provider.query(row.paymentNo);
  if (last.state === 'paid') return settle(db, row, last, log);
  return closePayment(db, row, '超时未支付，已关闭');
}

/** The query job's pass: every open payment a minute old or more, oldest first (a notification usually comes first). */
export async function reconcileOpen(db: Db, providers: Providers, now: Date, log?: FastifyBaseLogger): Promise<{ paid: number; closed: number }> {
  const open = await db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'created'), lte(payments.createdAt, new Date(now.getTime() - 60_000))))
    .orderBy(payments.id)
    .limit(200);
  const tally = { paid: 0, closed: 0 };
  for (const row of open) {
    try {
      const r = await reconcile(db, providers, row, now, log);
      if (r === 'paid') tally.paid++;
      if (r === 'closed') tally.closed++;
    } catch (err) {
      // One provider being down must not stop the others: the next pass asks again.
      log?.warn({ err, paymentNo: row.paymentNo }, 'payment status query failed');
    }
  }
  return tally;
}

/**
 * A provider's notification: verified by its signature first (a forged or altered one changes
 * nothing and is refused with ALL_0003, which every provider takes as "send again"), then
 * settled. Answers what tells the provider it was taken.
 */
export async function receiveNotification(db: Db, providers: Providers, name: string, incoming: Incoming, log?: FastifyBaseLogger) {
  const provider = providers.get(name);
  if (!provider) throw new AppError('ALL_0008');
  const trade = await provider.verify(incoming);
  if (!trade) {
    log?.warn({ provider: name }, 'payment notification refused: signature does not verify');
    throw new AppError('ALL_0003', PAYMENT_MSG.badNotification);
  }
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.paymentNo, trade.paymentNo), eq(payments.provider, name)));
  if (!row) {
    log?.warn({ provider: name, paymentNo: trade.paymentNo }, 'payment notification for an unknown payment');
    throw new NotFound(PAYMENT_MSG.missing);
  }
  await settle(db, row, trade, log);
  return provider.accepted;
}

/** 「模拟支付成功」 (dev tools): the sandbox's payer pays, and its signed notification comes in. */
export async function simulatePaid(db: Db, providers: Providers, paymentNo: string, log?: FastifyBaseLogger): Promise<PaymentView> {
  const [row] = await db.select().from(payments).where(eq(payments.paymentNo, paymentNo));
  if (row?.provider !== 'sandbox' || !providers.sandbox) throw new NotFound(PAYMENT_MSG.missing);
  if (row.status !== 'created') throw new Conflict(PAYMENT_MSG.notPayable);
  const incoming = providers.sandbox.pay(paymentNo);
  if (!incoming) throw new Conflict(PAYMENT_MSG.notPayable);
  await receiveNotification(db, providers, 'sandbox', incoming, log);
  const [now] = await db.select().from(payments).where(eq(payments.id, row.id));
  return paymentView(now ?? row);
}

// ── Console ──────────────────────────────────────────────────────────────────────────────────
function consoleRow(r: PaymentRow & { loginName: string }): ConsolePaymentRow {
  return {
    ...paymentView(r),
    id: r.id,
    memberId: r.memberId,
    loginName: r.loginName,
    tradeNo: r.tradeNo,
    note: r.note,
    closedAt: r.closedAt?.toISOString() ?? null,
  };
}

const withMember = (db: Db) =>
  db
    .select({ ...getTableColumns(payments), loginName: members.loginName })
    .from(payments)
    .innerJoin(members, eq(members.id, payments.memberId))
    .$dynamic();

export async function listConsolePayments(db: Db, q: ConsolePaymentQuery) {
  const text = q.keyword ? likeLiteral(q.keyword) : null;
  const byKeyword = text
    ? or(
        sql`${payments.paymentNo} like ${text}`,
        sql`${payments.tradeNo} like ${text}`,
        sql`${payments.orderNo} like ${text}`,
        sql`${members.loginName} like ${text}`,
      )
    : undefined;
  const where = and(q.status === 'all' ? undefined : eq(payments.status, q.status), byKeyword);
  const [rows, [total], byStatus] = await Promise.all([
    withMember(db).where(where).orderBy(desc(payments.id)).limit(q.pageSize).offset(pageOffset(q)),
    db.select({ n: count() }).from(payments).innerJoin(members, eq(members.id, payments.memberId)).where(where),
    db
      .select({ status: payments.status, n: count() })
      .from(payments)
      .innerJoin(members, eq(members.id, payments.memberId))
      .where(byKeyword)
      .groupBy(payments.status),
  ]);
  const counts = { created: 0, paid: 0, closed: 0, all: 0 };
  for (const s of byStatus) {
    if (s.status === 'created' || s.status === 'paid' || s.status === 'closed') counts[s.status] = s.n;
    counts.all += s.n;
  }
  return { rows: rows.map(consoleRow), total: total?.n ?? 0, counts };
}

/** 「查询支付状态」: the job's reconcile for one payment, now; answers the row as it then stands. */
export async function queryConsolePayment(db: Db, providers: Providers, id: number, log?: FastifyBaseLogger): Promise<ConsolePaymentRow> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  if (!row) throw new NotFound(PAYMENT_MSG.missing);
  try {
    await reconcile(db, providers, row, new Date(), log);
  } catch (err) {
    if (err instanceof AppError) throw err;
    log?.warn({ err, paymentNo: row.paymentNo }, 'payment status query failed');
    throw new AppError('ALL_0098', '支付渠道暂时无法查询，请稍后再试');
  }
  const [now] = await withMember(db).where(eq(payments.id, id));
  if (!now) throw new NotFound(PAYMENT_MSG.missing);
  return consoleRow(now);
}
