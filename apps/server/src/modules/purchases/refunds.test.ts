import { formatFen } from '@apimarket/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, purchases, refunds } from '../../db/schema';
import { newAccount, qualifiedAccount } from '../../test/account';
import { ledgerEntries } from '../../test/billing';
import { buildTestApp, type TestApp } from '../../test/harness';
import { fixtures } from './purchases.fixtures';
import { proportionalFen } from './refund-rule';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const f = fixtures(() => t);
const { as, run } = f;

const openId = async (memberId: number) => {
  const [row] = await t.database.db.select({ id: refunds.id }).from(refunds).where(eq(refunds.memberId, memberId));
  return String(row?.id ?? 0);
};

describe('refund of one order (myOrder/refund)', () => {
  it('asks for the calls left at the order’s price; the operator approves; balance, ledger and calls agree', async () => {
    const a = await qualifiedAccount(t, '10.72.0.1');
    const orderNo = await f.buy(a);
    const p = await f.purchase(a);
    const [pkg] = await f.packages(1882);
    if (!pkg) throw new Error('no package');
    for (let i = 0; i < 3; i++) await f.gateway(p.key);
    const left = pkg.calls - 3;
    const due = proportionalFen(pkg.priceFen, left, pkg.calls);

    expect((await as(a, 'myOrder/refund', { orderNo, reason: '' })).json()).toEqual({ code: 'ALL_0001', msg: '请填写退款原因（2-200 个字）' });
    const asked = await as(a, 'myOrder/refund', { orderNo, reason: '业务调整，不再使用' });
    expect(asked.json()).toMatchObject({
      code: 200,
      msg: '退款申请已提交，平台审核后将退回账户余额',
      data: { scope: 'order', calls: left, amountFen: due, status: 'requested' },
    });
    expect((await as(a, 'myOrder/refund', { orderNo, reason: '再申请一次' })).json()).toEqual({
      code: 'ALL_0013',
      msg: '该订单已有退款申请在处理中，请勿重复提交',
    });
    expect((await as(a, 'myBuy/refundAll', { id: String(p.id), reason: '全部退掉' })).json()).toEqual({
      code: 'ALL_0013',
      msg: '该接口已有退款申请在处理中，请勿重复提交',
    });
    expect((await as(a, 'myOrder/list')).json().rows[0]).toMatchObject({ orderNo, refundStatus: 'requested', refundLabel: '退款审核中' });

    const id = await openId(a.memberId);
    expect(await run('refund', 'list')).toContain(`${id}\t${a.uName}\t订单 ${orderNo}\t实名认证\t${left} 次\t${(due / 100).toFixed(2)} 元\t业务调整，不再使用`);
    // One more call in the meantime: the approval takes back what is left, proportionally less.
    await f.gateway(p.key);
    const lessDue = proportionalFen(due, left - 1, left);
    expect(await run('refund', 'approve', id)).toBe(`退款 ${id} 已通过：收回 ${left - 1} 次调用，退回 ${(lessDue / 100).toFixed(2)} 元，已通知客户`);
    expect(await run('refund', 'approve', id)).toBe(`退款 ${id} 此前已通过，未重复处理`);
    await expect(run('refund', 'reject', id, '重复')).rejects.toThrow('该退款申请已处理');

    const after = await f.purchase(a);
    expect(after.callsLeft).toBe(0);
    expect(after.callsTotal).toBe(4);
    expect(await f.balance(a)).toBe(lessDue);
    expect(await f.ledgerSum(a)).toBe(lessDue);
    const [entry] = await ledgerEntries(t, `refund:${id}`);
    expect(entry).toMatchObject({ kind: 'refund', amountFen: lessDue });
    expect((await f.inbox(a, '退款已到账'))[0]?.body).toContain(`${(lessDue / 100).toFixed(2)} 元已退回账户余额`);
    expect((await as(a, 'myOrder/list')).json().rows[0]).toMatchObject({ refundStatus: 'approved', refundLabel: '已退款' });
    expect((await as(a, 'myOrder/refund', { orderNo, reason: '再退一次' })).json().msg).toBe('该订单已退款');
    expect((await as(a, 'myBuy/buyData')).json().data.refundedFen).toBe(lessDue);
    // The gateway sees the calls gone at once.
    expect((await f.gateway(p.key)).json().code).toBe('SYSTEM_002');
  });

  it('refuses an unpaid order and another company’s order; a rejection is told with its reason and may be asked again', async () => {
    const a = await qualifiedAccount(t, '10.72.0.2');
    const orderNo = await f.buy(a);
    const [pkg] = await f.packages(1882);
    const unpaid = (await as(a, 'interfaceOrders/saveInterfaceOrders', { interfaceId: '1882', packageId: String(pkg?.id) })).json().data.orderNo;
    expect((await as(a, 'myOrder/refund', { orderNo: unpaid, reason: '不要了' })).json()).toEqual({ code: 'ALL_0013', msg: '只有已支付的订单可以申请退款' });
    const other = await qualifiedAccount(t, '10.72.0.3');
    const theirs = await as(other, 'myOrder/refund', { orderNo, reason: '不要了' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ code: 'ALL_0011', msg: '订单不存在' });

    await as(a, 'myOrder/refund', { orderNo, reason: '不要了' });
    const id = await openId(a.memberId);
    await expect(run('refund', 'reject', id)).rejects.toThrow('请填写驳回原因');
    expect(await run('refund', 'reject', id, '套餐已使用')).toBe(`退款 ${id} 已驳回，已通知客户`);
    expect((await f.inbox(a, '退款申请未通过'))[0]?.body).toContain('原因：套餐已使用');
    expect((await as(a, 'myOrder/list', { status: 'paid' })).json().rows[0]).toMatchObject({ orderNo, refundLabel: '退款被驳回' });
    expect(await f.balance(a)).toBe(0);
    expect((await as(a, 'myOrder/refund', { orderNo, reason: '再次申请' })).json().code).toBe(200);
  });
});

describe('refund of what is left (myBuy/refundAll)', () => {
  it('prices the calls left by the newest paid orders; the operator may lower the amount but not raise it', async () => {
    const a = await qualifiedAccount(t, '10.72.0.4');
    const [cheap, dear] = await f.packages(1882);
    if (!cheap || !dear) throw new Error('two packages expected');
    await f.buy(a, 1882, cheap.id);
    await f.buy(a, 1882, dear.id);
    const p = await f.purchase(a);
    const used = 5;
    for (let i = 0; i < used; i++) await f.gateway(p.key);
    const left = cheap.calls + dear.calls - used;
    // Newest first: all of the dearer order's calls, then the rest of the cheaper one's.
    const due = dear.priceFen + proportionalFen(cheap.priceFen, left - dear.calls, cheap.calls);

    // Automatic renewal is on: the refund must switch it off, or the emptied purchase would be bought again.
    expect((await as(a, 'myBuy/addAutomaticBuy', { id: String(p.id), packageId: String(cheap.id) })).json().code).toBe(200);
    const asked = (await as(a, 'myBuy/refundAll', { id: String(p.id), reason: '项目结束' })).json();
    expect(asked).toMatchObject({ code: 200, data: { scope: 'purchase', calls: left, amountFen: due } });
    expect((await as(a, 'myBuy/refundAll', { id: String(p.id), reason: '项目结束' })).json().msg).toBe('该接口已有退款申请在处理中，请勿重复提交');
    expect((await as(a, 'myBuy/list')).json().rows[0]).toMatchObject({ refundStatus: 'requested', refundLabel: '退款审核中' });

    const id = await openId(a.memberId);
    await expect(run('refund', 'approve', id, String((due + 1) / 100))).rejects.toThrow(`退款金额不能超过可退金额 ${formatFen(due)} 元`);
    expect((await f.purchase(a)).callsLeft).toBe(left); // the refused approval changed nothing
    const lower = due - 100;
    expect(await run('refund', 'approve', id, (lower / 100).toFixed(2))).toContain(`退回 ${(lower / 100).toFixed(2)} 元`);
    expect(await f.purchase(a)).toMatchObject({ callsLeft: 0, autoRenewPackageId: null });
    expect((await f.inbox(a, '退款已到账'))[0]?.body).toContain('自动续费已关闭');
    expect(await f.balance(a)).toBe(lower);
    expect(await f.ledgerSum(a)).toBe(lower);
    expect((await as(a, 'myBuy/refundAll', { id: String(p.id), reason: '再退' })).json().msg).toBe('没有可退的调用次数');
  });

  it('another company cannot ask; a sub-account follows the main-account rule', async () => {
    const a = await qualifiedAccount(t, '10.72.0.5');
    const orderNo = await f.buy(a);
    const p = await f.purchase(a);
    const other = await qualifiedAccount(t, '10.72.0.6');
    expect((await as(other, 'myBuy/refundAll', { id: String(p.id), reason: '不要了' })).json()).toEqual({ code: 'ALL_0011', msg: '已购接口不存在' });
    const child = await newAccount(t, '10.72.0.7');
    await t.database.db.update(members).set({ parentId: a.memberId }).where(eq(members.id, child.memberId));
    expect((await as(child, 'myOrder/refund', { orderNo, reason: '不要了' })).json()).toEqual({
      code: 'ALL_0010',
      msg: '子账号不能直接购买，请联系主账号购买后分配',
    });
    expect(await t.database.db.select().from(refunds).where(eq(refunds.memberId, a.memberId))).toHaveLength(0);
    const [row] = await t.database.db.select({ left: purchases.callsLeft }).from(purchases).where(eq(purchases.id, p.id));
    expect(row?.left).toBe(p.callsLeft);
  });
});

describe('only bought calls never used come back (Decision 163)', () => {
  it('the probe’s case: after an order refund, free-trial calls are not refunded as cash', async () => {
    const a = await qualifiedAccount(t, '10.72.0.8');
    const orderNo = await f.buy(a);
    const [pkg] = await f.packages(1882);
    if (!pkg) throw new Error('no package');
    const p = await f.purchase(a);
    for (let i = 0; i < 11; i++) await f.gateway(p.key);
    const due = proportionalFen(pkg.priceFen, pkg.calls - 11, pkg.calls);
    expect((await as(a, 'myOrder/refund', { orderNo, reason: '业务调整' })).json().data).toMatchObject({ calls: pkg.calls - 11, amountFen: due });
    await run('refund', 'approve', await openId(a.memberId));

    // The 20 free-trial calls join the purchase; one is used. None of them is worth money.
    expect((await as(a, 'myBuy/freeTrial', { interfaceId: '1882' })).json().code).toBe(200);
    expect(await f.purchase(a)).toMatchObject({ callsLeft: 20, trialCallsLeft: 20 });
    await f.gateway(p.key);
    expect(await f.purchase(a)).toMatchObject({ callsLeft: 19, trialCallsLeft: 19 });
    expect((await as(a, 'myBuy/refundAll', { id: String(p.id), reason: '退掉剩余' })).json()).toEqual({ code: 'ALL_0013', msg: '没有可退的调用次数' });
    expect((await as(a, 'myOrder/refund', { orderNo, reason: '再退一次' })).json().msg).toBe('该订单已退款');
    expect(await f.balance(a)).toBe(due);
    expect(await f.ledgerSum(a)).toBe(due);
  });

  it('free calls go first: bought after a trial, the refund returns every bought call not used', async () => {
    const a = await qualifiedAccount(t, '10.72.0.9');
    expect((await as(a, 'myBuy/freeTrial', { interfaceId: '1882' })).json().code).toBe(200);
    const orderNo = await f.buy(a);
    const [pkg] = await f.packages(1882);
    if (!pkg) throw new Error('no package');
    const p = await f.purchase(a);
    for (let i = 0; i < 25; i++) await f.gateway(p.key);
    // 20 trial calls first, then 5 bought ones.
    expect(await f.purchase(a)).toMatchObject({ callsLeft: pkg.calls + 20 - 25, trialCallsLeft: 0 });
    expect((await as(a, 'myOrder/refund', { orderNo, reason: '业务调整' })).json().data).toMatchObject({
      calls: pkg.calls - 5,
      amountFen: proportionalFen(pkg.priceFen, pkg.calls - 5, pkg.calls),
    });
  });

  it('an older order’s calls are used first: its refund returns none of a newer order’s calls, and no order is refunded twice', async () => {
    const a = await qualifiedAccount(t, '10.72.0.10');
    const [cheap, dear] = await f.packages(1882);
    if (!cheap || !dear) throw new Error('two packages expected');
    const older = await f.buy(a, 1882, dear.id);
    const newer = await f.buy(a, 1882, cheap.id);
    const p = await f.purchase(a);
    for (let i = 0; i < 3; i++) await f.gateway(p.key);
    // The dearer, older order has 3 calls used; the newer one is untouched.
    expect((await as(a, 'myOrder/refund', { orderNo: older, reason: '退旧单' })).json().data).toMatchObject({
      calls: dear.calls - 3,
      amountFen: proportionalFen(dear.priceFen, dear.calls - 3, dear.calls),
    });
    await run('refund', 'approve', await openId(a.memberId));
    // The whole purchase now returns the newer order only, at its own price.
    const all = (await as(a, 'myBuy/refundAll', { id: String(p.id), reason: '全部退掉' })).json().data;
    expect(all).toMatchObject({ calls: cheap.calls, amountFen: cheap.priceFen });
    const refundsOf = await t.database.db.select().from(refunds).where(eq(refunds.memberId, a.memberId));
    await run('refund', 'approve', String(refundsOf.find((r) => r.status === 'requested')?.id));
    // Buying again adds calls, but the two refunded orders have nothing left to give.
    await f.buy(a, 1882, cheap.id);
    expect((await as(a, 'myOrder/refund', { orderNo: older, reason: '再退旧单' })).json().msg).toBe('该订单已退款');
    expect((await as(a, 'myOrder/refund', { orderNo: newer, reason: '再退新单' })).json().msg).toBe('没有可退的调用次数');
    const paidIn = dear.priceFen + cheap.priceFen * 2;
    expect(await f.balance(a)).toBe(paidIn - dear.priceFen - cheap.priceFen * 2 + proportionalFen(dear.priceFen, dear.calls - 3, dear.calls) + cheap.priceFen);
  });
});

describe('order export (myOrder/list with export=1)', () => {
  it('answers an xlsx of the filtered orders with Chinese headers and amounts in 元', async () => {
    const a = await qualifiedAccount(t, '10.72.1.1');
    const paidNo = await f.buy(a);
    const [pkg] = await f.packages(1882);
    if (!pkg) throw new Error('no package');
    const cancelled = (await as(a, 'interfaceOrders/saveInterfaceOrders', { interfaceId: '1882', packageId: String(pkg.id) })).json().data.orderNo;
    await as(a, 'interfaceOrders/clearOrder', { orderNo: cancelled });
    await as(a, 'myOrder/refund', { orderNo: paidNo, reason: '不再使用' });

    const read = async (fields: Record<string, string>) => {
      const res = await as(a, 'myOrder/list', { export: '1', ...fields });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(String(res.headers['content-disposition'])).toContain("filename*=UTF-8''%E6%88%91%E7%9A%84%E8%AE%A2%E5%8D%95-");
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(new Uint8Array(res.rawPayload).buffer);
      const sheet = book.getWorksheet('我的订单');
      const rows: unknown[][] = [];
      sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };

    const all = await read({});
    expect(all[0]).toEqual(['订单号', '接口名称', '调用次数', '有效期（天）', '金额（元）', '订单状态', '退款状态', '下单时间', '支付时间']);
    expect(all).toHaveLength(3);
    expect(all[1]?.slice(0, 7)).toEqual([cancelled, '实名认证', pkg.calls, pkg.validityDays, pkg.priceFen / 100, '已取消', '']);
    expect(all[2]?.slice(0, 7)).toEqual([paidNo, '实名认证', pkg.calls, pkg.validityDays, pkg.priceFen / 100, '已支付', '退款审核中']);
    expect(String(all[2]?.[7])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const paidOnly = await read({ status: 'paid' });
    expect(paidOnly.map((r) => r[0])).toEqual(['订单号', paidNo]);
    expect(await read({ interfaceName: '银行卡' })).toHaveLength(1);

    // Another company's export holds none of these; without the flag the list answers as before.
    const other = await qualifiedAccount(t, '10.72.1.2');
    const theirs = await as(other, 'myOrder/list', { export: '1' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(theirs.rawPayload).buffer);
    expect(book.getWorksheet('我的订单')?.rowCount).toBe(1);
    expect((await as(a, 'myOrder/list', { export: '0' })).json().total).toBe(2);
  });
});
