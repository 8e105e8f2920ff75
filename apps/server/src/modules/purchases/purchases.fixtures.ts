// Test helpers of the purchase-management tests: money in through the operator's confirmation,
// purchases made through the real order and payment calls, gateway calls as a customer makes them.
import { and, asc, eq, sql } from 'drizzle-orm';
import { runCommand } from '../../cli/commands';
import { ledger, messages, pricePackages, purchases } from '../../db/schema';
import type { TestAccount } from '../../test/account';
import type { TestApp } from '../../test/harness';
import { post } from '../../test/identity';

export const PATH_1882 = '/communication/personal/1882';
export const ZHANG = { name: '张三', idcard: '110101199003074514' };

export function fixtures(t: () => TestApp) {
  let transfer = 0;
  const as = (a: TestAccount, path: string, fields: Record<string, string> = {}) => post(t(), path, fields, { cookies: a.cookies });
  const run = (...argv: string[]) => runCommand({ db: t().database.db }, argv);
  const db = () => t().database.db;

  /** The on-sale packages of an interface, cheapest first. */
  const packages = (interfaceId: number) =>
    db()
      .select({ id: pricePackages.id, priceFen: pricePackages.priceFen, calls: pricePackages.calls, validityDays: pricePackages.validityDays })
      .from(pricePackages)
      .where(and(eq(pricePackages.interfaceId, interfaceId), eq(pricePackages.onSale, true)))
      .orderBy(asc(pricePackages.priceFen));

  /** Declare a transfer of `fen` and confirm it as the operator would. */
  const topUp = async (a: TestAccount, fen: number) => {
    const res = await as(a, 'mytrade/recharge/declare', {
      amount: (fen / 100).toFixed(2),
      transferRef: `PM${Date.now()}${++transfer}`,
      payerName: '上海测试数据科技有限公司',
    });
    await run('recharge', 'confirm', String(res.json().data.id));
  };

  /** Order and pay a package (the cheapest by default), topping up its price first; answers the order number. */
  const buy = async (a: TestAccount, interfaceId = 1882, packageId?: number): Promise<string> => {
    const all = await packages(interfaceId);
    const p = all.find((x) => x.id === packageId) ?? all[0];
    if (!p) throw new Error(`no package for ${interfaceId}`);
    await topUp(a, p.priceFen);
    const orderNo = (await as(a, 'interfaceOrders/saveInterfaceOrders', { interfaceId: String(interfaceId), packageId: String(p.id) })).json().data
      .orderNo as string;
    const paid = (await as(a, 'UserCenter/payment', { orderNo })).json();
    if (paid.code !== 200) throw new Error(paid.msg);
    return orderNo;
  };

  const purchase = async (a: TestAccount, interfaceId = 1882) => {
    const [row] = await db()
      .select()
      .from(purchases)
      .where(and(eq(purchases.memberId, a.memberId), eq(purchases.interfaceId, interfaceId)));
    if (!row) throw new Error('no purchase');
    return row;
  };

  const balance = async (a: TestAccount) => (await as(a, 'mytrade/balance')).json().data.balanceFen as number;

  const ledgerSum = async (a: TestAccount) => {
    const [row] = await db()
      .select({ sum: sql<string>`coalesce(sum(${ledger.amountFen}), 0)::text` })
      .from(ledger)
      .where(eq(ledger.memberId, a.memberId));
    return Number(row?.sum ?? 0);
  };

  const inbox = async (a: TestAccount, title: string) =>
    (await db().select().from(messages).where(eq(messages.memberId, a.memberId))).filter((m) => m.title === title);

  const gateway = (key: string, fields: Record<string, string> = ZHANG) =>
    t().app.inject({
      method: 'POST',
      url: PATH_1882,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.9' },
      payload: new URLSearchParams({ key, ...fields }).toString(),
    });

  return { as, run, db, packages, topUp, buy, purchase, balance, ledgerSum, inbox, gateway };
}
