// 在线查询 through the real calls on PGlite: the pool an account may ask, the merged form of a
// 个人背景核查, real calls charged and recorded once each, the §9 verification wording, the
// history with its filters and its export — each to its owner only, a sub-account through its
// assignment.
import { QUERY_MSG, VERDICT } from '@apimarket/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assignments, callRecords, members, purchases, queryItems, queryReports, subAccounts } from '../../db/schema';
import { newAccount, qualifiedAccount, type TestAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { buildTestApp, type TestApp } from '../../test/harness';
import { post } from '../../test/identity';
import { expectXlsxDownload, readXlsx } from '../../test/xlsx';
import { newPurchaseKey } from '../billing/billing.service';
import { clearGatewayCaches } from '../gateway/gateway.service';

let t: TestApp;
let buyer: TestAccount;
let other: TestAccount;
let idKey = '';
let phoneKey = '';
const ZHANG = { name: '张三', idcard: '110101199003074514', mobile: '13800138000' };
const IP = '198.51.100.9';

const db = () => t.database.db;
const as = (a: TestAccount) => ({ cookies: a.cookies, ip: IP });
const call = (a: TestAccount, path: string, fields: Record<string, string> = {}) => post(t, path, fields, as(a));
const run = (a: TestAccount, ids: number[], params: Record<string, string>, consent = 'true') =>
  call(a, 'UserCenter/getApiTestDataWithJsonTest', { interfaceIds: ids.join(','), params: JSON.stringify(params), consent });
const callsLeft = async (key: string) => (await db().select({ n: purchases.callsLeft }).from(purchases).where(eq(purchases.key, key)))[0]?.n ?? -1;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await qualifiedAccount(t, '10.71.0.1');
  other = await qualifiedAccount(t, '10.71.0.2');
});
afterAll(() => t.close());
beforeEach(() => clearGatewayCaches());

describe('the pool (UserCenter/getInterfacePool)', () => {
  it('offers a new account the trials it may take, without interfaces that need an image', async () => {
    const res = await call(buyer, 'UserCenter/getInterfacePool');
    const pool = res.json().data as Array<{ interfaceId: number; purchaseId: number | null; trialGrantable: number; usable: boolean }>;
    expect(pool.find((p) => p.interfaceId === 1882)).toMatchObject({ purchaseId: null, trialGrantable: 20, usable: false });
    // 身份证OCR takes an image: a form cannot carry it.
    expect(pool.some((p) => p.interfaceId === 1985)).toBe(false);
  });

  it('lists what the account bought first, usable, and narrows by a word', async () => {
    idKey = await buyCheapest(t, buyer, 1882);
    phoneKey = await buyCheapest(t, buyer, 1979);
    const pool = (await call(buyer, 'UserCenter/getInterfacePool')).json().data as Array<{ interfaceId: number; usable: boolean; callsLeft: number }>;
    expect(pool.slice(0, 2).map((p) => [p.interfaceId, p.usable])).toEqual([
      [1882, true],
      [1979, true],
    ]);
    const phone = (await call(buyer, 'UserCenter/getInterfacePool', { keyword: '手机' })).json().data as Array<{ interfaceName: string }>;
    expect(phone.length).toBeGreaterThan(0);
    expect(phone.every((p) => p.interfaceName.includes('手机'))).toBe(true);
    // Another company sees none of the buyer's purchases.
    const theirs = (await call(other, 'UserCenter/getInterfacePool')).json().data as Array<{ purchaseId: number | null }>;
    expect(theirs.every((p) => p.purchaseId === null)).toBe(true);
  });

  it('is for an authenticated company', async () => {
    const fresh = await newAccount(t, '10.71.0.3');
    expect((await call(fresh, 'UserCenter/getInterfacePool')).json().code).toBe('ALL_0060');
    expect((await post(t, 'UserCenter/getInterfacePool', {})).json().code).toBe('ALL_0024');
  });
});

describe('the form (UserCenter/getPaprlist, getInterfaceByld)', () => {
  it('merges the parameters of a 个人背景核查 into one form with Chinese labels', async () => {
    const res = await call(buyer, 'UserCenter/getPaprlist', { interfaceIds: '1882,1979' });
    const fields = res.json().data.fields as Array<{ name: string; label: string; required: boolean; interfaceIds: number[] }>;
    expect(fields.map((f) => [f.name, f.label, f.required, f.interfaceIds])).toEqual([
      ['name', '姓名', true, [1882, 1979]],
      ['idcard', '身份证号', true, [1882, 1979]],
      ['mobile', '手机号', true, [1979]],
    ]);
    const one = await call(buyer, 'UserCenter/getInterfaceByld', { interfaceId: '1882' });
    expect(one.json().data).toMatchObject({ interfaceId: 1882, interfaceName: '实名认证', usable: true, sampleResponse: { code: '10000' } });
  });

  it('answers an interface the account has not bought as missing, and refuses more than six', async () => {
    expect((await call(other, 'UserCenter/getPaprlist', { interfaceIds: '1882' })).json()).toMatchObject({ code: 'ALL_0011', msg: QUERY_MSG.interfaceMissing });
    expect((await call(buyer, 'UserCenter/getInterfaceByld', { interfaceId: '9739' })).json()).toMatchObject({
      code: 'ALL_0011',
      msg: QUERY_MSG.interfaceMissing,
    });
    const seven = await call(buyer, 'UserCenter/getPaprlist', { interfaceIds: '1,2,3,4,5,6,7' });
    expect(seven.json()).toMatchObject({ code: 'ALL_0001', msg: QUERY_MSG.tooManyInterfaces });
  });
});

describe('a query (UserCenter/getApiTestDataWithJsonTest)', () => {
  it('calls for real: charged once, recorded with the seqNo, answered in the verification wording, nothing clear at rest', async () => {
    const before = await callsLeft(idKey);
    const res = await run(buyer, [1882], { name: ZHANG.name, idcard: ZHANG.idcard });
    const report = res.json().data;
    expect(report).toMatchObject({ kind: 'single', kindLabel: '单项查询', subject: '张*，110101********4514', succeeded: 1 });
    expect(report.items[0]).toMatchObject({
      interfaceName: '实名认证',
      code: '10000',
      verdict: VERDICT.consistent,
      verified: true,
      charged: true,
      params: { name: '张*', idcard: '110101********4514' },
    });
    expect(await callsLeft(idKey)).toBe(before - 1);
    const [rec] = await db().select().from(callRecords).where(eq(callRecords.seqNo, report.items[0].seqNo));
    expect(rec).toMatchObject({ code: '10000', charged: 1, ip: IP });
    const stored = JSON.stringify(await db().select().from(queryItems).where(eq(queryItems.reportId, report.id)));
    expect(stored).not.toContain(ZHANG.idcard);
  });

  it('says 验证不一致 when the name does not match the number', async () => {
    const res = await run(buyer, [1882], { name: '李四', idcard: ZHANG.idcard });
    expect(res.json().data.items[0]).toMatchObject({ code: '10000', verdict: VERDICT.inconsistent, verified: false });
  });

  it('asks several interfaces for one person as one report, each charged on its own purchase', async () => {
    const [id0, phone0] = [await callsLeft(idKey), await callsLeft(phoneKey)];
    const res = await run(buyer, [1882, 1979], ZHANG);
    const report = res.json().data;
    expect(report).toMatchObject({ kind: 'report', kindLabel: '个人背景核查', succeeded: 2 });
    expect(report.items.map((i: { interfaceId: number }) => i.interfaceId)).toEqual([1882, 1979]);
    // Each interface received its own parameters only.
    expect(report.items[0].params).toEqual({ name: '张*', idcard: '110101********4514' });
    expect(report.items[1].params).toMatchObject({ mobile: expect.stringMatching(/^138\*+8000$/) });
    expect([await callsLeft(idKey), await callsLeft(phoneKey)]).toEqual([id0 - 1, phone0 - 1]);
  });

  it('refuses before calling anything: a missing field, no consent, a stranger’s interface', async () => {
    const [id0, phone0] = [await callsLeft(idKey), await callsLeft(phoneKey)];
    const reports = async () => (await db().select().from(queryReports).where(eq(queryReports.memberId, buyer.memberId))).length;
    const count0 = await reports();
    expect((await run(buyer, [1882, 1979], { name: '张三', idcard: ZHANG.idcard })).json()).toMatchObject({
      code: 'ALL_0001',
      msg: QUERY_MSG.required('手机号'),
    });
    expect((await run(buyer, [1882], ZHANG, 'false')).json()).toMatchObject({ code: 'ALL_0001', msg: QUERY_MSG.consent });
    expect((await run(other, [1882], ZHANG)).json()).toMatchObject({ code: 'ALL_0011', msg: QUERY_MSG.interfaceMissing });
    expect((await run(buyer, [1882], { name: '张三\n', idcard: ZHANG.idcard })).json()).toMatchObject({ code: 'ALL_0001', msg: QUERY_MSG.params });
    expect([await callsLeft(idKey), await callsLeft(phoneKey), await reports()]).toEqual([id0, phone0, count0]);
  });

  it('refuses a stopped purchase with its sentence', async () => {
    await db().update(purchases).set({ status: 'stopped' }).where(eq(purchases.key, phoneKey));
    clearGatewayCaches();
    const res = await run(buyer, [1979], ZHANG);
    expect(res.json()).toMatchObject({ code: 'ALL_0001', msg: QUERY_MSG.unusable('手机三要素') });
    await db().update(purchases).set({ status: 'active' }).where(eq(purchases.key, phoneKey));
  });
});

describe('the history (myOnline/list, UserCenter/exportApiTestData)', () => {
  it('lists the account’s own reports newest first, filtered by interface, outcome and day', async () => {
    const all = (await call(buyer, 'myOnline/list')).json();
    expect(all.total).toBe(3);
    expect(all.rows.map((r: { kind: string }) => r.kind)).toEqual(['report', 'single', 'single']);
    const phone = (await call(buyer, 'myOnline/list', { interfaceId: '1979' })).json();
    expect(phone.total).toBe(1);
    // The 李四 row answered 10000 too: an inconsistent verification is still a successful query.
    expect((await call(buyer, 'myOnline/list', { outcome: 'failure' })).json().total).toBe(0);
    expect((await call(buyer, 'myOnline/list', { from: '2000-01-01', to: '2000-01-02' })).json().total).toBe(0);
    expect((await call(buyer, 'myOnline/list', { from: '2030-01-02', to: '2030-01-01' })).json()).toMatchObject({ code: 'ALL_0001', msg: QUERY_MSG.dateRange });
    expect((await call(other, 'myOnline/list')).json().total).toBe(0);
  });

  it('exports one row per interface asked, on sheet1', async () => {
    const res = await call(buyer, 'UserCenter/exportApiTestData');
    expectXlsxDownload(res, 'online-queries', '在线查询记录');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(['查询时间', '查询类型', '查询对象', '接口', '查询结果', '返回码', '流水号', '是否计费']);
    expect(rows).toHaveLength(1 + 4);
    expect(rows[1]?.slice(1, 6)).toEqual(['个人背景核查', '张*，110101********4514', '实名认证', VERDICT.consistent, '10000']);
    expect(JSON.stringify(rows)).not.toContain(ZHANG.idcard);
  });
});

describe('a sub-account', () => {
  it('queries through its own assignment, recorded under it, and sees its own history only', async () => {
    const sub = await newAccount(t, '10.71.0.9');
    await db().update(members).set({ parentId: buyer.memberId }).where(eq(members.id, sub.memberId));
    await db().insert(subAccounts).values({ memberId: sub.memberId, parentId: buyer.memberId, subCompanyName: '风控部', billingMode: 'calls' });
    const [p] = await db().select({ id: purchases.id }).from(purchases).where(eq(purchases.key, idKey));
    const subKey = newPurchaseKey();
    await db()
      .insert(assignments)
      .values({ memberId: sub.memberId, purchaseId: p?.id ?? 0, key: subKey, callsAllotted: 5 });
    clearGatewayCaches();
    const pool = (await call(sub, 'UserCenter/getInterfacePool')).json().data as Array<{ interfaceId: number; callsLeft: number; trialGrantable: number }>;
    expect(pool).toEqual([expect.objectContaining({ interfaceId: 1882, callsLeft: 5, trialGrantable: 0 })]);
    const res = await run(sub, [1882], { name: ZHANG.name, idcard: ZHANG.idcard });
    const item = res.json().data.items[0];
    expect(item).toMatchObject({ code: '10000', charged: true });
    const [rec] = await db().select().from(callRecords).where(eq(callRecords.seqNo, item.seqNo));
    expect(rec?.memberId).toBe(sub.memberId);
    expect((await call(sub, 'myOnline/list')).json().total).toBe(1);
    // Its main account has no purchase of 9739 to lend it, and it cannot reach the main's 1979.
    expect((await run(sub, [1979], ZHANG)).json()).toMatchObject({ code: 'ALL_0011', msg: QUERY_MSG.interfaceMissing });
  });
});
