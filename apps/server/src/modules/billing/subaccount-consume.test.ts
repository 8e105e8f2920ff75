import { chinaDay } from '@apimarket/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRecords, interfaces, members, purchases } from '../../db/schema';
import { newAccount, qualifiedAccount, type TestAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { callWithSample } from '../../test/gateway';
import { buildTestApp, type TestApp } from '../../test/harness';
import { post } from '../../test/identity';
import { newPurchaseKey } from './billing.service';

let t: TestApp;
let parent: TestAccount;
let subA: TestAccount;
let subB: TestAccount;
let otherParent: TestAccount;
let subC: TestAccount;
let bankName = '';
const keys = new Map<string, string>();

const ID_CARD = 1882;
const BANK_CARD = 1887;

const as = (a: TestAccount, fields: Record<string, string> = {}) => post(t, 'mytrade/subAccount/consume/list', fields, { cookies: a.cookies });

async function subAccountOf(main: TestAccount, ip: string): Promise<TestAccount> {
  const child = await newAccount(t, ip);
  await t.database.db.update(members).set({ parentId: main.memberId }).where(eq(members.id, child.memberId));
  return child;
}

/**
 * A purchase of the sub-account's own stands in for an assignment here: to this list a call is the
 * sub-account's when the gateway recorded it under the sub-account's id, whichever key it used
 * (assignments are covered in modules/subaccounts). Free of charge: cost 0.
 */
async function ownPurchase(a: TestAccount, interfaceId: number): Promise<string> {
  const key = newPurchaseKey();
  await t.database.db.insert(purchases).values({
    memberId: a.memberId,
    interfaceId,
    key,
    callsTotal: 100,
    callsLeft: 100,
    expiresAt: sql`now() + interval '30 days'`,
  });
  return key;
}

const call = async (key: string, interfaceId: number, override: Record<string, string> = {}) => (await callWithSample(t, key, interfaceId, override)).code;

beforeAll(async () => {
  t = await buildTestApp();
  parent = await qualifiedAccount(t, '10.91.0.1');
  subA = await subAccountOf(parent, '10.91.0.2');
  subB = await subAccountOf(parent, '10.91.0.3');
  otherParent = await qualifiedAccount(t, '10.91.0.4');
  subC = await subAccountOf(otherParent, '10.91.0.5');
  const [bank] = await t.database.db.select({ name: interfaces.interfaceName }).from(interfaces).where(eq(interfaces.id, BANK_CARD));
  bankName = bank?.name ?? '';

  keys.set('A1882', await ownPurchase(subA, ID_CARD));
  keys.set('A1887', await ownPurchase(subA, BANK_CARD));
  keys.set('B1882', await ownPurchase(subB, ID_CARD));
  keys.set('C1882', await ownPurchase(subC, ID_CARD));
  keys.set('P1882', await buyCheapest(t, parent, ID_CARD));

  const k = (name: string) => keys.get(name) ?? '';
  expect(await call(k('A1882'), ID_CARD)).toBe('10000');
  expect(await call(k('A1882'), ID_CARD)).toBe('10000');
  // A malformed parameter is refused and recorded, but not charged.
  expect(await call(k('A1882'), ID_CARD, { idcard: '110101199003074515' })).toBe('SYSTEM_042');
  expect(await call(k('A1887'), BANK_CARD)).toBe('10000');
  expect(await call(k('B1882'), ID_CARD)).toBe('10000');
  expect(await call(k('B1882'), ID_CARD)).toBe('10000');
  expect(await call(k('C1882'), ID_CARD)).toBe('10000');
  // The parent's own calls are the parent's, not a sub-account's consumption.
  expect(await call(k('P1882'), ID_CARD)).toBe('10000');
  expect(await call(k('P1882'), ID_CARD)).toBe('10000');
});
afterAll(() => t.close());

describe('子账号消费 (mytrade/subAccount/consume/list)', () => {
  it('shows each sub-account’s calls per interface this month, most charged first, with totals and the period', async () => {
    const body = (await as(parent)).json();
    const today = chinaDay(new Date());
    expect(body).toMatchObject({
      code: 200,
      msg: '查询成功',
      total: 3,
      period: { startDate: `${today.slice(0, 8)}01`, endDate: today },
      sum: { calls: 6, chargedCalls: 5 },
    });
    expect(body.rows.map((r: Record<string, unknown>) => [r.loginName, r.interfaceId, r.calls, r.chargedCalls])).toEqual([
      [subA.uName, ID_CARD, 3, 2],
      [subB.uName, ID_CARD, 2, 2],
      [subA.uName, BANK_CARD, 1, 1],
    ]);
    expect(body.rows[0]).toMatchObject({ subAccountId: subA.memberId, nickname: '测试联系人', interfaceName: '实名认证' });
    expect(body.rows[2].interfaceName).toBe(bankName);
    expect(Date.parse(body.rows[0].lastCallAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('filters by sub-account, interface id and interface name, and pages', async () => {
    const b = (await as(parent, { subAccountId: String(subB.memberId) })).json();
    expect(b).toMatchObject({ total: 1, sum: { calls: 2, chargedCalls: 2 } });
    expect(b.rows[0]).toMatchObject({ loginName: subB.uName, interfaceId: ID_CARD });

    const bank = (await as(parent, { interfaceId: String(BANK_CARD) })).json();
    expect(bank.rows.map((r: { loginName: string }) => r.loginName)).toEqual([subA.uName]);
    expect((await as(parent, { interfaceName: bankName.slice(0, 3) })).json().total).toBe(1);
    expect((await as(parent, { interfaceName: '不存在的接口名' })).json()).toMatchObject({ rows: [], total: 0, sum: { calls: 0, chargedCalls: 0 } });

    const second = (await as(parent, { pageNum: '2', pageSize: '2' })).json();
    expect(second.total).toBe(3);
    expect(second.rows.map((r: { interfaceId: number }) => r.interfaceId)).toEqual([BANK_CARD]);
    expect(second.sum).toEqual({ calls: 6, chargedCalls: 5, costFen: 0 });
  });

  it('counts a call in the China month it was made: last month’s calls leave the default, a range brings them back', async () => {
    // Noon (China time) on the last day of the previous China month.
    const lastMonth = sql`(date_trunc('month', now() at time zone 'Asia/Shanghai') - interval '12 hours') at time zone 'Asia/Shanghai'`;
    const moved = await t.database.db
      .update(callRecords)
      .set({ createdAt: lastMonth })
      .where(eq(callRecords.memberId, subB.memberId))
      .returning({ at: callRecords.createdAt });
    expect(moved).toHaveLength(2);
    const day = chinaDay(moved[0]?.at ?? new Date());
    expect(day.endsWith('-01')).toBe(false);

    expect((await as(parent)).json().rows.map((r: { loginName: string }) => r.loginName)).not.toContain(subB.uName);
    const then = (await as(parent, { startDate: day, endDate: day })).json();
    expect(then).toMatchObject({ total: 1, period: { startDate: day, endDate: day }, sum: { calls: 2, chargedCalls: 2 } });
    expect(then.rows[0].loginName).toBe(subB.uName);
    // The day before holds nothing.
    const before = new Date(Date.parse(`${day}T12:00:00+08:00`) - 86_400_000);
    expect((await as(parent, { startDate: chinaDay(before), endDate: chinaDay(before) })).json().total).toBe(0);

    expect((await as(parent, { startDate: day, endDate: '2000-01-01' })).json()).toEqual({ code: 'ALL_0001', msg: '开始日期不能晚于结束日期' });
  });

  it('another main account sees only its own sub-accounts, whatever ids it asks for', async () => {
    const other = (await as(otherParent)).json();
    expect(other.rows.map((r: { loginName: string }) => r.loginName)).toEqual([subC.uName]);
    expect((await as(otherParent, { subAccountId: String(subA.memberId) })).json()).toMatchObject({ rows: [], total: 0 });
    const mine = JSON.stringify((await as(parent, { startDate: '2000-01-01' })).json().rows);
    expect(mine).not.toContain(subC.uName);
  });

  it('answers an empty page to a main account without sub-accounts', async () => {
    const lone = await qualifiedAccount(t, '10.91.0.6');
    expect((await as(lone)).json()).toMatchObject({ code: 200, rows: [], total: 0, sum: { calls: 0, chargedCalls: 0 } });
  });

  it('refuses a sub-account with the main-account-only answer, and needs a session and an authenticated company', async () => {
    const res = await as(subA);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'ALL_0010', msg: '子账号不能查看子账号消费，请使用主账号登录查看' });
    expect((await post(t, 'mytrade/subAccount/consume/list', {})).json().code).toBe('ALL_0024');
    const unq = await newAccount(t, '10.91.0.7');
    expect((await as(unq)).json().code).toBe('ALL_0060');
  });

  it('leaves the gateway records as they were (read-only)', async () => {
    const ids = [subA.memberId, subB.memberId, subC.memberId, parent.memberId];
    const rows = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(callRecords).where(inArray(callRecords.memberId, ids));
    expect(rows[0]?.n).toBe(9);
  });
});
