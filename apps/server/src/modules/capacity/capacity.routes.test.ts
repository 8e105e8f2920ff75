// 企业运力 through the real calls on PGlite: the menu code and the purchase gate the screen, each
// refused in words naming what is missing; one query is one real, charged call of 9883 企业运力画像
// stored for the account; the same company answers the same fleet; a stored result reopens for
// nothing; the history pages, filters and exports; every id answers its owner only, a
// sub-account querying through its own assignment.
import { CAPACITY_MSG, FEATURE, featureMissing, QUALIFICATION_MSG, usccCheckChar } from '@apimarket/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assignments, callRecords, capacityQueries, members, purchases, subAccounts } from '../../db/schema';
import { COMPANY } from '../../db/seed/data/interfaces/shared';
import { drawFor } from '../../providers/sandbox/draw';
import { grantFeatures, newAccount, qualifiedAccount, type TestAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { buildTestApp, type TestApp } from '../../test/harness';
import { post } from '../../test/identity';
import { expectXlsxDownload, readXlsx } from '../../test/xlsx';
import { newPurchaseKey } from '../billing/billing.service';
import { clearGatewayCaches } from '../gateway/gateway.service';
import { HISTORY_COLUMNS } from './capacity.service';

let t: TestApp;
let buyer: TestAccount;
let other: TestAccount;
let key = '';
const IP = '198.51.100.31';

const db = () => t.database.db;
const as = (a: TestAccount) => ({ cookies: a.cookies, ip: IP });
const call = (a: TestAccount, path: string, fields: Record<string, string> = {}) => post(t, `UserCenter/${path}`, fields, as(a));
const callsLeft = async (k: string) => (await db().select({ n: purchases.callsLeft }).from(purchases).where(eq(purchases.key, k)))[0]?.n ?? -1;
const records = async (a: TestAccount) =>
  (
    await db()
      .select({ n: count() })
      .from(callRecords)
      .where(and(eq(callRecords.memberId, a.memberId), eq(callRecords.interfaceId, 9883)))
  )[0]?.n ?? 0;

/** Valid credit codes the sandbox answers as a company without freight vehicles (10001), or with. */
function codes(kind: 'none' | 'fleet', n: number): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < n && i < 100_000; i++) {
    const body = `91330100MA${String(100000 + i)}7`;
    const code = body + usccCheckChar(body);
    if (drawFor(['capacity', code]).chance('none', 0.06) === (kind === 'none')) out.push(code);
  }
  return out;
}
const [EMPTY] = codes('none', 1);
const [C1, C2] = codes('fleet', 2);

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await qualifiedAccount(t, '10.73.0.1', [FEATURE.enterpriseCapacity]);
  other = await qualifiedAccount(t, '10.73.0.2', [FEATURE.enterpriseCapacity]);
});
afterAll(() => t.close());
beforeEach(() => clearGatewayCaches());

describe('who may use it', () => {
  it('is for an authenticated company', async () => {
    const fresh = await newAccount(t, '10.73.0.3');
    expect((await call(fresh, 'enterpriseCapacityInterface')).json().code).toBe('ALL_0060');
  });

  it('is for an account holding 企业运力 (menu code 10): without it every call is refused in words', async () => {
    const plain = await qualifiedAccount(t, '10.73.0.4');
    const refusal = { code: 'ALL_0010', msg: featureMissing(FEATURE.enterpriseCapacity) };
    expect(refusal.msg).toBe('您的账号未开通「企业运力」，请联系客户经理开通');
    for (const path of ['enterpriseCapacityInterface', 'enterpriseCapacity', 'enterpriseCapacityHistory', 'enterpriseCapacityDetail']) {
      expect((await call(plain, path, { companyName: COMPANY.transport.name, id: '1' })).json(), path).toMatchObject(refusal);
    }
    await grantFeatures(t, plain.memberId, [FEATURE.enterpriseCapacity]);
    expect((await call(plain, 'enterpriseCapacityInterface')).json().code).toBe(200);
  });

  it('says the interface is not bought, and refuses a query naming it, before any call', async () => {
    const state = (await call(buyer, 'enterpriseCapacityInterface')).json().data;
    expect(state).toEqual({
      interfaceId: 9883,
      interfaceName: '企业运力画像',
      purchaseId: null,
      callsLeft: 0,
      usable: false,
      reason: '尚未购买「企业运力画像」接口，请先购买后再查询企业运力',
    });
    expect((await call(buyer, 'enterpriseCapacity', { companyName: COMPANY.transport.name })).json()).toMatchObject({
      code: 'ALL_0001',
      msg: CAPACITY_MSG.notBought('企业运力画像'),
    });
    expect(await records(buyer)).toBe(0);
  });
});

describe('the query (UserCenter/enterpriseCapacity)', () => {
  it('checks the company before anything: a name or a valid credit code', async () => {
    key = await buyCheapest(t, buyer, 9883);
    const state = (await call(buyer, 'enterpriseCapacityInterface')).json().data;
    expect(state).toMatchObject({ usable: true, reason: '', callsLeft: 100 });
    const msg = async (fields: Record<string, string>) => (await call(buyer, 'enterpriseCapacity', fields)).json().msg;
    expect(await msg({})).toBe('请输入企业名称或统一社会信用代码');
    expect(await msg({ companyName: '  ', creditCode: '' })).toBe('请输入企业名称或统一社会信用代码');
    expect(await msg({ creditCode: '91330106MA2B3C4D5' })).toBe(QUALIFICATION_MSG.creditCodeFormat);
    expect(await msg({ creditCode: '91330106MA2B3C4D5E' })).toBe(QUALIFICATION_MSG.creditCodeChecksum);
    // The wire's input guard refuses control characters before the schema sees them.
    expect(await msg({ companyName: '示例\u0007运输' })).toBe('「companyName」含有不允许的控制字符');
    expect(await msg({ companyName: '运'.repeat(101) })).toBe('长度不能超过100个字符');
    expect(await callsLeft(key)).toBe(100);
    expect(await records(buyer)).toBe(0);
  });

  it('answers the documented company with its documented fleet, one charged call, stored', async () => {
    const res = (await call(buyer, 'enterpriseCapacity', { companyName: COMPANY.transport.name, creditCode: COMPANY.transport.creditCode })).json();
    expect(res).toMatchObject({ code: 200, msg: '查询成功，已计费 1 次' });
    const v = res.data;
    expect(v).toMatchObject({
      companyName: COMPANY.transport.name,
      creditCode: COMPANY.transport.creditCode,
      code: '10000',
      charged: true,
      interfaceName: '企业运力画像',
    });
    expect(v.profile).toMatchObject({ vehicleCount: 86, active30dCount: 71, activeShare: 0.826, statMonth: '2026-02' });
    expect(v.profile.byType.reduce((s: number, x: { count: number }) => s + x.count, 0)).toBe(86);
    expect(v.profile.byTonnage.reduce((s: number, x: { count: number }) => s + x.count, 0)).toBe(86);
    expect(v.profile.trend).toHaveLength(12);
    expect(v.seqNo).toMatch(/^[0-9A-F]{20}$/);
    expect(await callsLeft(key)).toBe(99);
    expect(await records(buyer)).toBe(1);
    const [row] = await db().select().from(capacityQueries).where(eq(capacityQueries.id, v.id));
    expect(row).toMatchObject({ memberId: buyer.memberId, answeredName: COMPANY.transport.name, charged: true, seqNo: v.seqNo });
  });

  it('answers any other company with a consistent fleet, the same every time (each time charged)', async () => {
    const first = (await call(buyer, 'enterpriseCapacity', { creditCode: C1 as string })).json().data;
    const again = (await call(buyer, 'enterpriseCapacity', { creditCode: (C1 as string).toLowerCase() })).json().data;
    expect(again.profile).toEqual(first.profile);
    const p = first.profile;
    expect(p.creditCode).toBe(C1);
    expect(p.byType.reduce((s: number, x: { count: number }) => s + x.count, 0)).toBe(p.vehicleCount);
    expect(p.byTonnage.reduce((s: number, x: { count: number }) => s + x.count, 0)).toBe(p.vehicleCount);
    expect(p.active30dCount).toBeLessThanOrEqual(p.vehicleCount);
    expect(p.regions[0].province).toBe('浙江');
    expect(Math.round(p.regions.reduce((s: number, x: { share: number }) => s + x.share, 0) * 1000)).toBe(1000);
    expect(p.trend.map((m: { month: string }) => m.month)).toHaveLength(12);
    expect(p.trend.at(-1).activeVehicles).toBe(p.active30dCount);
    // By name: the company the interface answered about is stored beside what was asked.
    const byName = (await call(buyer, 'enterpriseCapacity', { companyName: '杭州顺达物流有限公司' })).json().data;
    expect(byName).toMatchObject({ companyName: '杭州顺达物流有限公司', creditCode: '', profile: { companyName: '杭州顺达物流有限公司' } });
    expect(await callsLeft(key)).toBe(96);
  });

  it('says when the company runs no freight vehicles (10001, charged as the lookup was made)', async () => {
    const res = (await call(buyer, 'enterpriseCapacity', { creditCode: EMPTY as string })).json();
    expect(res).toMatchObject({ code: 200, msg: '未查询到该企业名下的营运货车（已计费 1 次）', data: { code: '10001', profile: null, charged: true } });
    expect(await callsLeft(key)).toBe(95);
  });

  it('refuses an interface used up, in words naming it, without a call', async () => {
    await db().update(purchases).set({ callsLeft: 0 }).where(eq(purchases.key, key));
    clearGatewayCaches();
    expect((await call(buyer, 'enterpriseCapacity', { creditCode: C2 as string })).json()).toMatchObject({
      code: 'ALL_0001',
      msg: CAPACITY_MSG.unusable('企业运力画像'),
    });
    expect((await call(buyer, 'enterpriseCapacityInterface')).json().data).toMatchObject({ usable: false, reason: CAPACITY_MSG.unusable('企业运力画像') });
    await db().update(purchases).set({ callsLeft: 95 }).where(eq(purchases.key, key));
    clearGatewayCaches();
  });
});

describe('the history and a stored result', () => {
  it('lists the account’s queries newest first, filters by company, pages', async () => {
    const res = (await call(buyer, 'enterpriseCapacityHistory', { pageNum: '1', pageSize: '10' })).json();
    expect(res.total).toBe(5);
    expect(res.rows[0]).toMatchObject({ creditCode: EMPTY, code: '10001', vehicleCount: null, activeShare: null });
    expect(res.rows.at(-1)).toMatchObject({ companyName: COMPANY.transport.name, vehicleCount: 86, activeShare: 0.826, answeredName: COMPANY.transport.name });
    expect(res.rows[0]).not.toHaveProperty('profile');
    const filtered = (await call(buyer, 'enterpriseCapacityHistory', { company: '示例运输' })).json();
    expect(filtered.total).toBe(1);
    const byCode = (await call(buyer, 'enterpriseCapacityHistory', { company: (C1 as string).toLowerCase() })).json();
    expect(byCode.total).toBe(2);
    const page2 = (await call(buyer, 'enterpriseCapacityHistory', { pageNum: '2', pageSize: '2' })).json();
    expect(page2.rows).toHaveLength(2);
    expect((await call(other, 'enterpriseCapacityHistory')).json().total).toBe(0);
  });

  it('exports the filtered history as xlsx', async () => {
    const res = await call(buyer, 'enterpriseCapacityHistory', { company: '示例运输', export: '1' });
    expectXlsxDownload(res, 'capacity-queries', '企业运力查询记录');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual([...HISTORY_COLUMNS]);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(1, 9)).toEqual([
      COMPANY.transport.name,
      COMPANY.transport.creditCode,
      COMPANY.transport.name,
      COMPANY.transport.creditCode,
      '成功',
      '86',
      '82.6%',
      '是',
    ]);
  });

  it('reopens a stored result without a call or a charge; another account’s id answers as none', async () => {
    const [first] = (await call(buyer, 'enterpriseCapacityHistory', { company: '示例运输' })).json().rows;
    const before = [await callsLeft(key), await records(buyer)];
    const detail = (await call(buyer, 'enterpriseCapacityDetail', { id: String(first.id) })).json();
    expect(detail).toMatchObject({ code: 200, data: { id: first.id, profile: { vehicleCount: 86 } } });
    expect([await callsLeft(key), await records(buyer)]).toEqual(before);
    const theirs = (await call(other, 'enterpriseCapacityDetail', { id: String(first.id) })).json();
    const none = (await call(other, 'enterpriseCapacityDetail', { id: '99999999' })).json();
    expect(theirs).toEqual(none);
    expect(theirs).toMatchObject({ code: 'ALL_0011', msg: CAPACITY_MSG.queryMissing });
    expect((await call(buyer, 'enterpriseCapacityDetail', { id: 'abc' })).json()).toMatchObject({ msg: CAPACITY_MSG.queryMissing });
  });
});

describe('a sub-account', () => {
  it('queries through its own assignment, charged on it, and sees only its own queries', async () => {
    const sub = await newAccount(t, '10.73.0.9');
    await db()
      .update(members)
      .set({ parentId: buyer.memberId, featureCodes: [FEATURE.enterpriseCapacity] })
      .where(eq(members.id, sub.memberId));
    await db().insert(subAccounts).values({ memberId: sub.memberId, parentId: buyer.memberId, subCompanyName: '运力组', billingMode: 'calls' });
    // Before an assignment it has nothing to call through, whatever its parent bought.
    expect((await call(sub, 'enterpriseCapacityInterface')).json().data).toMatchObject({ purchaseId: null, usable: false });
    const [p] = await db().select({ id: purchases.id }).from(purchases).where(eq(purchases.key, key));
    const subKey = newPurchaseKey();
    await db()
      .insert(assignments)
      .values({ memberId: sub.memberId, purchaseId: p?.id ?? 0, key: subKey, callsAllotted: 3 });
    clearGatewayCaches();
    expect((await call(sub, 'enterpriseCapacityInterface')).json().data).toMatchObject({ usable: true, callsLeft: 3 });
    const res = (await call(sub, 'enterpriseCapacity', { creditCode: C2 as string })).json().data;
    expect(res).toMatchObject({ charged: true, code: '10000' });
    const [a] = await db().select().from(assignments).where(eq(assignments.key, subKey));
    expect(a?.callsUsed).toBe(1);
    const mine = (await call(sub, 'enterpriseCapacityHistory')).json();
    expect(mine.rows.map((r: { id: number }) => r.id)).toEqual([res.id]);
    expect((await call(buyer, 'enterpriseCapacityDetail', { id: String(res.id) })).json()).toMatchObject({ code: 'ALL_0011' });
    expect((await call(buyer, 'enterpriseCapacityHistory')).json().total).toBe(5);
  });
});
