// Paid tests (付费测试, Decision 8): applications, the operator's decision, and the expiry job.
// - The fee is fixed when the customer applies (payTestFee over the interface's on-sale packages,
//   the same function the page shows it with) and debited only when an operator approves.
// - Approval is one transaction: the test moves applied → approved (one winner), the fee leaves
//   the balance through the ledger (ref paytest:{id}, never overdrawn), the calls join the
//   (member, interface) purchase as test calls, and the customer gets a message.
// - Expiry is one transaction per test: approved → expired (one winner), the test calls still
//   left are taken off the purchase, and the customer is told. Running it again changes nothing.
import {
  chinaReading,
  formatFen,
  pageOffset,
  type PageQuery,
  PAY_TEST_LIMITS,
  PAY_TEST_MSG,
  PAY_TEST_STATUS_LABEL,
  type PayTestApplyInput,
  payTestFee,
  type PayTestRow,
  type PayTestStatus,
  payTestNo,
} from '@apimarket/contracts';
import { and, asc, count, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/sql';
import { interfaces, members, payTests, pricePackages, purchases } from '../../db/schema';
import { AppError, Conflict, DecidedMeanwhile, Forbidden, Invalid, NotFound } from '../../http/errors';
import type { Account } from '../account/access';
import { sendMessage } from '../account/messages.service';
import { balanceChanged, balanceOf, newPurchaseKey, unitPriceMfen } from '../billing/billing.service';
import { debit, remark } from '../billing/ledger.service';
import { forget } from '../../memo';
import { maskMobile } from '../identity/context';

const VALIDITY = sql.raw(`interval '${PAY_TEST_LIMITS.validityMonths} months'`);
const LINK = '/userCenter/payTest';
const yuan = (fen: number) => `${formatFen(fen)} 元`;

/** China time, as the customer reads it in a message. */

/** The fee of `calls` test calls of an interface on sale now; null when it has no package. */
async function feeFor(db: Db, interfaceId: number, calls: number): Promise<{ name: string; feeFen: number | null }> {
  const [iface] = await db.select({ name: interfaces.interfaceName, status: interfaces.status }).from(interfaces).where(eq(interfaces.id, interfaceId));
  if (iface?.status !== 'on_sale') throw new NotFound(PAY_TEST_MSG.interfaceMissing);
  const packages = await db
    .select({ calls: pricePackages.calls, priceFen: pricePackages.priceFen })
    .from(pricePackages)
    .where(and(eq(pricePackages.interfaceId, interfaceId), eq(pricePackages.onSale, true)));
  return { name: iface.name, feeFen: payTestFee(calls, packages) };
}

export async function applyPayTest(db: Db, account: Account, input: PayTestApplyInput): Promise<PayTestRow> {
  if (account.isSub) throw new Forbidden(PAY_TEST_MSG.subAccount);
  const { feeFen } = await feeFor(db, input.interfaceId, input.calls);
  if (feeFen === null) throw new Invalid(PAY_TEST_MSG.noPrice);
  try {
    const [row] = await db
      .insert(payTests)
      .values({
        memberId: account.memberId,
        interfaceId: input.interfaceId,
        calls: input.calls,
        purpose: input.purpose,
        contactName: input.contactName,
        contactPhone: input.contactPhone,
        feeFen,
      })
      .returning({ id: payTests.id });
    return await payTestById(db, account, row?.id ?? 0);
  } catch (err) {
    // pay_tests_open_idx: one application under review or test running per interface.
    if (isUniqueViolation(err)) throw new Conflict(PAY_TEST_MSG.open);
    throw err;
  }
}

/** The columns of a paid test as the member sees it; the console's queue adds who asked and who decided. */
export const PAY_TEST_COLUMNS = {
  id: payTests.id,
  interfaceId: payTests.interfaceId,
  interfaceName: interfaces.interfaceName,
  calls: payTests.calls,
  feeFen: payTests.feeFen,
  purpose: payTests.purpose,
  contactName: payTests.contactName,
  contactPhone: payTests.contactPhone,
  status: payTests.status,
  reason: payTests.reason,
  createdAt: payTests.createdAt,
  approvedAt: payTests.approvedAt,
  expiresAt: payTests.expiresAt,
};

function rowQuery(db: Db) {
  return db
    .select({
      ...PAY_TEST_COLUMNS,
      expiredCalls: payTests.expiredCalls,
      purchaseTestCalls: purchases.testCallsLeft,
    })
    .from(payTests)
    .innerJoin(interfaces, eq(interfaces.id, payTests.interfaceId))
    .leftJoin(purchases, and(eq(purchases.memberId, payTests.memberId), eq(purchases.interfaceId, payTests.interfaceId)))
    .$dynamic();
}

type Selected = Awaited<ReturnType<ReturnType<typeof rowQuery>['execute']>>[number];

function view({ purchaseTestCalls, ...r }: Selected): PayTestRow {
  const status = r.status as PayTestStatus;
  return {
    ...r,
    contactPhone: maskMobile(r.contactPhone),
    status,
    statusLabel: PAY_TEST_STATUS_LABEL[status],
    createdAt: r.createdAt.toISOString(),
    approvedAt: r.approvedAt?.toISOString() ?? null,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    // Only one test of an interface runs at a time, so the purchase's test calls are this test's.
    testCallsLeft: status === 'approved' ? (purchaseTestCalls ?? 0) : status === 'expired' ? 0 : null,
  };
}

async function payTestById(db: Db, account: Account, id: number): Promise<PayTestRow> {
  const [row] = await rowQuery(db)
    .where(and(eq(payTests.id, id), eq(payTests.memberId, account.memberId)))
    .limit(1);
  if (!row) throw new NotFound(PAY_TEST_MSG.missing);
  return view(row);
}

export async function listPayTests(db: Db, account: Account, page: PageQuery): Promise<{ rows: PayTestRow[]; total: number }> {
  const where = eq(payTests.memberId, account.memberId);
  const [rows, [total]] = await Promise.all([
    rowQuery(db).where(where).orderBy(desc(payTests.id)).limit(page.pageSize).offset(pageOffset(page)),
    db.select({ n: count() }).from(payTests).where(where),
  ]);
  return { rows: rows.map(view), total: total?.n ?? 0 };
}

// ── The operator's decision ──────────────────────────────────────────────────────────────────
export interface PayTestDecision {
  id: number;
  decision: 'approve' | 'reject';
  reason?: string;
  operator: string;
}

/**
 * Approve or reject an application. Deciding the same way again answers the stored outcome;
 * the other way is refused. An approval the balance cannot pay changes nothing (ALL_0070, with
 * the fee and the balance in the message).
 */
export async function decidePayTest(db: Db, d: PayTestDecision): Promise<{ row: typeof payTests.$inferSelect; changed: boolean }> {
  const reason = d.reason?.trim() ?? '';
  if (d.decision === 'reject' && !reason) throw new Invalid('请填写驳回原因');
  const [current] = await db.select().from(payTests).where(eq(payTests.id, d.id));
  if (!current) throw new NotFound(PAY_TEST_MSG.missing);
  const target = d.decision === 'approve' ? 'approved' : 'rejected';
  if (current.status === target) return { row: current, changed: false };
  if (current.status !== 'applied') throw new Conflict(`该申请已处理（${PAY_TEST_STATUS_LABEL[current.status as PayTestStatus] ?? current.status}）`);
  const [iface] = await db.select({ name: interfaces.interfaceName }).from(interfaces).where(eq(interfaces.id, current.interfaceId));
  const name = iface?.name ?? String(current.interfaceId);
  try {
    if (target === 'rejected') return { row: await reject(db, current.id, name, reason, d.operator), changed: true };
    const row = await approve(db, current.id, name, d.operator);
    forget('purchases');
    balanceChanged(db, row.memberId);
    return { row, changed: true };
  } catch (err) {
    if (err instanceof DecidedMeanwhile) {
      const [now] = await db.select().from(payTests).where(eq(payTests.id, d.id));
      if (now?.status === target) return { row: now, changed: false };
    }
    if (err instanceof AppError && err.code === 'ALL_0070') {
      const balance = await balanceOf(db, current.memberId);
      throw new AppError('ALL_0070', `账户余额不足：测试费用 ${yuan(current.feeFen)}，当前余额 ${yuan(balance)}，申请未通过也未扣费，请客户充值后再审批`);
    }
    throw err;
  }
}

async function approve(db: Db, id: number, name: string, operator: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(payTests)
      .set({ status: 'approved', decidedBy: operator, approvedAt: sql`now()`, expiresAt: sql`now() + ${VALIDITY}` })
      .where(and(eq(payTests.id, id), eq(payTests.status, 'applied')))
      .returning();
    if (!row?.expiresAt) throw new DecidedMeanwhile('该申请已处理');
    if (row.feeFen > 0) {
      await debit(tx, {
        memberId: row.memberId,
        kind: 'paytest',
        amountFen: row.feeFen,
        ref: `paytest:${row.id}`,
        orderNo: payTestNo(row.id),
        note: `付费测试 ${name}（${row.calls} 次）`,
      });
    }
    // now() is the transaction's start: the purchase's new expiry is exactly the test's.
    await tx
      .insert(purchases)
      .values({
        memberId: row.memberId,
        interfaceId: row.interfaceId,
        key: newPurchaseKey(),
        callsTotal: row.calls,
        callsLeft: row.calls,
        testCallsLeft: row.calls,
        expiresAt: sql`now() + ${VALIDITY}`,
        // A purchase made by the test prices its calls at the test fee; a bought one keeps its price.
        unitPriceMfen: unitPriceMfen(row.feeFen, row.calls),
      })
      .onConflictDoUpdate({
        target: [purchases.memberId, purchases.interfaceId],
        set: {
          callsTotal: sql`${purchases.callsTotal} + ${row.calls}`,
          callsLeft: sql`${purchases.callsLeft} + ${row.calls}`,
          testCallsLeft: sql`${purchases.testCallsLeft} + ${row.calls}`,
          expiresAt: sql`greatest(${purchases.expiresAt}, now() + ${VALIDITY})`,
        },
      });
    await sendMessage(tx, row.memberId, {
      kind: 'order',
      title: '付费测试已通过',
      body:
        `您申请的「${name}」付费测试已通过：已从账户余额扣除测试费用 ${yuan(row.feeFen)}，增加 ${row.calls} 次测试调用，` +
        `有效期至 ${chinaReading(row.expiresAt)}。测试调用优先使用，到期后未用完的测试次数将清零。接口 Key 可在「我的API」查看。`,
      link: LINK,
    });
    return row;
  });
}

async function reject(db: Db, id: number, name: string, reason: string, operator: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(payTests)
      .set({ status: 'rejected', reason, decidedBy: operator })
      .where(and(eq(payTests.id, id), eq(payTests.status, 'applied')))
      .returning();
    if (!row) throw new DecidedMeanwhile('该申请已处理');
    await sendMessage(tx, row.memberId, {
      kind: 'order',
      title: '付费测试申请未通过',
      body: `您申请的「${name}」付费测试（${row.calls} 次）未通过审核，未扣除任何费用。\n原因：${reason}`,
      link: LINK,
    });
    return row;
  });
}

/** Applications waiting for a decision, oldest first (the operator's queue). */
export async function pendingPayTests(db: Db) {
  return db
    .select({
      id: payTests.id,
      loginName: members.loginName,
      interfaceName: interfaces.interfaceName,
      calls: payTests.calls,
      feeFen: payTests.feeFen,
      contactName: payTests.contactName,
      contactPhone: payTests.contactPhone,
      purpose: payTests.purpose,
      createdAt: payTests.createdAt,
    })
    .from(payTests)
    .innerJoin(members, eq(members.id, payTests.memberId))
    .innerJoin(interfaces, eq(interfaces.id, payTests.interfaceId))
    .where(eq(payTests.status, 'applied'))
    .orderBy(asc(payTests.id))
    .limit(200);
}

// ── Expiry ───────────────────────────────────────────────────────────────────────────────────
/**
 * Expire every approved test whose time is up at `now`: its unused test calls are taken off the
 * purchase (calls_left and test_calls_left alike, so test_calls_left <= calls_left holds) and
 * the customer is told. Each test is one transaction whose first step only the first run wins,
 * so running the job twice, or on two processes at once, takes the calls back once.
 * Answers how many tests it expired.
 */
export async function expirePayTests(db: Db, now: Date = new Date()): Promise<number> {
  const due = await db
    .select({ id: payTests.id })
    .from(payTests)
    .where(and(eq(payTests.status, 'approved'), lte(payTests.expiresAt, now)))
    .orderBy(asc(payTests.id))
    .limit(500);
  let expired = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [test] = await tx
        .update(payTests)
        .set({ status: 'expired' })
        .where(and(eq(payTests.id, id), eq(payTests.status, 'approved')))
        .returning();
      if (!test) return false;
      const [purchase] = await tx
        .select({ id: purchases.id, callsLeft: purchases.callsLeft, testCallsLeft: purchases.testCallsLeft })
        .from(purchases)
        .where(and(eq(purchases.memberId, test.memberId), eq(purchases.interfaceId, test.interfaceId)))
        .for('update');
      const taken = purchase ? Math.min(purchase.testCallsLeft, purchase.callsLeft) : 0;
      if (purchase && taken > 0) {
        await tx
          .update(purchases)
          .set({ callsLeft: sql`${purchases.callsLeft} - ${taken}`, testCallsLeft: sql`${purchases.testCallsLeft} - ${taken}` })
          .where(eq(purchases.id, purchase.id));
      }
      await tx.update(payTests).set({ expiredCalls: taken }).where(eq(payTests.id, id));
      const [iface] = await tx.select({ name: interfaces.interfaceName }).from(interfaces).where(eq(interfaces.id, test.interfaceId));
      // No money moves (the fee bought the right to test until now), but the statement says the
      // test ended and what lapsed with it, beside the fee it was charged.
      await remark(tx, {
        memberId: test.memberId,
        kind: 'paytest_expiry',
        ref: `paytest:${test.id}`,
        orderNo: payTestNo(test.id),
        note: `付费测试到期 ${iface?.name ?? test.interfaceId}（未用 ${taken} 次作废）`,
      });
      await sendMessage(tx, test.memberId, {
        kind: 'order',
        title: '付费测试已到期',
        body:
          `您的「${iface?.name ?? test.interfaceId}」付费测试已到期，测试服务停止` +
          (taken > 0 ? `，未使用的 ${taken} 次测试调用已清零。` : '，测试次数已全部使用。') +
          '如需继续调用，请在接口详情页购买正式套餐。',
        link: `/api/${test.interfaceId}`,
      });
      return true;
    });
    if (done) expired++;
  }
  if (expired > 0) forget('purchases');
  return expired;
}
