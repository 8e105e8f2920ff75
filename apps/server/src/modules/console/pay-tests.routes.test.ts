import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { purchases } from '../../db/schema';
import { qualifiedAccount, type TestAccount } from '../../test/account';
import { ledgerEntries } from '../../test/billing';
import { consolePost, consoleTestApp, queueCalls } from '../../test/console';

const { t, ops, run, as, inbox, auditOf, describeRoleMatrix } = consoleTestApp();

describeRoleMatrix('payTests', queueCalls('payTests', 'approve'));

describe('paid test queue', () => {
  let transfer = 0;
  const topUp = async (a: TestAccount, fen: number) => {
    const res = await as(a, 'mytrade/recharge/declare', {
      amount: (fen / 100).toFixed(2),
      transferRef: `RV${Date.now()}${++transfer}`,
      payerName: '上海测试数据科技有限公司',
    });
    await run('recharge', 'confirm', String(res.json().data.id));
  };
  const apply = async (a: TestAccount, interfaceId = '1882') => {
    const res = await as(a, 'payTest/apply', {
      interfaceId,
      calls: '100',
      purpose: '评估接口在开户流程中的通过率',
      contactName: '孙八',
      contactPhone: '13812345678',
    });
    expect(res.json().code, res.body).toBe(200);
    return res.json().data as { id: number; feeFen: number };
  };
  const balance = async (a: TestAccount) => (await as(a, 'mytrade/balance')).json().data.balanceFen as number;

  it('lists applications with the phone masked; the detail shows it whole with the balance', async () => {
    const a = await qualifiedAccount(t, '10.95.4.1');
    await topUp(a, 5_000);
    const { id, feeFen } = await apply(a);
    const list = (await consolePost(t, 'payTests/list', ops.reviewer, { keyword: a.uName })).json();
    expect(list.rows).toEqual([
      expect.objectContaining({
        id,
        loginName: a.uName,
        interfaceName: '实名认证',
        calls: 100,
        feeFen,
        contactName: '孙八',
        contactPhone: '138****5678',
        status: 'applied',
        statusLabel: '待审核',
      }),
    ]);
    expect(list.counts).toMatchObject({ applied: 1, approved: 0, all: 1 });
    expect(
      (await consolePost(t, 'payTests/list', ops.reviewer, { keyword: '实名认证', status: 'all' })).json().rows.some((r: { id: number }) => r.id === id),
    ).toBe(true);
    const detail = (await consolePost(t, 'payTests/detail', ops.reviewer, { id: String(id) })).json().data;
    expect(detail).toMatchObject({ id, contactPhone: '13812345678', balanceFen: 5_000, history: [] });
    expect((await auditOf('payTest', id)).map((r) => r.action)).toEqual(['paytest.view']);
  });

  it('approval debits the fee once and opens the test calls; a repeat changes nothing', async () => {
    const a = await qualifiedAccount(t, '10.95.5.1');
    await topUp(a, 5_000);
    const { id, feeFen } = await apply(a);
    const answers = await Promise.all([0, 1].map(() => consolePost(t, 'payTests/decide', ops.reviewer, { id: String(id), decision: 'approve' })));
    const msgs = answers.map((r) => r.json().msg).sort();
    expect(msgs).toEqual(
      [`付费测试已通过：扣除 ${(feeFen / 100).toFixed(2)} 元，开通 100 次测试调用，已通知客户`, '该付费测试申请此前已通过，未重复处理'].sort(),
    );
    expect(await balance(a)).toBe(5_000 - feeFen);
    expect(await ledgerEntries(t, `paytest:${id}`)).toHaveLength(1);
    const [p] = await t.database.db
      .select()
      .from(purchases)
      .where(and(eq(purchases.memberId, a.memberId), eq(purchases.interfaceId, 1882)));
    expect(p).toMatchObject({ callsLeft: 100, testCallsLeft: 100 });
    expect(await inbox(a, '付费测试已通过')).toHaveLength(1);
    const audit = await auditOf('payTest', id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'paytest.approve',
      actor: ops.reviewer.username,
      before: { status: 'applied' },
      after: { status: 'approved', calls: 100, feeFen },
    });
    expect((await consolePost(t, 'payTests/decide', ops.reviewer, { id: String(id), decision: 'reject', reason: '太晚了' })).json()).toEqual({
      code: 'ALL_0013',
      msg: '该申请已处理（已通过）',
    });
  });

  it('an approval the balance cannot pay changes nothing; a rejection needs and sends its reason', async () => {
    const a = await qualifiedAccount(t, '10.95.6.1');
    const { id, feeFen } = await apply(a);
    const poor = (await consolePost(t, 'payTests/decide', ops.admin, { id: String(id), decision: 'approve' })).json();
    expect(poor).toEqual({
      code: 'ALL_0070',
      msg: `账户余额不足：测试费用 ${(feeFen / 100).toFixed(2)} 元，当前余额 0.00 元，申请未通过也未扣费，请客户充值后再审批`,
    });
    expect(await auditOf('payTest', id)).toHaveLength(0);

    expect((await consolePost(t, 'payTests/decide', ops.admin, { id: String(id), decision: 'reject' })).json().msg).toBe('请填写驳回原因');
    const rejected = (await consolePost(t, 'payTests/decide', ops.admin, { id: String(id), decision: 'reject', reason: '测试用途不明确' })).json();
    expect(rejected).toMatchObject({
      msg: '付费测试申请已驳回，已通知客户',
      data: { changed: true, row: { status: 'rejected', statusLabel: '已驳回', reason: '测试用途不明确' } },
    });
    expect((await inbox(a, '付费测试申请未通过'))[0]?.body).toContain('原因：测试用途不明确');
    expect((await consolePost(t, 'payTests/decide', ops.admin, { id: String(id), decision: 'reject', reason: '测试用途不明确' })).json().msg).toBe(
      '该付费测试申请此前已驳回，未重复处理',
    );
    expect(await auditOf('payTest', id)).toHaveLength(1);

    // The command line decides through the same audited service.
    const next = await apply(a, '1887');
    expect(await run('paytest', 'reject', String(next.id), '重复申请')).toBe(`付费测试 ${next.id} 已驳回，已通知客户`);
    expect((await auditOf('payTest', next.id))[0]).toMatchObject({ actor: 'cli', action: 'paytest.reject' });
  });
});
