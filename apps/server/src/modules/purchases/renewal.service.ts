// Automatic renewal (myRenew): a purchase with a renewal package is bought again from the balance
// when its calls are used up or it has expired. Run by a job every minute and, right after a
// gateway call used the last call, for that purchase. Each renewal is one transaction, keyed
// `renew:{purchase}:{renewals + 1}` in the ledger, so however often or concurrently it runs, one
// exhausted purchase is renewed once. A renewal the balance cannot pay marks the purchase and
// tells the customer once; the mark goes when a renewal succeeds or the setting changes.
import { formatFen } from '@apimarket/contracts';
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { interfaces, members, orders, purchases } from '../../db/schema';
import { isUniqueViolation } from '../../db/sql';
import { AppError } from '../../http/errors';
import { sendMessage } from '../account/messages.service';
import { balanceChanged, newOrderNo, packageFor, unitPriceMfen } from '../billing/billing.service';
import { debit } from '../billing/ledger.service';
import { forget } from '../../memo';

const RENEW_LINK = '/userCenter/paymentManage/myRenew';
/** Most purchases one run looks at; the next run takes the rest. */
const BATCH = 500;

/** Due: renewal on, not stopped by the customer, no calls left or expired, and the account not disabled. */
const due = () =>
  and(
    isNotNull(purchases.autoRenewPackageId),
    eq(purchases.status, 'active'),
    or(eq(purchases.callsLeft, 0), lte(purchases.expiresAt, sql`now()`)),
    sql`exists (select 1 from ${members} m where m.id = ${purchases.memberId} and m.status = 'active')`,
  );

export interface RenewResult {
  renewed: number;
  failed: number;
}

/** Renew every due purchase (or only those of `purchaseIds`). */
export async function renewDue(db: Db, options: { purchaseIds?: number[] } = {}): Promise<RenewResult> {
  const only = options.purchaseIds;
  if (only && only.length === 0) return { renewed: 0, failed: 0 };
  const candidates = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(due(), only ? inArray(purchases.id, only) : undefined))
    .orderBy(asc(purchases.id))
    .limit(BATCH);
  const result: RenewResult = { renewed: 0, failed: 0 };
  for (const { id } of candidates) {
    const outcome = await renewOne(db, id);
    if (outcome === 'renewed') result.renewed++;
    if (outcome === 'failed') result.failed++;
  }
  if (result.renewed > 0) forget('purchases');
  return result;
}

async function renewOne(db: Db, id: number): Promise<'renewed' | 'failed' | 'skipped'> {
  let renewedFor = 0;
  try {
    const outcome = await db.transaction(async (tx) => {
      // Locked and checked again: a run that waited for another's renewal finds it no longer due.
      const [p] = await tx
        .select({
          id: purchases.id,
          memberId: purchases.memberId,
          interfaceId: purchases.interfaceId,
          packageId: purchases.autoRenewPackageId,
          renewals: purchases.renewals,
        })
        .from(purchases)
        .where(and(eq(purchases.id, id), due()))
        .for('update');
      if (!p || p.packageId === null) return 'skipped';
      const pkg = await packageFor(tx, p.interfaceId, p.packageId);
      const [iface] = await tx.select({ name: interfaces.interfaceName }).from(interfaces).where(eq(interfaces.id, p.interfaceId));
      const name = iface?.name ?? String(p.interfaceId);
      const next = p.renewals + 1;
      const orderNo = newOrderNo();
      await debit(tx, {
        memberId: p.memberId,
        kind: 'renewal',
        amountFen: pkg.priceFen,
        ref: `renew:${p.id}:${next}`,
        orderNo,
        note: `自动续费 ${name}（${pkg.calls} 次）`,
      });
      await tx.insert(orders).values({
        orderNo,
        memberId: p.memberId,
        interfaceId: p.interfaceId,
        packageId: p.packageId,
        calls: pkg.calls,
        priceFen: pkg.priceFen,
        validityDays: pkg.validityDays,
        status: 'paid',
        paidAt: new Date(),
      });
      const [after] = await tx
        .update(purchases)
        .set({
          callsTotal: sql`${purchases.callsTotal} + ${pkg.calls}`,
          callsLeft: sql`${purchases.callsLeft} + ${pkg.calls}`,
          expiresAt: sql`greatest(${purchases.expiresAt}, now()) + make_interval(days => ${pkg.validityDays})`,
          renewals: next,
          renewFailedAt: null,
          unitPriceMfen: unitPriceMfen(pkg.priceFen, pkg.calls),
          updatedAt: new Date(),
        })
        .where(and(eq(purchases.id, p.id), eq(purchases.renewals, p.renewals)))
        .returning({ callsLeft: purchases.callsLeft });
      if (!after) throw new RenewalRaced();
      await sendMessage(tx, p.memberId, {
        kind: 'order',
        title: '自动续费成功',
        body: `「${name}」已自动续费：订单 ${orderNo}，从账户余额扣除 ${formatFen(pkg.priceFen)} 元，增加 ${pkg.calls.toLocaleString('zh-CN')} 次调用（现余 ${after.callsLeft.toLocaleString('zh-CN')} 次），有效期延长 ${pkg.validityDays} 天。`,
        link: RENEW_LINK,
      });
      renewedFor = p.memberId;
      return 'renewed';
    });
    if (renewedFor) balanceChanged(db, renewedFor);
    return outcome;
  } catch (err) {
    // Another run renewed it first (same ledger key, or the renewals count moved): nothing to do.
    if (err instanceof RenewalRaced || isUniqueViolation(err)) return 'skipped';
    if (err instanceof AppError && (err.code === 'ALL_0070' || err.code === 'ALL_0011')) {
      await markFailed(db, id, err.code === 'ALL_0070' ? 'balance' : 'package');
      return 'failed';
    }
    throw err;
  }
}

class RenewalRaced extends Error {
  override name = 'RenewalRaced';
}

/** Mark a renewal that could not be paid; only the first failure of an episode sends a message. */
async function markFailed(db: Db, id: number, why: 'balance' | 'package'): Promise<void> {
  await db.transaction(async (tx) => {
    const [p] = await tx
      .update(purchases)
      .set({ renewFailedAt: new Date() })
      .where(and(eq(purchases.id, id), isNull(purchases.renewFailedAt), isNotNull(purchases.autoRenewPackageId)))
      .returning({ memberId: purchases.memberId, interfaceId: purchases.interfaceId, packageId: purchases.autoRenewPackageId });
    if (!p) return;
    const [iface] = await tx.select({ name: interfaces.interfaceName }).from(interfaces).where(eq(interfaces.id, p.interfaceId));
    const name = iface?.name ?? String(p.interfaceId);
    const body =
      why === 'balance'
        ? `「${name}」的调用次数已用完或已到期，自动续费因账户余额不足未能完成。请充值，到账后系统会自动重试续费；在此之前使用该接口 Key 的调用将返回 SYSTEM_002。`
        : `「${name}」的自动续费套餐已下架，续费未能完成。请在「自动续费」中重新选择套餐。`;
    await sendMessage(tx, p.memberId, { kind: 'order', title: '自动续费失败', body, link: RENEW_LINK });
  });
}
