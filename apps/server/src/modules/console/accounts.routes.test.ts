import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledger } from '../../db/schema';
import { newAccount, qualifiedAccount } from '../../test/account';
import { consolePost, consoleTestApp } from '../../test/console';
import { readSheet } from '../../test/xlsx';
import { fixtures } from '../purchases/purchases.fixtures';
import { members } from '../../db/schema';

const { t, ops, as, inbox, auditOfAction, describeRoleMatrix } = consoleTestApp();
const f = fixtures(() => t);

describeRoleMatrix('accounts', {
  'accounts/list': {},
  'accounts/ledger': { memberId: '999999' },
  'accounts/adjust': { memberId: '999999', direction: 'credit', amount: '1', reason: '角色测试', requestId: randomUUID() },
});

const adjust = (memberId: number, direction: string, amount: string, reason: string, requestId = randomUUID()) =>
  consolePost(t, 'accounts/adjust', ops.finance, { memberId: String(memberId), direction, amount, reason, requestId });

describe('账户资金: balances, a member’s ledger, adjustments', () => {
  it('lists companies with their balance and finds one by login name or company', async () => {
    const a = await qualifiedAccount(t, '10.97.0.1');
    await f.buy(a);
    const byName = (await consolePost(t, 'accounts/list', ops.finance, { keyword: a.uName })).json();
    expect(byName.rows).toEqual([expect.objectContaining({ id: a.memberId, loginName: a.uName, balanceFen: 0, movements: 2 })]);
    expect(byName.rows[0].companyName).not.toBe('');
    const byCompany = (await consolePost(t, 'accounts/list', ops.finance, { keyword: byName.rows[0].companyName })).json();
    expect(byCompany.rows.map((r: { id: number }) => r.id)).toContain(a.memberId);
  });

  it('reads the ledger the member reads, and exports it with an audit record', async () => {
    const a = await qualifiedAccount(t, '10.97.0.2');
    await f.buy(a);
    const mine = (await as(a, 'mytrade/consume/list')).json();
    const seen = (await consolePost(t, 'accounts/ledger', ops.finance, { memberId: String(a.memberId) })).json();
    expect(seen.rows).toEqual(mine.rows);
    const file = await consolePost(t, 'accounts/ledger', ops.finance, { memberId: String(a.memberId), export: '1' });
    expect(file.headers['content-disposition']).toContain(encodeURIComponent(`账户流水-${a.uName}`));
    const { rows } = await readSheet(file.rawPayload, '账户流水');
    expect(rows[0]).toEqual(['流水号', '时间', '类型', '关联单号', '说明', '收入（元）', '支出（元）', '余额（元）']);
    expect(rows).toHaveLength(3);
    expect(await auditOfAction('account.export', a.memberId)).toHaveLength(1);
    expect((await consolePost(t, 'accounts/ledger', ops.finance, { memberId: '999999' })).json()).toEqual({ code: 'ALL_0011', msg: '账号不存在' });
  });

  it('adjusts with a reason: one ledger row, the audit with the balance before and after, the member told; a resubmission books nothing', async () => {
    const a = await qualifiedAccount(t, '10.97.0.3');
    const requestId = randomUUID();
    const first = (await adjust(a.memberId, 'credit', '88.80', '线下活动返还', requestId)).json();
    expect(first).toMatchObject({ code: 200, msg: '已调增 88.80 元，已通知客户', data: { changed: true, balanceFen: 8880 } });
    expect(first.data.ledgerNo).toMatch(/^L\d{16}$/);
    // The same dialog submitted twice at once, then again: still one row.
    const again = await Promise.all([
      adjust(a.memberId, 'credit', '88.80', '线下活动返还', requestId),
      adjust(a.memberId, 'credit', '88.80', '线下活动返还', requestId),
    ]);
    for (const r of again) expect(r.json()).toMatchObject({ code: 200, msg: '该调账此前已处理，未重复入账', data: { changed: false, balanceFen: 8880 } });
    const rows = await t.database.db.select().from(ledger).where(eq(ledger.memberId, a.memberId));
    expect(rows).toEqual([expect.objectContaining({ kind: 'adjust', amountFen: 8880, balanceAfterFen: 8880, note: '平台调账：线下活动返还' })]);
    expect(await f.balance(a)).toBe(8880);
    const audit = await auditOfAction('account.adjust', a.memberId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: ops.finance.username,
      before: { balanceFen: 0 },
      after: expect.objectContaining({ direction: 'credit', amountFen: 8880, balanceFen: 8880 }),
    });
    const told = await inbox(a, '账户余额调整');
    expect(told[0]?.body).toContain('平台已调增您的账户余额 88.80 元，调整后余额 88.80 元。\n原因：线下活动返还');
    // The member's ledger shows it as 平台调账.
    expect((await as(a, 'mytrade/consume/list')).json().rows[0]).toMatchObject({ kind: 'adjust', kindLabel: '平台调账', amountFen: 8880 });

    // A debit never overdraws; it is refused with the balance and changes nothing.
    expect((await adjust(a.memberId, 'debit', '100', '多退款项收回')).json()).toEqual({ code: 'ALL_0001', msg: '调减金额不能超过账户余额 88.80 元' });
    expect((await adjust(a.memberId, 'debit', '8.8', '多退款项收回')).json()).toMatchObject({
      code: 200,
      msg: '已调减 8.80 元，已通知客户',
      data: { balanceFen: 8000 },
    });
    expect(await f.ledgerSum(a)).toBe(8000);
  });

  it('refuses bad input with its message and a sub-account, and changes nothing', async () => {
    const a = await qualifiedAccount(t, '10.97.0.4');
    const cases: Array<[Record<string, string>, string]> = [
      [{ amount: '0' }, '单笔调账金额须在 0.01 元至 100 万元之间'],
      [{ amount: '1000000.01' }, '单笔调账金额须在 0.01 元至 100 万元之间'],
      [{ amount: '12345678901234' }, '单笔调账金额须在 0.01 元至 100 万元之间'],
      [{ amount: '1.234' }, '请输入正确的调账金额（最多两位小数）'],
      [{ amount: '-5' }, '请输入正确的调账金额（最多两位小数）'],
      [{ reason: '短' }, '请填写调账原因（4-200 个字）'],
      [{ direction: 'steal' }, '请选择调增或调减'],
    ];
    for (const [change, msg] of cases) {
      const fields = { memberId: String(a.memberId), direction: 'credit', amount: '10', reason: '正常的调账原因', requestId: randomUUID(), ...change };
      expect((await consolePost(t, 'accounts/adjust', ops.finance, fields)).json().msg, JSON.stringify(change)).toBe(msg);
    }
    const child = await newAccount(t, '10.97.0.5');
    await t.database.db.update(members).set({ parentId: a.memberId }).where(eq(members.id, child.memberId));
    expect((await adjust(child.memberId, 'credit', '10', '子账号调账')).json()).toEqual({ code: 'ALL_0001', msg: '子账号没有独立余额，请在其主账号下调账' });
    expect(await f.ledgerSum(a)).toBe(0);
  });
});
