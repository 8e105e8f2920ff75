import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pricePackages, purchases } from '../../db/schema';
import { qualifiedAccount } from '../../test/account';
import { ledgerEntries } from '../../test/billing';
import { fileTestApp } from '../../test/harness';
import { forget } from '../../memo';
import { fixtures } from './purchases.fixtures';
import { renewDue } from './renewal.service';

const t = fileTestApp();
const f = fixtures(() => t);
const { as } = f;

/** A company with 实名认证 bought and automatic renewal on with its cheapest package. */
async function renewing(ip: string) {
  const a = await qualifiedAccount(t, ip);
  await f.buy(a);
  const p = await f.purchase(a);
  const [pkg] = await f.packages(1882);
  if (!pkg) throw new Error('no package');
  const on = await as(a, 'myBuy/addAutomaticBuy', { id: String(p.id), packageId: String(pkg.id) });
  expect(on.json()).toEqual({ code: 200, msg: '已开启自动续费', data: null });
  return { a, p, pkg };
}

/** The customer used every call. */
const useUp = (id: number) => t.database.db.update(purchases).set({ callsLeft: 0 }).where(eq(purchases.id, id));

describe('automatic renewal settings (myBuy/getAutomaticBuy, addAutomaticBuy, delAutomaticBuy)', () => {
  it('lists every purchase with its setting, turns it on with a package of the same interface and off again', async () => {
    const a = await qualifiedAccount(t, '10.71.0.1');
    await f.buy(a);
    const p = await f.purchase(a);
    const [pkg] = await f.packages(1882);
    const [foreign] = await f.packages(1887);
    let list = (await as(a, 'myBuy/getAutomaticBuy')).json();
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({ id: p.id, interfaceName: '实名认证', autoRenew: false, packageId: null, renewals: 0 });

    expect((await as(a, 'myBuy/addAutomaticBuy', { id: String(p.id), packageId: String(foreign?.id) })).json()).toEqual({
      code: 'ALL_0011',
      msg: '套餐不存在或已下架',
    });
    expect((await as(a, 'myBuy/addAutomaticBuy', { id: String(p.id), packageId: '' })).json()).toEqual({ code: 'ALL_0001', msg: '请选择续费套餐' });
    expect((await as(a, 'myBuy/addAutomaticBuy', { id: String(p.id), packageId: String(pkg?.id) })).json().msg).toBe('已开启自动续费');
    list = (await as(a, 'myBuy/getAutomaticBuy')).json();
    expect(list.rows[0]).toMatchObject({ autoRenew: true, packageId: pkg?.id, packageCalls: pkg?.calls, packagePriceFen: pkg?.priceFen, renewFailedAt: null });
    expect((await as(a, 'myBuy/list')).json().rows[0].autoRenewPackageId).toBe(pkg?.id);

    const other = await qualifiedAccount(t, '10.71.0.2');
    expect((await as(other, 'myBuy/delAutomaticBuy', { id: String(p.id) })).json().code).toBe('ALL_0011');
    expect((await as(other, 'myBuy/getAutomaticBuy')).json().total).toBe(0);

    expect((await as(a, 'myBuy/delAutomaticBuy', { id: String(p.id) })).json()).toEqual({ code: 200, msg: '已关闭自动续费', data: null });
    expect((await f.purchase(a)).autoRenewPackageId).toBeNull();
  });

  it('carries the package last bought for the interface, while it is on sale, for the dialog to preselect', async () => {
    const a = await qualifiedAccount(t, '10.71.0.20');
    const [cheapest, bigger] = await f.packages(1882);
    if (!cheapest || !bigger) throw new Error('1882 needs two packages on sale');
    await f.buy(a, 1882, cheapest.id);
    await f.buy(a, 1882, bigger.id);
    // An unpaid order of another package is not a purchase.
    await as(a, 'interfaceOrders/saveInterfaceOrders', { interfaceId: '1882', packageId: String(cheapest.id) });
    const row = async () => (await as(a, 'myBuy/getAutomaticBuy')).json().rows[0];
    expect(await row()).toMatchObject({ interfaceName: '实名认证', autoRenew: false, packageId: null, lastPackageId: bigger.id });

    // Taken off sale: nothing to preselect (the cheapest is not offered in its place).
    await t.database.db.update(pricePackages).set({ onSale: false }).where(eq(pricePackages.id, bigger.id));
    try {
      expect((await row()).lastPackageId).toBeNull();
    } finally {
      await t.database.db.update(pricePackages).set({ onSale: true }).where(eq(pricePackages.id, bigger.id));
    }
    expect((await row()).lastPackageId).toBe(bigger.id);

    // Another member's orders of the same interface are not this member's.
    const b = await qualifiedAccount(t, '10.71.0.21');
    await f.buy(b, 1882, cheapest.id);
    expect((await as(b, 'myBuy/getAutomaticBuy')).json().rows[0]).toMatchObject({ lastPackageId: cheapest.id });
    expect((await row()).lastPackageId).toBe(bigger.id);
  });
});

describe('renewDue', () => {
  it('renews a used-up purchase once from the balance, however often it runs', async () => {
    const { a, p, pkg } = await renewing('10.71.0.3');
    await f.topUp(a, pkg.priceFen * 3);
    expect(await renewDue(t.database.db, { purchaseIds: [p.id] })).toEqual({ renewed: 0, failed: 0 }); // calls left: not due
    await useUp(p.id);

    const first = await renewDue(t.database.db);
    const second = await renewDue(t.database.db);
    expect(first.renewed + second.renewed).toBe(1);
    const after = await f.purchase(a);
    expect(after).toMatchObject({ callsLeft: pkg.calls, callsTotal: p.callsTotal + pkg.calls, renewals: 1, renewFailedAt: null });
    expect(await f.balance(a)).toBe(pkg.priceFen * 2);
    expect(await f.ledgerSum(a)).toBe(pkg.priceFen * 2);
    const rows = await ledgerEntries(t, `renew:${p.id}:1`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'renewal', amountFen: -pkg.priceFen });

    // 我的订单 shows the renewal as a paid order; the customer got one message.
    const orders = (await as(a, 'myOrder/list')).json();
    expect(orders.total).toBe(2);
    expect(orders.rows[0]).toMatchObject({ interfaceName: '实名认证', status: 'paid', statusLabel: '已支付', priceFen: pkg.priceFen, calls: pkg.calls });
    expect(rows[0]?.orderNo).toBe(orders.rows[0].orderNo);
    const told = await f.inbox(a, '自动续费成功');
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain(`订单 ${orders.rows[0].orderNo}`);
    // The renewed key works at once (the gateway forgot what it cached).
    expect((await f.gateway(p.key)).json().code).toBe('10000');
  });

  it('renews once when runs overlap', async () => {
    const { a, p, pkg } = await renewing('10.71.0.4');
    await f.topUp(a, pkg.priceFen * 5);
    await useUp(p.id);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => renewDue(t.database.db, i % 2 ? { purchaseIds: [p.id] } : {})));
    expect(results.reduce((n, r) => n + r.renewed, 0)).toBe(1);
    expect((await f.purchase(a)).renewals).toBe(1);
    expect(await f.balance(a)).toBe(pkg.priceFen * 4);
    expect(await f.inbox(a, '自动续费成功')).toHaveLength(1);
    expect((await as(a, 'myOrder/list')).json().total).toBe(2);
  });

  it('renews an expired purchase too, extending from now', async () => {
    const { a, p, pkg } = await renewing('10.71.0.5');
    await f.topUp(a, pkg.priceFen);
    await t.database.db
      .update(purchases)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(purchases.id, p.id));
    expect((await renewDue(t.database.db)).renewed).toBeGreaterThanOrEqual(1);
    const after = await f.purchase(a);
    expect(after.callsLeft).toBe(p.callsLeft + pkg.calls);
    const days = (after.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(pkg.validityDays - 0.01);
    expect(days).toBeLessThan(pkg.validityDays + 0.01);
  });

  it('with too little balance: no renewal, renewFailedAt set, exactly one message until a renewal succeeds', async () => {
    const { a, p, pkg } = await renewing('10.71.0.6');
    await useUp(p.id);
    for (let i = 0; i < 3; i++) await renewDue(t.database.db);
    await Promise.all([renewDue(t.database.db), renewDue(t.database.db)]);
    let now = await f.purchase(a);
    expect(now.callsLeft).toBe(0);
    expect(now.renewals).toBe(0);
    expect(now.renewFailedAt).toBeInstanceOf(Date);
    const failed = await f.inbox(a, '自动续费失败');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.body).toContain('账户余额不足');
    expect((await as(a, 'myBuy/getAutomaticBuy')).json().rows[0].renewFailedAt).not.toBeNull();
    expect(await f.balance(a)).toBe(0);
    expect(await f.ledgerSum(a)).toBe(0);

    // Money arrives: the next run renews and the episode ends.
    await f.topUp(a, pkg.priceFen);
    expect((await renewDue(t.database.db)).renewed).toBe(1);
    now = await f.purchase(a);
    expect(now).toMatchObject({ callsLeft: pkg.calls, renewals: 1, renewFailedAt: null });
    expect(await f.inbox(a, '自动续费失败')).toHaveLength(1);
  });

  it('turning it on for a used-up purchase renews at once; a stopped purchase is not renewed', async () => {
    const a = await qualifiedAccount(t, '10.71.0.7');
    await f.buy(a);
    const p = await f.purchase(a);
    const [pkg] = await f.packages(1882);
    if (!pkg) throw new Error('no package');
    await f.topUp(a, pkg.priceFen * 2);
    await useUp(p.id);
    const on = await as(a, 'myBuy/addAutomaticBuy', { id: String(p.id), packageId: String(pkg.id) });
    expect(on.json().msg).toBe('已开启自动续费，并已为您续费一次');
    expect((await f.purchase(a)).callsLeft).toBe(pkg.calls);

    await as(a, 'myBuy/interface/stop', { id: String(p.id), action: 'stop' });
    await useUp(p.id);
    expect((await renewDue(t.database.db, { purchaseIds: [p.id] })).renewed).toBe(0);
    expect((await f.purchase(a)).renewals).toBe(1);
  });

  it('the gateway call that uses the last call sets off the renewal at once (onExhausted)', async () => {
    const { a, p, pkg } = await renewing('10.71.0.8');
    await f.topUp(a, pkg.priceFen);
    await t.database.db.update(purchases).set({ callsLeft: 1 }).where(eq(purchases.id, p.id));
    forget('purchases');
    expect((await f.gateway(p.key)).json().code).toBe('10000');
    await expect.poll(async () => (await f.purchase(a)).renewals, { timeout: 5_000 }).toBe(1);
    expect((await f.purchase(a)).callsLeft).toBe(pkg.calls);
    expect(await f.inbox(a, '自动续费成功')).toHaveLength(1);
    expect((await f.gateway(p.key)).json().code).toBe('10000');
  });
});
