import { payTestFee } from '@apimarket/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledger, members, payTests, pricePackages, purchases } from '../../db/schema';
import { expireSessions, newAccount, qualifiedAccount, type TestAccount } from '../../test/account';
import { buildTestApp, type TestApp } from '../../test/harness';
import { post } from '../../test/identity';
import { fixtures } from '../purchases/purchases.fixtures';
import { expirePayTests } from './paytest.service';

let t: TestApp;
let packages1882: Array<{ id: number; calls: number; priceFen: number }>;
beforeAll(async () => {
  t = await buildTestApp();
  packages1882 = await t.database.db
    .select({ id: pricePackages.id, calls: pricePackages.calls, priceFen: pricePackages.priceFen })
    .from(pricePackages)
    .where(eq(pricePackages.interfaceId, 1882))
    .orderBy(asc(pricePackages.priceFen));
});
afterAll(() => t.close());

const { as, run, topUp, balance, ledgerSum, inbox } = fixtures(() => t);

const application = (over: Record<string, string> = {}) => ({
  interfaceId: '1882',
  calls: '100',
  purpose: '评估实名认证接口在开户流程中的通过率',
  contactName: '李四',
  contactPhone: '13812345678',
  ...over,
});
const apply = (a: TestAccount, over: Record<string, string> = {}) => as(a, 'payTest/apply', application(over));
const myTests = async (a: TestAccount) => (await as(a, 'payTest/dataList')).json();

const purchaseOf = async (a: TestAccount, interfaceId = 1882) => {
  const [row] = await t.database.db
    .select()
    .from(purchases)
    .where(and(eq(purchases.memberId, a.memberId), eq(purchases.interfaceId, interfaceId)));
  return row;
};
/** Apply and answer the new application's id. */
async function applied(a: TestAccount, over: Record<string, string> = {}): Promise<number> {
  const res = await apply(a, over);
  expect(res.json().msg).toBe('申请已提交，平台审核通过后将从账户余额扣除测试费用并开通测试次数');
  return res.json().data.id as number;
}

describe('who may apply', () => {
  it('needs a login and an authenticated company; a sub-account cannot apply', async () => {
    expect((await post(t, 'payTest/apply', application())).json().code).toBe('ALL_0024');
    expect((await post(t, 'payTest/dataList', {})).json().code).toBe('ALL_0024');
    const unq = await newAccount(t, '10.90.0.1');
    expect((await apply(unq)).json()).toEqual({ code: 'ALL_0060', msg: '请先完成企业认证' });
    const parent = await qualifiedAccount(t, '10.90.0.2');
    const child = await newAccount(t, '10.90.0.3');
    await t.database.db.update(members).set({ parentId: parent.memberId }).where(eq(members.id, child.memberId));
    // A sub-account does not hold 付费测试 (code 7) by default; granted it, it still may not apply.
    expect((await apply(child)).json()).toEqual({ code: 'ALL_0010', msg: '您的账号未开通「付费测试」，请联系客户经理开通' });
    await t.database.db
      .update(members)
      .set({ featureCodes: [1, 7] })
      .where(eq(members.id, child.memberId));
    expect((await apply(child)).json()).toEqual({ code: 'ALL_0010', msg: '子账号不能申请付费测试，请联系主账号申请' });
  });

  it('refuses an expired session', async () => {
    const a = await qualifiedAccount(t, '10.90.0.9');
    await expireSessions(t, a);
    expect((await apply(a)).json().code).toBe('ALL_0024');
    expect((await myTests(a)).code).toBe('ALL_0024');
  });
});

describe('applying', () => {
  it('checks every field with its message', async () => {
    const a = await qualifiedAccount(t, '10.90.0.4');
    const msg = async (over: Record<string, string>) => (await apply(a, over)).json().msg;
    expect(await msg({ interfaceId: '' })).toBe('请选择要测试的接口');
    expect(await msg({ calls: '9' })).toBe('测试次数须为 10-10000 之间的整数');
    expect(await msg({ calls: '10001' })).toBe('测试次数须为 10-10000 之间的整数');
    expect(await msg({ calls: '12.5' })).toBe('测试次数须为 10-10000 之间的整数');
    expect(await msg({ purpose: '测试' })).toBe('请填写测试用途（4-200字）');
    expect(await msg({ contactName: '' })).toBe('请输入联系人姓名');
    expect(await msg({ contactPhone: '' })).toBe('请输入手机号');
    expect(await msg({ contactPhone: '12345678901' })).toBe('请输入正确的手机号');
    expect(await msg({ interfaceId: '999999' })).toBe('接口不存在或已下架');
    expect((await myTests(a)).total).toBe(0);
  });

  it('refuses an interface priced on request (no package, no fee)', async () => {
    const a = await qualifiedAccount(t, '10.90.0.5');
    await t.database.db.update(pricePackages).set({ onSale: false }).where(eq(pricePackages.interfaceId, 1887));
    try {
      expect((await apply(a, { interfaceId: '1887' })).json()).toEqual({
        code: 'ALL_0001',
        msg: '该接口按需报价，暂不支持在线申请付费测试，请致电 400-0999-656',
      });
    } finally {
      await t.database.db.update(pricePackages).set({ onSale: true }).where(eq(pricePackages.interfaceId, 1887));
    }
  });

  it('stores the fee the page showed (calls × the lowest per-call price) and lists the application under review', async () => {
    const a = await qualifiedAccount(t, '10.90.0.6');
    const res = await apply(a, { calls: '100' });
    const fee = payTestFee(100, packages1882);
    // 实名认证's cheapest package is 100 000 calls for 20 000 元: 0.20 元 a call.
    expect(fee).toBe(2_000);
    expect(res.json()).toMatchObject({
      code: 200,
      data: {
        interfaceId: 1882,
        interfaceName: '实名认证',
        calls: 100,
        feeFen: fee,
        status: 'applied',
        statusLabel: '审核中',
        contactPhone: '138****5678',
        testCallsLeft: null,
        approvedAt: null,
        expiresAt: null,
      },
    });
    const list = await myTests(a);
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({
      status: 'applied',
      statusLabel: '审核中',
      feeFen: 2_000,
      purpose: '评估实名认证接口在开户流程中的通过率',
      contactName: '李四',
    });
    expect((await myTests(await qualifiedAccount(t, '10.90.0.7'))).total).toBe(0);
  });

  it('allows one open application per interface: a second is refused until the first is decided', async () => {
    const a = await qualifiedAccount(t, '10.90.0.8');
    const first = await applied(a);
    const dup = await apply(a, { calls: '500' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ code: 'ALL_0013', msg: '该接口已有审核中或进行中的付费测试，请勿重复申请' });
    await applied(a, { interfaceId: '1887' }); // another interface is fine
    expect(await run('paytest', 'reject', String(first), '用途描述不清')).toBe(`付费测试 ${first} 已驳回，已通知客户`);
    await applied(a);
    expect((await myTests(a)).rows.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'rejected']);
  });
});

describe("the operator's decision", () => {
  it('lists waiting applications and needs a reason to reject; the customer reads it', async () => {
    const a = await qualifiedAccount(t, '10.90.1.1');
    const id = await applied(a, { calls: '50' });
    const line = (await run('paytest', 'list')).split('\n').find((l) => l.startsWith(`${id}\t`));
    expect(line).toBe(`${id}\t${a.uName}\t实名认证\t50 次\t10.00 元\t李四 13812345678\t评估实名认证接口在开户流程中的通过率`);
    await expect(run('paytest', 'reject', String(id))).rejects.toThrow('请填写驳回原因');
    expect(await run('paytest', 'reject', String(id), '测试用途与接口不符')).toBe(`付费测试 ${id} 已驳回，已通知客户`);
    expect(await run('paytest', 'reject', String(id), '再次')).toBe(`付费测试 ${id} 此前已驳回，未重复处理`);
    await expect(run('paytest', 'approve', String(id))).rejects.toThrow('该申请已处理（已驳回）');
    await expect(run('paytest', 'approve', '99999')).rejects.toThrow('付费测试申请不存在');
    const row = (await myTests(a)).rows[0];
    expect(row).toMatchObject({ status: 'rejected', statusLabel: '已驳回', reason: '测试用途与接口不符', testCallsLeft: null });
    const [m] = await inbox(a, '付费测试申请未通过');
    expect(m?.body).toBe('您申请的「实名认证」付费测试（50 次）未通过审核，未扣除任何费用。\n原因：测试用途与接口不符');
    expect(m?.link).toBe('/userCenter/payTest');
    expect(await purchaseOf(a)).toBeUndefined();
  });

  it('a short balance refuses the approval and changes nothing', async () => {
    const a = await qualifiedAccount(t, '10.90.1.2');
    const id = await applied(a, { calls: '100' });
    await topUp(a, 1_999);
    await expect(run('paytest', 'approve', String(id))).rejects.toThrow(
      '账户余额不足：测试费用 20.00 元，当前余额 19.99 元，申请未通过也未扣费，请客户充值后再审批',
    );
    expect(await balance(a)).toBe(1_999);
    expect(await ledgerSum(a)).toBe(1_999);
    expect(await purchaseOf(a)).toBeUndefined();
    expect((await myTests(a)).rows[0]).toMatchObject({ status: 'applied', approvedAt: null });
    expect(await inbox(a, '付费测试已通过')).toHaveLength(0);
    // After a top-up the same application goes through.
    await topUp(a, 100);
    expect(await run('paytest', 'approve', String(id))).toBe(`付费测试 ${id} 已通过：扣除 20.00 元，开通 100 次测试调用，已通知客户`);
    expect(await balance(a)).toBe(99);
    expect(await ledgerSum(a)).toBe(99);
  });

  it('approval debits exactly the fee once and opens a new purchase with test calls for three months', async () => {
    const a = await qualifiedAccount(t, '10.90.1.3');
    const id = await applied(a, { calls: '100' });
    await topUp(a, 10_000);
    const answers = await Promise.allSettled([run('paytest', 'approve', String(id)), run('paytest', 'approve', String(id))]);
    expect(answers.filter((r) => r.status === 'fulfilled' && r.value.includes('已通过：扣除'))).toHaveLength(1);
    expect(await run('paytest', 'approve', String(id))).toBe(`付费测试 ${id} 此前已通过，未重复处理`);
    expect(await balance(a)).toBe(8_000);
    expect(await ledgerSum(a)).toBe(8_000);
    const debits = await t.database.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.memberId, a.memberId), eq(ledger.ref, `paytest:${id}`)));
    expect(debits.map((d) => [d.amountFen, d.note])).toEqual([[-2_000, '付费测试 实名认证（100 次）']]);

    const p = await purchaseOf(a);
    expect(p).toMatchObject({ callsTotal: 100, callsLeft: 100, testCallsLeft: 100, status: 'active' });
    expect(p?.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = (await myTests(a)).rows[0];
    expect(row).toMatchObject({ status: 'approved', statusLabel: '已通过', testCallsLeft: 100 });
    const approvedAt = new Date(row.approvedAt);
    const expiresAt = new Date(row.expiresAt);
    expect(Math.abs(approvedAt.getTime() - Date.now())).toBeLessThan(60_000);
    // Three calendar months: 89 to 92 days, whatever the months.
    const days = (expiresAt.getTime() - approvedAt.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(89);
    expect(days).toBeLessThanOrEqual(92);
    expect(p?.expiresAt.getTime()).toBe(expiresAt.getTime());
    const [m] = await inbox(a, '付费测试已通过');
    expect(m?.body).toContain('已从账户余额扣除测试费用 20.00 元，增加 100 次测试调用');
    // The purchase shows in 我的API with its key.
    expect((await as(a, 'myBuy/list')).json().rows[0]).toMatchObject({ interfaceId: 1882, callsLeft: 100, key: p?.key });
  });

  it('approval adds the test calls to an existing purchase and extends it to at least three months', async () => {
    const a = await qualifiedAccount(t, '10.90.1.4');
    const cheapest = packages1882[0];
    if (!cheapest) throw new Error('no package');
    const fee = payTestFee(1000, packages1882) ?? 0;
    await topUp(a, cheapest.priceFen + fee);
    const order = (await as(a, 'interfaceOrders/saveInterfaceOrders', { interfaceId: '1882', packageId: String(cheapest.id) })).json().data.orderNo;
    expect((await as(a, 'UserCenter/payment', { orderNo: order })).json().msg).toBe('支付成功，接口已开通');
    // A purchase expiring soon: the test's three months win.
    const soon = new Date(Date.now() + 86_400_000);
    await t.database.db.update(purchases).set({ expiresAt: soon }).where(eq(purchases.memberId, a.memberId));
    const before = await purchaseOf(a);
    const id = await applied(a, { calls: '1000' });
    expect(await run('paytest', 'approve', String(id))).toContain('开通 1000 次测试调用');
    const after = await purchaseOf(a);
    expect(after).toMatchObject({
      id: before?.id,
      key: before?.key,
      callsTotal: (before?.callsTotal ?? 0) + 1000,
      callsLeft: (before?.callsLeft ?? 0) + 1000,
      testCallsLeft: 1000,
    });
    const row = (await myTests(a)).rows[0];
    expect(after?.expiresAt.getTime()).toBe(new Date(row.expiresAt).getTime());
    expect(await balance(a)).toBe(0); // the package, then exactly the fee
    expect(await ledgerSum(a)).toBe(0);
  });
});

describe('expiry (the 10-minute job)', () => {
  async function approvedTest(ip: string, calls: number) {
    const a = await qualifiedAccount(t, ip);
    const id = await applied(a, { calls: String(calls) });
    await topUp(a, 100_000);
    await run('paytest', 'approve', String(id));
    return { a, id };
  }
  const later = () => new Date(Date.now() + 100 * 86_400_000);

  it('does nothing before the three months are up', async () => {
    const { a } = await approvedTest('10.90.2.1', 30);
    await expirePayTests(t.database.db, new Date());
    expect((await myTests(a)).rows[0].status).toBe('approved');
    expect((await purchaseOf(a))?.testCallsLeft).toBe(30);
  });

  it('takes the unused test calls back once, however often it runs, and tells the customer once', async () => {
    const { a, id } = await approvedTest('10.90.2.2', 40);
    // Ordinary calls bought beside the test are not touched.
    await t.database.db
      .update(purchases)
      .set({ callsLeft: sql`${purchases.callsLeft} + 500`, callsTotal: sql`${purchases.callsTotal} + 500` })
      .where(eq(purchases.memberId, a.memberId));
    const now = later();
    expect(await expirePayTests(t.database.db, now)).toBeGreaterThanOrEqual(1);
    expect(await expirePayTests(t.database.db, now)).toBe(0);
    await Promise.all([expirePayTests(t.database.db, now), expirePayTests(t.database.db, now)]);
    expect(await purchaseOf(a)).toMatchObject({ callsLeft: 500, testCallsLeft: 0, callsTotal: 540 });
    const row = (await myTests(a)).rows[0];
    expect(row).toMatchObject({ id, status: 'expired', statusLabel: '已过期', testCallsLeft: 0, expiredCalls: 40 });
    const told = await inbox(a, '付费测试已到期');
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toBe('您的「实名认证」付费测试已到期，测试服务停止，未使用的 40 次测试调用已清零。如需继续调用，请在接口详情页购买正式套餐。');
    // The interface is open for a new application again.
    await applied(a);
  });

  it('takes back only what is left when some test calls were used', async () => {
    const { a } = await approvedTest('10.90.2.3', 25);
    // The gateway spent 10 test calls (test calls go first).
    await t.database.db
      .update(purchases)
      .set({ callsLeft: sql`${purchases.callsLeft} - 10`, testCallsLeft: sql`${purchases.testCallsLeft} - 10` })
      .where(eq(purchases.memberId, a.memberId));
    expect((await myTests(a)).rows[0].testCallsLeft).toBe(15);
    await expirePayTests(t.database.db, later());
    expect(await purchaseOf(a)).toMatchObject({ callsLeft: 0, testCallsLeft: 0, callsTotal: 25 });
    expect((await myTests(a)).rows[0]).toMatchObject({ status: 'expired', expiredCalls: 15 });
    expect((await inbox(a, '付费测试已到期'))[0]?.body).toContain('未使用的 15 次测试调用已清零');
  });

  it('says so when every test call was used', async () => {
    const { a } = await approvedTest('10.90.2.4', 10);
    await t.database.db.update(purchases).set({ callsLeft: 0, testCallsLeft: 0 }).where(eq(purchases.memberId, a.memberId));
    await expirePayTests(t.database.db, later());
    expect((await myTests(a)).rows[0]).toMatchObject({ status: 'expired', expiredCalls: 0 });
    expect((await inbox(a, '付费测试已到期'))[0]?.body).toContain('测试次数已全部使用');
    const [stored] = await t.database.db.select().from(payTests).where(eq(payTests.memberId, a.memberId));
    expect(stored?.status).toBe('expired');
  });
});
