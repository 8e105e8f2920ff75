// Buying in tests the way a customer does: declare a recharge, have it confirmed by the operator
// command, order the interface's cheapest package and pay it from the balance.
import { and, asc, eq } from 'drizzle-orm';
import { runCommand } from '../cli/commands';
import { ledger, pricePackages, purchases } from '../db/schema';
import type { TestAccount } from './account';
import type { TestApp } from './harness';
import { post } from './identity';

let transfers = 0;

/** The balance ledger's entries for one reference (`R12` a recharge, `refund:7`, `paytest:3`, `renew:5:1`). */
export function ledgerEntries(t: TestApp, ref: string) {
  return t.database.db.select().from(ledger).where(eq(ledger.ref, ref));
}

/** The interface's cheapest price package. */
export async function cheapestPackage(t: TestApp, interfaceId: number) {
  const [p] = await t.database.db.select().from(pricePackages).where(eq(pricePackages.interfaceId, interfaceId)).orderBy(asc(pricePackages.priceFen)).limit(1);
  return p;
}

/** Buys the cheapest package of an interface for an authenticated account; answers the purchase key. */
export async function buyCheapest(t: TestApp, a: TestAccount, interfaceId: number): Promise<string> {
  const p = await cheapestPackage(t, interfaceId);
  transfers += 1;
  const declared = await post(
    t,
    'mytrade/recharge/declare',
    { amount: String((p?.priceFen ?? 0) / 100), transferRef: `TB${Date.now()}${interfaceId}${transfers}`, payerName: '测试公司' },
    { cookies: a.cookies },
  );
  await runCommand({ db: t.database.db }, ['recharge', 'confirm', String(declared.json().data.id)]);
  const order = await post(t, 'interfaceOrders/saveInterfaceOrders', { interfaceId: String(interfaceId), packageId: String(p?.id) }, { cookies: a.cookies });
  await post(t, 'UserCenter/payment', { orderNo: order.json().data.orderNo }, { cookies: a.cookies });
  const [row] = await t.database.db
    .select({ key: purchases.key })
    .from(purchases)
    .where(and(eq(purchases.memberId, a.memberId), eq(purchases.interfaceId, interfaceId)));
  return row?.key ?? '';
}
