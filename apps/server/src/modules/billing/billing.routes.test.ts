import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { balances, members, messages, pricePackages, purchases, recharges } from '../../db/schema';
import { newAccount, qualifiedAccount, type TestAccount } from '../../test/account';
import { buildTestApp, type TestApp } from '../../test/harness';
import { post } from '../../test/identity';
import { fixtures } from '../purchases/purchases.fixtures';

let t: TestApp;
let pkg: { id: number; priceFen: number; calls: number };
let otherPkg: { id: number };
beforeAll(async () => {
  t = await buildTestApp();
  const rows = await t.database.db
    .select({ id: pricePackages.id, priceFen: pricePackages.priceFen, calls: pricePackages.calls, interfaceId: pricePackages.interfaceId })
    .from(pricePackages)
    .where(eq(pricePackages.interfaceId, 1882))
    .orderBy(asc(pricePackages.priceFen));
  pkg = rows[0] ?? { id: 0, priceFen: 0, calls: 0 };
  const [other] = await t.database.db.select({ id: pricePackages.id }).from(pricePackages).where(eq(pricePackages.interfaceId, 1887)).limit(1);
  otherPkg = other ?? { id: 0 };
});
afterAll(() => t.close());

const { as, run, balance, ledgerSum } = fixtures(() => t);

let transfer = 0;
/** Declare a transfer and confirm it as the operator would; answers the recharge id. */
async function topUp(a: TestAccount, yuan: string): Promise<number> {
  const res = await as(a, 'mytrade/recharge/declare', { amount: yuan, transferRef: `TR${Date.now()}${++transfer}`, payerName: '上海测试数据科技有限公司' });
  const id = res.json().data.id as number;
  await run('recharge', 'confirm', String(id));
  return id;
}

const order = async (a: TestAccount, packageId = pkg.id, interfaceId = 1882) =>
  (await as(a, 'interfaceOrders/saveInterfaceOrders', { interfaceId: String(interfaceId), packageId: String(packageId) })).json();

describe('who may buy', () => {
  it('needs a login and an authenticated company; a sub-account cannot buy', async () => {
    expect((await post(t, 'myOrder/list', {})).json().code).toBe('ALL_0024');
    const unq = await newAccount(t, '10.50.0.1');
    expect((await as(unq, 'interfaceOrders/saveInterfaceOrders', { interfaceId: '1882', packageId: String(pkg.id) })).json().code).toBe('ALL_0060');
    const parent = await qualifiedAccount(t, '10.50.0.2');
    const child = await newAccount(t, '10.50.0.3');
    await t.database.db.update(members).set({ parentId: parent.memberId }).where(eq(members.id, child.memberId));
    expect((await order(child)).msg).toBe('子账号不能直接购买，请联系主账号购买后分配');
  });
});

describe('recharges (bank transfer, confirmed by the operator)', () => {
  it('checks the declaration with its messages and refuses a reused transfer reference', async () => {
    const a = await qualifiedAccount(t, '10.50.0.4');
    const msg = async (f: Record<string, string>) => (await as(a, 'mytrade/recharge/declare', f)).json().msg;
    const ok = { amount: '100.50', transferRef: 'BANK20261122001', payerName: '上海测试数据科技有限公司' };
    expect(await msg({ ...ok, amount: '12.345' })).toBe('请输入正确的充值金额（最多两位小数）');
    expect(await msg({ ...ok, amount: '0.5' })).toBe('单笔充值金额须在 1 元至 1000 万元之间');
    expect(await msg({ ...ok, transferRef: '12' })).toBe('请输入银行转账流水号（6-64位字母或数字）');
    expect(await msg({ ...ok, payerName: '' })).toBe('请输入付款账户名称');
    const res = await as(a, 'mytrade/recharge/declare', ok);
    expect(res.json()).toMatchObject({
      code: 200,
      msg: '充值申请已提交，平台核实到账后将为您入账',
      data: { amountFen: 10050, status: 'declared', statusLabel: '待确认' },
    });
    expect((await as(a, 'mytrade/recharge/declare', ok)).json()).toEqual({ code: 'ALL_0013', msg: '该转账流水号已提交过，请勿重复申请' });
    expect(await balance(a)).toBe(0);
  });

  it('answers a huge amount with the range, and only a malformed one with the format', async () => {
    const a = await qualifiedAccount(t, '10.50.0.9');
    const ok = { transferRef: 'BANK20261126009', payerName: '上海测试数据科技有限公司' };
    for (const amount of ['123456789', '99999999999', '10000000.01']) {
      const res = await as(a, 'mytrade/recharge/declare', { ...ok, amount });
      expect(res.statusCode, amount).toBe(400);
      expect(res.json(), amount).toEqual({ code: 'ALL_0001', msg: '单笔充值金额须在 1 元至 1000 万元之间' });
    }
    for (const amount of ['12a', '1.234', '-5', '123456789.123']) {
      expect((await as(a, 'mytrade/recharge/declare', { ...ok, amount })).json(), amount).toEqual({
        code: 'ALL_0001',
        msg: '请输入正确的充值金额（最多两位小数）',
      });
    }
    expect((await as(a, 'mytrade/recharge/list')).json().total).toBe(0);
  });

  it('credits the balance exactly once however often the confirmation comes', async () => {
    const a = await qualifiedAccount(t, '10.50.0.5');
    const res = await as(a, 'mytrade/recharge/declare', { amount: '500', transferRef: `DUP${Date.now()}`, payerName: '上海测试数据科技有限公司' });
    const id = String(res.json().data.id);
    const answers = await Promise.allSettled(Array.from({ length: 6 }, () => run('recharge', 'confirm', id)));
    expect(answers.filter((r) => r.status === 'fulfilled' && r.value.includes('已确认到账，已通知客户'))).toHaveLength(1);
    expect(await run('recharge', 'confirm', id)).toBe(`充值 ${id} 此前已确认到账，未重复处理`);
    await expect(run('recharge', 'reject', id, '未到账')).rejects.toThrow('该充值申请已处理');
    expect(await balance(a)).toBe(50_000);
    expect(await ledgerSum(a)).toBe(50_000);
    const list = (await as(a, 'mytrade/recharge/list')).json();
    expect(list.rows[0]).toMatchObject({ status: 'confirmed', statusLabel: '已入账' });
    const inbox = await t.database.db.select().from(messages).where(eq(messages.memberId, a.memberId));
    expect(inbox.filter((m) => m.title === '充值已到账')).toHaveLength(1);
  });
});

describe('orders paid from the balance', () => {
  it('refuses unknown interfaces and packages, and a package of another interface', async () => {
    const a = await qualifiedAccount(t, '10.50.0.6');
    expect((await order(a, 999999)).msg).toBe('套餐不存在或已下架');
    expect((await order(a, otherPkg.id)).msg).toBe('套餐不存在或已下架');
    expect((await order(a, pkg.id, 77)).msg).toBe('套餐不存在或已下架');
  });

  it('an unpaid order cannot be paid without the balance, and nothing changes', async () => {
    const a = await qualifiedAccount(t, '10.50.0.7');
    const created = await order(a);
    expect(created).toMatchObject({ code: 200, msg: '订单已创建，请完成支付', data: { status: 'unpaid', statusLabel: '待支付', priceFen: pkg.priceFen } });
    const res = await as(a, 'UserCenter/payment', { orderNo: created.data.orderNo });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'ALL_0070', msg: '账户余额不足，请先充值' });
    expect((await as(a, 'myOrder/list')).json().rows[0].status).toBe('unpaid');
    expect((await as(a, 'myBuy/list')).json().total).toBe(0);
  });

  it('paying debits the balance once, opens the interface with a key, and a second purchase adds to it', async () => {
    const a = await qualifiedAccount(t, '10.50.0.8');
    await topUp(a, String((pkg.priceFen * 2) / 100));
    const first = (await order(a)).data.orderNo;
    const paid = await as(a, 'UserCenter/payment', { orderNo: first });
    expect(paid.json()).toMatchObject({ code: 200, msg: '支付成功，接口已开通', data: { status: 'paid', statusLabel: '已支付' } });
    expect((await as(a, 'UserCenter/payment', { orderNo: first })).json()).toEqual({ code: 'ALL_0013', msg: '订单已支付或已取消' });
    const bought = (await as(a, 'myBuy/list')).json();
    expect(bought.rows).toHaveLength(1);
    expect(bought.rows[0]).toMatchObject({
      interfaceId: 1882,
      interfaceName: '实名认证',
      callsTotal: pkg.calls,
      callsLeft: pkg.calls,
      status: 'active',
      expired: false,
    });
    const key = bought.rows[0].key as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await as(a, 'UserCenter/payment', { orderNo: (await order(a)).data.orderNo });
    const again = (await as(a, 'myBuy/list')).json().rows[0];
    expect(again).toMatchObject({ key, callsTotal: pkg.calls * 2, callsLeft: pkg.calls * 2 });
    expect(await balance(a)).toBe(0);
    expect(await ledgerSum(a)).toBe(0);
    // 账户流水: the recharge and both purchases, newest first, ending at the balance.
    const movements = (await as(a, 'mytrade/consume/list')).json();
    expect(movements.total).toBe(3);
    expect(movements.rows.map((r: { kindLabel: string }) => r.kindLabel)).toEqual(['购买接口', '购买接口', '对公转账充值']);
    expect(movements.rows[0]).toMatchObject({ amountFen: -pkg.priceFen, balanceAfterFen: 0, kind: 'purchase' });
    expect(movements.rows[0].note).toContain('购买 实名认证');
    expect(movements.rows[0].ledgerNo).toMatch(/^L\d{16}$/);
    expect(movements.rows[1].orderNo).toBe(first);
    expect(movements.rows[2]).toMatchObject({ amountFen: pkg.priceFen * 2, balanceAfterFen: pkg.priceFen * 2, kind: 'recharge' });
  });

  it('under concurrent payments the balance never overdraws and each order is paid at most once', async () => {
    const a = await qualifiedAccount(t, '10.50.0.9');
    await topUp(a, String((pkg.priceFen * 3) / 100));
    const nos: string[] = [];
    for (let i = 0; i < 8; i++) nos.push((await order(a)).data.orderNo);
    // Each order twice at once: 16 payment attempts for 8 orders and money for 3.
    const answers = await Promise.all([...nos, ...nos].map((orderNo) => as(a, 'UserCenter/payment', { orderNo })));
    const codes = answers.map((r) => r.json().code);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c !== 200 && c !== 'ALL_0070' && c !== 'ALL_0013')).toEqual([]);
    expect(await balance(a)).toBe(0);
    expect(await ledgerSum(a)).toBe(0);
    const [p] = await t.database.db
      .select()
      .from(purchases)
      .where(and(eq(purchases.memberId, a.memberId), eq(purchases.interfaceId, 1882)));
    expect(p?.callsLeft).toBe(pkg.calls * 3);
    const [b] = await t.database.db.select().from(balances).where(eq(balances.memberId, a.memberId));
    expect(b?.balanceFen).toBe(0);
  });

  it('changes the package of an unpaid order, cancels it, and never shows another member its orders', async () => {
    const a = await qualifiedAccount(t, '10.50.1.1');
    const b = await qualifiedAccount(t, '10.50.1.2');
    const no = (await order(a)).data.orderNo;
    const [bigger] = await t.database.db
      .select({ id: pricePackages.id, priceFen: pricePackages.priceFen })
      .from(pricePackages)
      .where(and(eq(pricePackages.interfaceId, 1882), sql`${pricePackages.id} <> ${pkg.id}`))
      .limit(1);
    const changed = await as(a, 'interfaceOrders/updateInterfaceOrders', { orderNo: no, packageId: String(bigger?.id) });
    expect(changed.json().data.priceFen).toBe(bigger?.priceFen);
    expect((await as(b, 'UserCenter/payment', { orderNo: no })).json()).toEqual({ code: 'ALL_0011', msg: '订单不存在' });
    expect((await as(b, 'interfaceOrders/clearOrder', { orderNo: no })).json().code).toBe('ALL_0011');
    expect((await as(a, 'interfaceOrders/clearOrder', { orderNo: no })).json()).toEqual({ code: 200, msg: '订单已取消', data: null });
    expect((await as(a, 'UserCenter/payment', { orderNo: no })).json().code).toBe('ALL_0013');
    expect((await as(b, 'myOrder/list')).json().total).toBe(0);
  });

  it('lists orders by status, interface name and China date', async () => {
    const a = await qualifiedAccount(t, '10.50.1.3');
    await order(a);
    const cancelled = (await order(a)).data.orderNo;
    await as(a, 'interfaceOrders/clearOrder', { orderNo: cancelled });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const q = async (f: Record<string, string>) => (await as(a, 'myOrder/list', f)).json().total;
    expect(await q({})).toBe(2);
    expect(await q({ status: 'cancelled' })).toBe(1);
    expect(await q({ interfaceName: '实名' })).toBe(2);
    expect(await q({ interfaceName: '银行卡' })).toBe(0);
    expect(await q({ startDate: today, endDate: today })).toBe(2);
    expect(await q({ endDate: '2020-01-01' })).toBe(0);
  });
});

// Decision 7: the account the recharge page shows. The default start (embedded database) shows a
// marked example; production (DATABASE_URL) shows its configured account, or none and refuses
// declarations. The production apps share this file's database (their DATABASE_URL is never
// opened: the harness hands them the database), so they come last.
describe('the account to transfer to', () => {
  const PROD = { DATABASE_URL: 'postgres://unused.invalid/apimarket', RUN_JOBS: '0' };

  it('on the default start is the example account, marked as such, and recharging is open', async () => {
    const a = await qualifiedAccount(t, '10.50.2.1');
    const res = await as(a, 'mytrade/recharge/account');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      bankName: '示例银行（演示环境）',
      accountName: '示例：某某数据科技（上海）有限公司',
      accountNo: '示例：0000 0000 0000 0000 000',
      example: true,
      open: true,
    });
  });

  it('in production without PLATFORM_* is none, and a declaration is refused with the hotline', async () => {
    const prod = await buildTestApp({ sharedWith: t, env: PROD });
    try {
      const a = await qualifiedAccount(t, '10.50.2.2');
      const call = (path: string, fields: Record<string, string> = {}) => post(prod, path, fields, { cookies: a.cookies });
      expect((await call('mytrade/recharge/account')).json().data).toEqual({ bankName: '', accountName: '', accountNo: '', example: false, open: false });
      const res = await call('mytrade/recharge/declare', { amount: '500', transferRef: 'BANK20261126010', payerName: '上海测试数据科技有限公司' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'ALL_0010', msg: '平台收款账户尚未配置，暂不能提交充值申请，请致电 400-0999-656 咨询' });
      expect(await t.database.db.select().from(recharges).where(eq(recharges.memberId, a.memberId))).toHaveLength(0);
    } finally {
      await prod.close();
    }
  });

  it('in production with PLATFORM_* is the configured account, and declarations are taken', async () => {
    const bank = { PLATFORM_BANK_NAME: '招商银行上海分行营业部', PLATFORM_ACCOUNT_NAME: '上海某某数据科技有限公司', PLATFORM_ACCOUNT_NO: '1219 0000 0010 001' };
    const prod = await buildTestApp({ sharedWith: t, env: { ...PROD, ...bank } });
    try {
      const a = await qualifiedAccount(t, '10.50.2.3');
      const call = (path: string, fields: Record<string, string> = {}) => post(prod, path, fields, { cookies: a.cookies });
      expect((await call('mytrade/recharge/account')).json().data).toEqual({
        bankName: '招商银行上海分行营业部',
        accountName: '上海某某数据科技有限公司',
        accountNo: '1219 0000 0010 001',
        example: false,
        open: true,
      });
      const res = await call('mytrade/recharge/declare', { amount: '500', transferRef: 'BANK20261126011', payerName: '上海测试数据科技有限公司' });
      expect(res.json()).toMatchObject({ code: 200, msg: '充值申请已提交，平台核实到账后将为您入账', data: { amountFen: 50_000, status: 'declared' } });
    } finally {
      await prod.close();
    }
  });

  it('refuses to start with half an account configured', () => {
    expect(() => loadConfig({ DEV_TOOLS: '1', PLATFORM_ACCOUNT_NO: '1219 0000 0010 001' })).toThrow(
      'PLATFORM_BANK_NAME、PLATFORM_ACCOUNT_NAME、PLATFORM_ACCOUNT_NO 须同时设置或同时留空',
    );
  });
});
