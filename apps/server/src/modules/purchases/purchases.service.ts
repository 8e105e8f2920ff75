// What a customer does with a purchase after buying it (spec 02 §7 "Purchases"): stop and resume
// its key, set the callback URL, turn automatic renewal on or off, read its calls and a summary.
// Every change of a purchase tells the gateway to forget what it cached about purchases.
import {
  type AutoRenewInput,
  type AutoRenewRow,
  type BuyData,
  type CallResource,
  type PageQuery,
  type PurchaseIdInput,
  PURCHASE_MSG,
  type StopPurchaseInput,
} from '@apimarket/contracts';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { paged } from '../../db/sql';
import { assignedCallsLeft, assignments, interfaces, orders, pricePackages, purchases, refunds } from '../../db/schema';
import { Conflict, NotFound } from '../../http/errors';
import type { Account } from '../account/access';
import { mainAccountOnly, packageFor } from '../billing/billing.service';
import { forget } from '../../memo';
import { renewDue } from './renewal.service';

/** One purchase of the caller's (404 for anyone else's, so ids reveal nothing). */
export async function purchaseOf(db: Db, account: Account, id: number) {
  const [row] = await db
    .select({
      id: purchases.id,
      memberId: purchases.memberId,
      interfaceId: purchases.interfaceId,
      interfaceName: interfaces.interfaceName,
      callsTotal: purchases.callsTotal,
      callsLeft: purchases.callsLeft,
      testCallsLeft: purchases.testCallsLeft,
      expiresAt: purchases.expiresAt,
      expired: sql<boolean>`${purchases.expiresAt} <= now()`,
      status: purchases.status,
      callbackUrl: purchases.callbackUrl,
      autoRenewPackageId: purchases.autoRenewPackageId,
    })
    .from(purchases)
    .innerJoin(interfaces, eq(interfaces.id, purchases.interfaceId))
    .where(and(eq(purchases.id, id), eq(purchases.memberId, account.memberId)));
  if (!row) throw new NotFound(PURCHASE_MSG.purchaseMissing);
  return { ...row, status: row.status as 'active' | 'stopped' };
}

/** Stop (the gateway answers SYSTEM_003) or resume a purchase's key. */
export async function setPurchaseStopped(db: Db, account: Account, input: StopPurchaseInput): Promise<string> {
  mainAccountOnly(account);
  await purchaseOf(db, account, input.id);
  const [from, to] = input.action === 'stop' ? ['active', 'stopped'] : ['stopped', 'active'];
  const changed = await db
    .update(purchases)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(purchases.id, input.id), eq(purchases.memberId, account.memberId), eq(purchases.status, from)))
    .returning({ id: purchases.id });
  if (changed.length === 0) throw new Conflict(input.action === 'stop' ? PURCHASE_MSG.alreadyStopped : PURCHASE_MSG.alreadyActive);
  forget('purchases');
  return input.action === 'stop' ? PURCHASE_MSG.stopped : PURCHASE_MSG.resumed;
}

export async function callbackUrlOf(db: Db, account: Account, { id }: PurchaseIdInput) {
  const p = await purchaseOf(db, account, id);
  return { id: p.id, interfaceId: p.interfaceId, interfaceName: p.interfaceName, callbackUrl: p.callbackUrl };
}

/** Save ('' clears) the callback URL; the caller has parsed it with the contracts rule. */
export async function setCallbackUrl(db: Db, account: Account, { id, callbackUrl }: { id: number; callbackUrl: string }): Promise<string> {
  mainAccountOnly(account);
  await purchaseOf(db, account, id);
  await db
    .update(purchases)
    .set({ callbackUrl, updatedAt: new Date() })
    .where(and(eq(purchases.id, id), eq(purchases.memberId, account.memberId)));
  forget('purchases');
  return callbackUrl ? PURCHASE_MSG.callbackSaved : PURCHASE_MSG.callbackCleared;
}

/** The calls of one purchase: bought, left, used, of which paid-test calls, and the expiry. */
export async function callResource(db: Db, account: Account, { id }: PurchaseIdInput): Promise<CallResource> {
  const p = await purchaseOf(db, account, id);
  return {
    id: p.id,
    interfaceId: p.interfaceId,
    interfaceName: p.interfaceName,
    callsTotal: p.callsTotal,
    callsLeft: p.callsLeft,
    callsUsed: Math.max(0, p.callsTotal - p.callsLeft),
    testCallsLeft: p.testCallsLeft,
    expiresAt: p.expiresAt.toISOString(),
    expired: p.expired,
    status: p.status,
  };
}

/** The figures above 我的API: the account's purchases, their calls, and what they cost. */
export async function buyData(db: Db, account: Account): Promise<BuyData> {
  const mine = eq(purchases.memberId, account.memberId);
  const n = (cond: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${cond})::int`;
  const sum = (col: ReturnType<typeof sql>) => sql<string>`coalesce(sum(${col}), 0)::text`;
  const [[p], [o], [r]] = await Promise.all([
    db
      .select({
        interfaces: count(),
        active: n(sql`${purchases.status} = 'active' and ${purchases.expiresAt} > now() and ${purchases.callsLeft} > 0`),
        stopped: n(sql`${purchases.status} = 'stopped'`),
        expired: n(sql`${purchases.expiresAt} <= now()`),
        exhausted: n(sql`${purchases.callsLeft} = 0 and ${purchases.expiresAt} > now()`),
        autoRenew: n(sql`${purchases.autoRenewPackageId} is not null`),
        expiringSoon: n(sql`${purchases.expiresAt} > now() and ${purchases.expiresAt} <= now() + interval '7 days'`),
        callsTotal: sum(sql`${purchases.callsTotal}`),
        callsLeft: sum(sql`${purchases.callsLeft}`),
      })
      .from(purchases)
      .where(mine),
    db
      .select({ paid: sum(sql`${orders.priceFen}`) })
      .from(orders)
      .where(and(eq(orders.memberId, account.memberId), eq(orders.status, 'paid'))),
    db
      .select({ refunded: sum(sql`${refunds.amountFen}`) })
      .from(refunds)
      .where(and(eq(refunds.memberId, account.memberId), eq(refunds.status, 'approved'))),
  ]);
  const callsTotal = Number(p?.callsTotal ?? 0);
  const callsLeft = Number(p?.callsLeft ?? 0);
  return {
    interfaces: p?.interfaces ?? 0,
    active: p?.active ?? 0,
    stopped: p?.stopped ?? 0,
    expired: p?.expired ?? 0,
    exhausted: p?.exhausted ?? 0,
    callsTotal,
    callsLeft,
    callsUsed: Math.max(0, callsTotal - callsLeft),
    autoRenew: p?.autoRenew ?? 0,
    expiringSoon: p?.expiringSoon ?? 0,
    paidFen: Number(o?.paid ?? 0),
    refundedFen: Number(r?.refunded ?? 0),
  };
}

/**
 * The interfaces the account has bought, any state (a stopped purchase too), as the forms that
 * pick one of them list them; each form puts them in its own order.
 */
export function purchasedInterfaces(db: Db, account: Account) {
  // A sub-account's interfaces are those assigned to it (Decision 177).
  if (account.isSub) {
    return db
      .select({ interfaceId: purchases.interfaceId, interfaceName: interfaces.interfaceName })
      .from(assignments)
      .innerJoin(purchases, eq(purchases.id, assignments.purchaseId))
      .innerJoin(interfaces, eq(interfaces.id, purchases.interfaceId))
      .where(eq(assignments.memberId, account.memberId))
      .$dynamic();
  }
  return db
    .select({ interfaceId: purchases.interfaceId, interfaceName: interfaces.interfaceName })
    .from(purchases)
    .innerJoin(interfaces, eq(interfaces.id, purchases.interfaceId))
    .where(eq(purchases.memberId, account.memberId))
    .$dynamic();
}

/**
 * What each interface an account can call has left: a main account's purchases, or a
 * sub-account's assignments (the fewer of its allotment's and the purchase's calls left).
 */
export async function callsLeftByInterface(db: Db, memberId: number, interfaceId?: number) {
  const own = await db
    .select({ interfaceId: purchases.interfaceId, interfaceName: interfaces.interfaceName, callsLeft: purchases.callsLeft })
    .from(purchases)
    .innerJoin(interfaces, eq(interfaces.id, purchases.interfaceId))
    .where(and(eq(purchases.memberId, memberId), interfaceId ? eq(purchases.interfaceId, interfaceId) : undefined))
    .orderBy(asc(purchases.interfaceId));
  const assigned = await db
    .select({
      interfaceId: purchases.interfaceId,
      interfaceName: interfaces.interfaceName,
      callsLeft: assignedCallsLeft,
    })
    .from(assignments)
    .innerJoin(purchases, eq(purchases.id, assignments.purchaseId))
    .innerJoin(interfaces, eq(interfaces.id, purchases.interfaceId))
    .where(and(eq(assignments.memberId, memberId), interfaceId ? eq(purchases.interfaceId, interfaceId) : undefined))
    .orderBy(asc(purchases.interfaceId));
  return [...own, ...assigned];
}

// ── Automatic renewal ────────────────────────────────────────────────────────────────────────
/** Every purchase with its renewal setting (off ones too: the page turns them on). */
export async function listAutoRenew(db: Db, account: Account, page: PageQuery): Promise<{ rows: AutoRenewRow[]; total: number }> {
  const mine = eq(purchases.memberId, account.memberId);
  // What the customer last bought for the interface: the newest paid order's package (a renewal's
  // too), offered only while it is still on sale. Aliases keep it apart from the outer join.
  const lastOrder = alias(orders, 'last_order');
  const lastPackage = alias(pricePackages, 'last_package');
  const lastBought = db
    .select({ id: sql`case when ${lastPackage.onSale} then ${lastOrder.packageId} end` })
    .from(lastOrder)
    .innerJoin(lastPackage, eq(lastPackage.id, lastOrder.packageId))
    .where(and(eq(lastOrder.memberId, purchases.memberId), eq(lastOrder.interfaceId, purchases.interfaceId), eq(lastOrder.status, 'paid')))
    .orderBy(sql`${lastOrder.paidAt} desc nulls last`, desc(lastOrder.id))
    .limit(1);
  const renewals = db
    .select({
      id: purchases.id,
      interfaceId: purchases.interfaceId,
      interfaceName: interfaces.interfaceName,
      callsLeft: purchases.callsLeft,
      expiresAt: purchases.expiresAt,
      expired: sql<boolean>`${purchases.expiresAt} <= now()`,
      status: purchases.status,
      packageId: purchases.autoRenewPackageId,
      packageCalls: pricePackages.calls,
      packagePriceFen: pricePackages.priceFen,
      packageValidityDays: pricePackages.validityDays,
      lastPackageId: sql<number | null>`(${lastBought})`.mapWith((v: unknown) => (v === null ? null : Number(v))),
      renewals: purchases.renewals,
      renewFailedAt: purchases.renewFailedAt,
    })
    .from(purchases)
    .innerJoin(interfaces, eq(interfaces.id, purchases.interfaceId))
    .leftJoin(pricePackages, eq(pricePackages.id, purchases.autoRenewPackageId))
    .where(mine)
    .orderBy(sql`${purchases.autoRenewPackageId} is null`, desc(purchases.id));
  const { rows, total } = await paged(renewals.$dynamic(), db.$count(purchases, mine), page);
  return {
    rows: rows.map((r) => ({
      ...r,
      status: r.status as AutoRenewRow['status'],
      autoRenew: r.packageId !== null,
      expiresAt: r.expiresAt.toISOString(),
      renewFailedAt: r.renewFailedAt?.toISOString() ?? null,
    })),
    total,
  };
}

/**
 * Turn automatic renewal on with a package of the purchase's own interface. A purchase that is
 * already used up or expired is renewed at once (from the balance), like the job would.
 */
export async function enableAutoRenew(db: Db, account: Account, input: AutoRenewInput): Promise<string> {
  mainAccountOnly(account);
  const p = await purchaseOf(db, account, input.id);
  await packageFor(db, p.interfaceId, input.packageId);
  await db
    .update(purchases)
    .set({ autoRenewPackageId: input.packageId, renewFailedAt: null, updatedAt: new Date() })
    .where(and(eq(purchases.id, p.id), eq(purchases.memberId, account.memberId)));
  const { renewed } = await renewDue(db, { purchaseIds: [p.id] });
  return renewed > 0 ? PURCHASE_MSG.renewOnAndRenewed : PURCHASE_MSG.renewOn;
}

export async function disableAutoRenew(db: Db, account: Account, { id }: PurchaseIdInput): Promise<string> {
  mainAccountOnly(account);
  await purchaseOf(db, account, id);
  await db
    .update(purchases)
    .set({ autoRenewPackageId: null, renewFailedAt: null, updatedAt: new Date() })
    .where(and(eq(purchases.id, id), eq(purchases.memberId, account.memberId)));
  return PURCHASE_MSG.renewOff;
}
