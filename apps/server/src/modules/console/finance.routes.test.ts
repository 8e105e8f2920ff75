import { formatFen, type OperatorRole } from '@apimarket/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleAudit, ledger, refunds } from '../../db/schema';
import { qualifiedAccount, type TestAccount } from '../../test/account';
import { consolePost, expectRoleMatrix, newOperator, type TestOperator } from '../../test/console';
import { buildTestApp, type TestApp } from '../../test/harness';
import { fixtures } from '../purchases/purchases.fixtures';

let t: TestApp;
const ops = {} as Record<OperatorRole, TestOperator>;
beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ['admin', 'reviewer', 'finance', 'sales', 'editor'] as const) ops[role] = await newOperator(t, role);
});
afterAll(() => t.close());

const f = fixtures(() => t);
const { as, run } = f;
const auditOf = (targetType: string, id: number) =>
  t.database.db
    .select()
    .from(consoleAudit)
    .where(and(eq(consoleAudit.targetType, targetType), eq(consoleAudit.targetId, String(id))))
    .orderBy(consoleAudit.id);

let transfer = 0;
/** Declare a bank transfer as the member's page does; answers its id and reference. */
async function declare(a: TestAccount, yuan: string, payerName = '杭州财务示例科技有限公司') {
  const transferRef = `FIN${Date.now()}${++transfer}`;
  const res = await as(a, 'mytrade/recharge/declare', { amount: yuan, transferRef, payerName });
  expect(res.json().code, res.body).toBe(200);
  return { id: res.json().data.id as number, transferRef };
}

describe('who may work the finance queues', () => {
  it('applies the role matrix to every call', async () => {
    const missing = { id: '999999' };
    await expectRoleMatrix(t, 'recharges/list', 'recharges', {}, ops);
    await expectRoleMatrix(t, 'recharges/detail', 'recharges', missing, ops);
    await expectRoleMatrix(t, 'recharges/decide', 'recharges', { ...missing, decision: 'confirm' }, ops);
    await expectRoleMatrix(t, 'refunds/list', 'refunds', {}, ops);
    await expectRoleMatrix(t, 'refunds/detail', 'refunds', missing, ops);
    await expectRoleMatrix(t, 'refunds/decide', 'refunds', { ...missing, decision: 'approve' }, ops);
  });
});

describe('recharge queue (bank transfers)', () => {
  it('lists declared transfers first, finds them by reference, payer or login name, and the detail shows the account', async () => {
    const a = await qualifiedAccount(t, '10.96.0.1');
    await f.buy(a); // one order and one confirmed recharge already on the account
    const { id, transferRef } = await declare(a, '1234.50', '宁波检索示例贸易有限公司');
    const list = (await consolePost(t, 'recharges/list', ops.finance)).json();
    expect(list.rows[0]).toMatchObject({ id, loginName: a.uName, amountFen: 123_450, transferRef, payerName: '宁波检索示例贸易有限公司', status: 'declared', statusLabel: '待确认' });
    expect(list.rows.every((r: { status: string }) => r.status === 'declared')).toBe(true);
    for (const keyword of [transferRef.toLowerCase(), '宁波检索', a.uName]) {
      const found = (await consolePost(t, 'recharges/list', ops.finance, { keyword })).json();
      expect(found.rows[0]?.id, keyword).toBe(id);
    }
    const mine = (await consolePost(t, 'recharges/list', ops.finance, { keyword: a.uName, status: 'all' })).json();
    expect(mine.counts).toEqual({ declared: 1, confirmed: 1, rejected: 0, all: 2 });
    expect(mine.rows.map((r: { status: string }) => r.status)).toEqual(['declared', 'confirmed']);

    const detail = (await consolePost(t, 'recharges/detail', ops.finance, { id: String(id) })).json().data;
    expect(detail).toMatchObject({ id, transferRef, amountFen: 123_450, balanceFen: 0 });
    expect(detail.recentOrders).toEqual([expect.objectContaining({ interfaceName: '实名认证', status: 'paid', statusLabel: '已支付' })]);
    expect(detail.recentRecharges).toEqual([expect.objectContaining({ status: 'confirmed', statusLabel: '已到账' })]);
    expect((await consolePost(t, 'recharges/detail', ops.finance, { id: '999999' })).json()).toEqual({ code: 'ALL_0011', msg: '充值申请不存在' });
  });

  it('confirming credits the balance once however often it is submitted, and is audited once', async () => {
    const a = await qualifiedAccount(t, '10.96.1.1');
    const { id, transferRef } = await declare(a, '800');
    const confirm = () => consolePost(t, 'recharges/decide', ops.finance, { id: String(id), decision: 'confirm' });
    const answers = await Promise.all([confirm(), confirm(), confirm()]);
    const msgs = answers.map((r) => r.json().msg);
    expect(msgs.filter((m) => m === `已确认到账：800.00 元已计入 ${a.uName} 的账户余额，已通知客户`)).toHaveLength(1);
    expect(msgs.filter((m) => m === '该充值此前已确认到账，未重复处理')).toHaveLength(2);
    expect(answers[0]?.json().data.row).toMatchObject({ id, status: 'confirmed', statusLabel: '已到账', decidedBy: ops.finance.username });
    expect(await f.balance(a)).toBe(80_000);
    expect(await t.database.db.select().from(ledger).where(eq(ledger.ref, `R${id}`))).toHaveLength(1);
    expect(await f.inbox(a, '充值已到账')).toHaveLength(1);
    expect((await f.inbox(a, '充值已到账'))[0]?.body).toContain(transferRef);
    const audit = await auditOf('recharge', id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: ops.finance.username, action: 'recharge.confirm', before: { status: 'declared' }, after: { status: 'confirmed', amountFen: 80_000 } });
    expect((await consolePost(t, 'recharges/decide', ops.finance, { id: String(id), decision: 'reject', reason: '未到账' })).json()).toEqual({ code: 'ALL_0013', msg: '该充值申请已处理' });
    expect((await consolePost(t, 'recharges/detail', ops.admin, { id: String(id) })).json().data.balanceFen).toBe(80_000);
  });

  it('a rejection needs its reason, tells the member and credits nothing; the command line is audited too', async () => {
    const a = await qualifiedAccount(t, '10.96.2.1');
    const { id } = await declare(a, '300');
    const decide = (fields: Record<string, string>) => consolePost(t, 'recharges/decide', ops.admin, { id: String(id), ...fields });
    expect((await decide({ decision: 'reject' })).json()).toEqual({ code: 'ALL_0001', msg: '请填写驳回原因' });
    expect((await decide({ decision: 'approve' })).json().msg).toBe('请选择处理结果');
    expect((await decide({ decision: 'reject', reason: '银行未查到该笔转账' })).json()).toMatchObject({
      msg: '充值申请已驳回，已通知客户',
      data: { changed: true, row: { status: 'rejected', statusLabel: '已驳回', reason: '银行未查到该笔转账' } },
    });
    expect((await decide({ decision: 'reject', reason: '银行未查到该笔转账' })).json().msg).toBe('该充值此前已驳回，未重复处理');
    expect((await decide({ decision: 'confirm' })).json()).toEqual({ code: 'ALL_0013', msg: '该充值申请已处理' });
    expect(await f.balance(a)).toBe(0);
    expect((await f.inbox(a, '充值申请未通过'))[0]?.body).toContain('原因：银行未查到该笔转账');
    expect(await auditOf('recharge', id)).toHaveLength(1);

    const cli = await declare(a, '50');
    expect(await run('recharge', 'confirm', String(cli.id))).toBe(`充值 ${cli.id}（50.00 元）已确认到账，已通知客户`);
    expect((await auditOf('recharge', cli.id))[0]).toMatchObject({ actor: 'cli', operatorId: null, action: 'recharge.confirm' });
    expect((await consolePost(t, 'recharges/detail', ops.admin, { id: String(cli.id) })).json().data.decidedBy).toBe('console');
  });
});

describe('refund queue', () => {
  const openRefund = async (memberId: number) => {
    const [row] = await t.database.db.select({ id: refunds.id }).from(refunds).where(and(eq(refunds.memberId, memberId), eq(refunds.status, 'requested')));
    return row?.id ?? 0;
  };

  it('shows what is asked and what an approval would refund now', async () => {
    const a = await qualifiedAccount(t, '10.96.3.1');
    const orderNo = await f.buy(a);
    const p = await f.purchase(a);
    await f.gateway(p.key);
    expect((await as(a, 'myOrder/refund', { orderNo, reason: '业务暂停' })).json().code).toBe(200);
    const id = await openRefund(a.memberId);
    const [asked] = await t.database.db.select().from(refunds).where(eq(refunds.id, id));
    const list = (await consolePost(t, 'refunds/list', ops.finance, { keyword: orderNo })).json();
    expect(list.rows).toEqual([
      expect.objectContaining({ id, loginName: a.uName, scope: 'order', scopeLabel: '单笔订单', orderNo, interfaceName: '实名认证', calls: asked?.calls, amountFen: asked?.amountFen, reason: '业务暂停', status: 'requested', statusLabel: '待审核' }),
    ]);
    expect((await consolePost(t, 'refunds/list', ops.finance, { keyword: '实名认证' })).json().rows.some((r: { id: number }) => r.id === id)).toBe(true);

    // One more call after the request: an approval now takes back one call fewer, for less.
    await f.gateway(p.key);
    const detail = (await consolePost(t, 'refunds/detail', ops.finance, { id: String(id) })).json().data;
    const calls = (asked?.calls ?? 0) - 1;
    expect(detail).toMatchObject({ id, balanceFen: 0, refundableCalls: calls, purchase: { callsLeft: calls, testCallsLeft: 0, status: 'active' } });
    expect(detail.maxAmountFen).toBeLessThan(asked?.amountFen ?? 0);
    expect(detail.recentOrders[0]).toMatchObject({ orderNo, refundStatus: 'requested' });
  });

  it('approval takes the calls back, credits the balance once and stops the key; a lower amount is allowed, a higher one is not', async () => {
    const a = await qualifiedAccount(t, '10.96.4.1');
    await f.buy(a);
    const p = await f.purchase(a);
    expect((await as(a, 'myBuy/refundAll', { id: String(p.id), reason: '项目结束' })).json().code).toBe(200);
    const id = await openRefund(a.memberId);
    const due = (await consolePost(t, 'refunds/detail', ops.finance, { id: String(id) })).json().data.maxAmountFen as number;
    const decide = (fields: Record<string, string>) => consolePost(t, 'refunds/decide', ops.finance, { id: String(id), ...fields });

    expect((await decide({ decision: 'approve', amount: '12.345' })).json()).toEqual({ code: 'ALL_0001', msg: '退款金额格式不正确（元，最多两位小数）' });
    expect((await decide({ decision: 'approve', amount: '0' })).json().msg).toBe('退款金额须大于 0 元；不退款请驳回该申请');
    expect((await decide({ decision: 'approve', amount: ((due + 1) / 100).toFixed(2) })).json()).toEqual({ code: 'ALL_0001', msg: `退款金额不能超过可退金额 ${formatFen(due)} 元` });
    expect(await auditOf('refund', id)).toHaveLength(0);

    const lower = due - 100;
    const [first, second] = await Promise.all([0, 1].map(() => decide({ decision: 'approve', amount: (lower / 100).toFixed(2) })));
    const msgs = [first?.json().msg, second?.json().msg];
    expect(msgs).toContain(`退款已通过：收回 ${p.callsLeft.toLocaleString('zh-CN')} 次调用，退回 ${formatFen(lower)} 元，已通知客户`);
    expect(msgs).toContain('该退款申请此前已通过，未重复处理');
    expect(await f.balance(a)).toBe(lower);
    expect(await t.database.db.select().from(ledger).where(eq(ledger.ref, `refund:${id}`))).toHaveLength(1);
    expect((await f.purchase(a)).callsLeft).toBe(0);
    expect((await f.gateway(p.key)).json().code).toBe('SYSTEM_002');
    expect(await f.inbox(a, '退款已到账')).toHaveLength(1);
    const audit = await auditOf('refund', id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: ops.finance.username,
      action: 'refund.approve',
      before: { status: 'requested', calls: p.callsLeft, amountFen: due },
      after: { status: 'approved', calls: p.callsLeft, amountFen: lower },
    });
    expect((await consolePost(t, 'refunds/list', ops.finance, { keyword: a.uName, status: 'approved' })).json().rows[0]).toMatchObject({ id, status: 'approved', statusLabel: '已退款', amountFen: lower, scopeLabel: '剩余全部' });
  });

  it('a rejection needs its reason and tells the member; the calls stay', async () => {
    const a = await qualifiedAccount(t, '10.96.5.1');
    const orderNo = await f.buy(a);
    await as(a, 'myOrder/refund', { orderNo, reason: '买错了' });
    const id = await openRefund(a.memberId);
    const left = (await f.purchase(a)).callsLeft;
    const decide = (fields: Record<string, string>) => consolePost(t, 'refunds/decide', ops.admin, { id: String(id), ...fields });
    expect((await decide({ decision: 'reject', reason: '' })).json().msg).toBe('请填写驳回原因');
    expect((await decide({ decision: 'reject', reason: '套餐已按约定开通，不支持退款' })).json()).toMatchObject({
      msg: '退款申请已驳回，已通知客户',
      data: { changed: true, row: { status: 'rejected', statusLabel: '已驳回', decisionNote: '套餐已按约定开通，不支持退款' } },
    });
    expect((await decide({ decision: 'reject', reason: '套餐已按约定开通，不支持退款' })).json().msg).toBe('该退款申请此前已驳回，未重复处理');
    expect((await decide({ decision: 'approve' })).json()).toEqual({ code: 'ALL_0013', msg: '该退款申请已处理' });
    expect((await f.purchase(a)).callsLeft).toBe(left);
    expect(await f.balance(a)).toBe(0);
    expect((await f.inbox(a, '退款申请未通过'))[0]?.body).toContain('原因：套餐已按约定开通，不支持退款');
    expect((await auditOf('refund', id))[0]).toMatchObject({ action: 'refund.reject', after: { status: 'rejected', reason: '套餐已按约定开通，不支持退款' } });

    // The command line's decision lands in the same trail.
    await as(a, 'myOrder/refund', { orderNo, reason: '再次申请' });
    const next = await openRefund(a.memberId);
    expect(await run('refund', 'reject', String(next), '同上')).toBe(`退款 ${next} 已驳回，已通知客户`);
    expect((await auditOf('refund', next))[0]).toMatchObject({ actor: 'cli', action: 'refund.reject' });
  });
});
