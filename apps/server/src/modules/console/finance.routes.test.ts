import { formatFen } from '@apimarket/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consoleAudit, recharges, refunds } from '../../db/schema';
import { qualifiedAccount, type TestAccount } from '../../test/account';
import { ledgerEntries } from '../../test/billing';
import { consolePost, consoleTestApp, queueCalls } from '../../test/console';
import { get } from '../../test/identity';
import { expectXlsxDownload, readSheet, XLSX_TYPE } from '../../test/xlsx';
import { fixtures } from '../purchases/purchases.fixtures';

const { t, ops, auditOf, describeRoleMatrix } = consoleTestApp();

const f = fixtures(() => t);
const { as, run } = f;

let transfer = 0;
/** Declare a bank transfer as the member's page does; answers its id and reference. */
async function declare(a: TestAccount, yuan: string, payerName = '杭州财务示例科技有限公司') {
  const transferRef = `FIN${Date.now()}${++transfer}`;
  const res = await as(a, 'mytrade/recharge/declare', { amount: yuan, transferRef, payerName });
  expect(res.json().code, res.body).toBe(200);
  return { id: res.json().data.id as number, transferRef };
}

describeRoleMatrix('recharges', queueCalls('recharges', 'confirm'));
describeRoleMatrix('refunds', queueCalls('refunds', 'approve'));

describe('recharge queue (bank transfers)', () => {
  it('lists declared transfers first, finds them by reference, payer or login name, and the detail shows the account', async () => {
    const a = await qualifiedAccount(t, '10.96.0.1');
    await f.buy(a); // one order and one confirmed recharge already on the account
    const { id, transferRef } = await declare(a, '1234.50', '宁波检索示例贸易有限公司');
    const list = (await consolePost(t, 'recharges/list', ops.finance)).json();
    expect(list.rows[0]).toMatchObject({
      id,
      loginName: a.uName,
      amountFen: 123_450,
      transferRef,
      payerName: '宁波检索示例贸易有限公司',
      status: 'declared',
      statusLabel: '待确认',
    });
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
    expect(await ledgerEntries(t, `R${id}`)).toHaveLength(1);
    expect(await f.inbox(a, '充值已到账')).toHaveLength(1);
    expect((await f.inbox(a, '充值已到账'))[0]?.body).toContain(transferRef);
    const audit = await auditOf('recharge', id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: ops.finance.username,
      action: 'recharge.confirm',
      before: { status: 'declared' },
      after: { status: 'confirmed', amountFen: 80_000 },
    });
    expect((await consolePost(t, 'recharges/decide', ops.finance, { id: String(id), decision: 'reject', reason: '未到账' })).json()).toEqual({
      code: 'ALL_0013',
      msg: '该充值申请已处理',
    });
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
    const [row] = await t.database.db
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.memberId, memberId), eq(refunds.status, 'requested')));
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
      expect.objectContaining({
        id,
        loginName: a.uName,
        scope: 'order',
        scopeLabel: '单笔订单',
        orderNo,
        interfaceName: '实名认证',
        calls: asked?.calls,
        amountFen: asked?.amountFen,
        reason: '业务暂停',
        status: 'requested',
        statusLabel: '待审核',
      }),
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
    expect((await decide({ decision: 'approve', amount: ((due + 1) / 100).toFixed(2) })).json()).toEqual({
      code: 'ALL_0001',
      msg: `退款金额不能超过可退金额 ${formatFen(due)} 元`,
    });
    expect(await auditOf('refund', id)).toHaveLength(0);

    const lower = due - 100;
    const [first, second] = await Promise.all([0, 1].map(() => decide({ decision: 'approve', amount: (lower / 100).toFixed(2) })));
    const msgs = [first?.json().msg, second?.json().msg];
    expect(msgs).toContain(`退款已通过：收回 ${p.callsLeft.toLocaleString('zh-CN')} 次调用，退回 ${formatFen(lower)} 元，已通知客户`);
    expect(msgs).toContain('该退款申请此前已通过，未重复处理');
    expect(await f.balance(a)).toBe(lower);
    expect(await ledgerEntries(t, `refund:${id}`)).toHaveLength(1);
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
    expect((await consolePost(t, 'refunds/list', ops.finance, { keyword: a.uName, status: 'approved' })).json().rows[0]).toMatchObject({
      id,
      status: 'approved',
      statusLabel: '已退款',
      amountFen: lower,
      scopeLabel: '剩余全部',
    });
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

describe('finance exports', () => {
  const exportAudits = (action: string) =>
    t.database.db
      .select()
      .from(consoleAudit)
      .where(and(eq(consoleAudit.action, action), eq(consoleAudit.targetId, '*')))
      .orderBy(consoleAudit.id);
  const at = (iso: string) => new Date(iso);

  it('opens both exports to finance and admin only', async () => {
    for (const path of ['recharges/export', 'refunds/export']) {
      const anonymous = await get(t, `console/${path}`);
      expect([anonymous.statusCode, anonymous.json().code], path).toEqual([401, 'ALL_0024']);
      for (const role of ['reviewer', 'sales', 'editor'] as const) {
        const res = await get(t, `console/${path}`, {}, { cookies: ops[role].cookies });
        expect([res.statusCode, res.json().code], `${path} as ${role}`).toEqual([403, 'ALL_0010']);
      }
      for (const role of ['finance', 'admin'] as const) {
        const res = await get(t, `console/${path}`, {}, { cookies: ops[role].cookies });
        expect([res.statusCode, res.headers['content-type']], `${path} as ${role}`).toEqual([200, XLSX_TYPE]);
      }
    }
  });

  it('exports the recharges of the tab and keyword, amounts in 元, and audits who took them', async () => {
    const a = await qualifiedAccount(t, '10.96.6.1');
    const confirmed = await declare(a, '800.5', '温州对账示例科技有限公司');
    const rejected = await declare(a, '300');
    const waiting = await declare(a, '12');
    expect((await consolePost(t, 'recharges/decide', ops.finance, { id: String(confirmed.id), decision: 'confirm' })).json().code).toBe(200);
    expect(
      (await consolePost(t, 'recharges/decide', ops.admin, { id: String(rejected.id), decision: 'reject', reason: '银行未查到该笔转账' })).json().code,
    ).toBe(200);
    // Fixed times, so the China wall clock in the file can be checked.
    await t.database.db
      .update(recharges)
      .set({ createdAt: at('2026-11-20T01:02:03Z'), decidedAt: at('2026-11-21T16:30:00Z') })
      .where(eq(recharges.id, confirmed.id));
    await t.database.db
      .update(recharges)
      .set({ createdAt: at('2026-11-20T02:00:00Z'), decidedAt: at('2026-11-20T03:00:00Z') })
      .where(eq(recharges.id, rejected.id));
    await t.database.db
      .update(recharges)
      .set({ createdAt: at('2026-11-21T02:00:00Z') })
      .where(eq(recharges.id, waiting.id));

    const res = await get(t, 'console/recharges/export', { status: 'all', keyword: a.uName }, { cookies: ops.finance.cookies });
    expectXlsxDownload(res, 'recharges', '充值记录');
    expect(res.headers['cache-control']).toBe('no-store');

    const { rows, formats } = await readSheet(res.rawPayload, '充值记录');
    expect(rows[0]).toEqual(['申报时间', '会员账号', '付款户名', '转账流水号', '金额（元）', '状态', '处理人', '处理时间', '驳回原因']);
    // The list's order: waiting first, then newest first.
    expect(rows.slice(1)).toEqual([
      ['2026-11-21 10:00:00', a.uName, '杭州财务示例科技有限公司', waiting.transferRef, 12, '待确认', '', '', ''],
      [
        '2026-11-20 10:00:00',
        a.uName,
        '杭州财务示例科技有限公司',
        rejected.transferRef,
        300,
        '已驳回',
        ops.admin.username,
        '2026-11-20 11:00:00',
        '银行未查到该笔转账',
      ],
      ['2026-11-20 09:02:03', a.uName, '温州对账示例科技有限公司', confirmed.transferRef, 800.5, '已到账', ops.finance.username, '2026-11-22 00:30:00', ''],
    ]);
    expect(formats[4]).toBe('0.00');
    expect((await exportAudits('recharge.export')).at(-1)).toMatchObject({
      actor: ops.finance.username,
      targetType: 'recharge',
      after: { filter: { status: 'all', keyword: a.uName }, rows: 3 },
    });

    // Without a tab the export, like the list, holds the waiting transfers only.
    const plain = await readSheet((await get(t, 'console/recharges/export', { keyword: a.uName }, { cookies: ops.admin.cookies })).rawPayload, '充值记录');
    expect(plain.rows.slice(1).map((r) => r[3])).toEqual([waiting.transferRef]);
  });

  it('exports the refunds with what was asked and what was decided', async () => {
    const a = await qualifiedAccount(t, '10.96.7.1');
    const orderNo = await f.buy(a);
    expect((await as(a, 'myOrder/refund', { orderNo, reason: '项目取消' })).json().code).toBe(200);
    const [asked] = await t.database.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.memberId, a.memberId), eq(refunds.status, 'requested')));
    const id = asked?.id ?? 0;
    const paid = (asked?.amountFen ?? 0) - 50;
    const done = await consolePost(t, 'refunds/decide', ops.finance, {
      id: String(id),
      decision: 'approve',
      amount: (paid / 100).toFixed(2),
      reason: '按剩余次数退回',
    });
    expect(done.json().code, done.body).toBe(200);
    await t.database.db
      .update(refunds)
      .set({ createdAt: at('2026-11-19T08:00:00Z'), decidedAt: at('2026-11-19T09:15:00Z') })
      .where(eq(refunds.id, id));

    const res = await get(t, 'console/refunds/export', { status: 'approved', keyword: orderNo }, { cookies: ops.admin.cookies });
    expect(res.statusCode).toBe(200);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(/filename="refunds\.xlsx"; filename\*=UTF-8''退款记录-\d{8}\.xlsx$/);
    const { rows, formats } = await readSheet(res.rawPayload, '退款记录');
    expect(rows[0]).toEqual(['申请时间', '会员账号', '接口', '范围', '订单号', '调用次数', '金额（元）', '状态', '处理人', '处理时间', '退款原因', '处理说明']);
    expect(rows.slice(1)).toEqual([
      [
        '2026-11-19 16:00:00',
        a.uName,
        '实名认证',
        '单笔订单',
        orderNo,
        asked?.calls,
        paid / 100,
        '已退款',
        ops.finance.username,
        '2026-11-19 17:15:00',
        '项目取消',
        '按剩余次数退回',
      ],
    ]);
    expect(formats[6]).toBe('0.00');
    expect((await exportAudits('refund.export')).at(-1)).toMatchObject({
      actor: ops.admin.username,
      targetType: 'refund',
      after: { filter: { status: 'approved', keyword: orderNo }, rows: 1 },
    });
    // The waiting tab has none of this account's requests: a file with the header only.
    const none = await readSheet((await get(t, 'console/refunds/export', { keyword: orderNo }, { cookies: ops.admin.cookies })).rawPayload, '退款记录');
    expect(none.rows).toHaveLength(1);
  });

  it('refuses more than 10 000 rows in one file, and then records no export', async () => {
    const a = await qualifiedAccount(t, '10.96.8.1');
    await t.database.db.execute(
      sql`insert into recharges (member_id, amount_fen, transfer_ref, payer_name) select ${a.memberId}, 100, 'BULKEXP' || g, '批量' from generate_series(1, 10001) g`,
    );
    await t.database.db.execute(
      sql`insert into refunds (member_id, scope, reason, status) select ${a.memberId}, 'purchase', '批量', 'rejected' from generate_series(1, 10001)`,
    );
    const before = [(await exportAudits('recharge.export')).length, (await exportAudits('refund.export')).length];
    const recharge = await get(t, 'console/recharges/export', { status: 'all', keyword: 'BULKEXP' }, { cookies: ops.finance.cookies });
    expect([recharge.statusCode, recharge.json().msg]).toEqual([400, '一次最多导出 10,000 条充值记录，请缩小筛选范围后再导出']);
    const refund = await get(t, 'console/refunds/export', { status: 'rejected', keyword: a.uName }, { cookies: ops.finance.cookies });
    expect([refund.statusCode, refund.json().msg]).toEqual([400, '一次最多导出 10,000 条退款记录，请缩小筛选范围后再导出']);
    expect([(await exportAudits('recharge.export')).length, (await exportAudits('refund.export')).length]).toEqual(before);
    // Exactly the limit still exports.
    await t.database.db.execute(sql`delete from recharges where transfer_ref = 'BULKEXP1'`);
    const full = await get(t, 'console/recharges/export', { status: 'all', keyword: 'BULKEXP' }, { cookies: ops.finance.cookies });
    expect(full.statusCode).toBe(200);
    expect((await readSheet(full.rawPayload, '充值记录')).rows).toHaveLength(10_001);
  });
});
