import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assignments, interfaces, members, messages, purchases, trialGrants } from '../../db/schema';
import { SEED_TRIAL_CALLS } from '../../db/seed/data/trial';
import { expireSessions, newAccount, qualifiedAccount, type TestAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { gatewayPost } from '../../test/gateway';
import { buildTestApp, type TestApp } from '../../test/harness';
import { get, post } from '../../test/identity';
import { clearGatewayCaches } from '../gateway/gateway.service';

let t: TestApp;
let ip = 0;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(() => clearGatewayCaches());

const account = () => qualifiedAccount(t, `10.95.0.${++ip}`);
const as = (a: TestAccount, p: string, fields: Record<string, string> = {}) => post(t, p, fields, { cookies: a.cookies });
const trial = (a: TestAccount, interfaceId: number) => as(a, 'myBuy/freeTrial', { interfaceId: String(interfaceId) });
const state = async (a: TestAccount, interfaceId?: number) =>
  (await as(a, 'myBuy/freeTrial/state', interfaceId ? { interfaceId: String(interfaceId) } : {})).json().data;
const quota = async (a: TestAccount) => (await t.database.db.select({ n: members.trialCalls }).from(members).where(eq(members.id, a.memberId)))[0]?.n;
const purchaseOf = async (a: TestAccount, interfaceId: number) =>
  (
    await t.database.db
      .select()
      .from(purchases)
      .where(and(eq(purchases.memberId, a.memberId), eq(purchases.interfaceId, interfaceId)))
  )[0];
const setQuota = (a: TestAccount, n: number) => t.database.db.update(members).set({ trialCalls: n }).where(eq(members.id, a.memberId));
const ZHANG = { name: '张三', idcard: '110101199003074514' };

describe('the catalogue shows which interfaces offer a trial', () => {
  it('answers trialCalls on the detail page and in search rows', async () => {
    const detail = (await get(t, 'api/interface/1882')).json().data;
    expect(detail.trialCalls).toBe(20);
    expect((await get(t, 'api/interface/2062')).json().data.trialCalls).toBe(0);
    const rows = (await post(t, 'api/interface/search', { interfaceName: 'OCR', pageSize: '50' })).json().rows as Array<{ id: number; trialCalls: number }>;
    expect(rows.find((r) => r.id === 1985)?.trialCalls).toBe(20);
    expect(rows.find((r) => r.id === 1989)?.trialCalls).toBe(0);
  });

  it('seeds 20–30 trial interfaces, none enterprise-only; migration 0012 marks the same ids on older databases', async () => {
    const marked = await t.database.db
      .select({ id: interfaces.id, calls: interfaces.trialCalls, enterpriseOnly: interfaces.enterpriseOnly })
      .from(interfaces)
      .where(gt(interfaces.trialCalls, 0));
    expect(marked.length).toBeGreaterThanOrEqual(20);
    expect(marked.length).toBeLessThanOrEqual(30);
    expect(marked.filter((m) => m.enterpriseOnly)).toEqual([]);
    expect(Object.fromEntries(marked.map((m) => [m.id, m.calls]))).toEqual(
      Object.fromEntries(Object.entries(SEED_TRIAL_CALLS).map(([k, v]) => [Number(k), v])),
    );

    const migration = readFileSync(path.resolve(import.meta.dirname, '../../../drizzle/0012_interface_trial.sql'), 'utf8');
    const fromSql: Record<number, number> = {};
    for (const m of migration.matchAll(/SET "trial_calls" = (\d+) WHERE "id" IN \(([\d, ]+)\)/g)) {
      for (const id of (m[2] ?? '').split(',')) fromSql[Number(id.trim())] = Number(m[1]);
    }
    expect(fromSql).toEqual(Object.fromEntries(Object.entries(SEED_TRIAL_CALLS).map(([k, v]) => [Number(k), v])));
  });
});

describe('taking a free trial', () => {
  it('adds the calls with a working key, takes them from the quota, and tells the account', async () => {
    const a = await account();
    expect(await state(a, 1882)).toEqual({
      quotaLeft: 150,
      trialCalls: 20,
      taken: false,
      grantable: 20,
      purchaseId: null,
      callsLeft: 0,
      usable: false,
      subAccount: false,
    });

    const res = await trial(a, 1882);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 200,
      msg: '已开通 20 次免费调用，接口 Key 在「我的API」查看',
      data: { interfaceId: 1882, interfaceName: '实名认证', calls: 20, quotaLeft: 130 },
    });
    const expiresAt = new Date(res.json().data.expiresAt).getTime();
    expect(expiresAt).toBeGreaterThan(Date.now() + 29.9 * 86_400_000);
    expect(expiresAt).toBeLessThan(Date.now() + 30.1 * 86_400_000);
    expect(await quota(a)).toBe(130);

    // 我的API lists it with its key; the dashboard shows the quota left.
    const list = (await as(a, 'myBuy/list')).json();
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]).toMatchObject({ interfaceId: 1882, callsTotal: 20, callsLeft: 20, status: 'active' });
    expect((await as(a, 'myAccount/home/data')).json().data.freeTestCallsLeft).toBe(130);
    const granted = await purchaseOf(a, 1882);
    expect(await state(a, 1882)).toEqual({
      quotaLeft: 130,
      trialCalls: 20,
      taken: true,
      grantable: 0,
      purchaseId: granted?.id,
      callsLeft: 20,
      usable: true,
      subAccount: false,
    });

    // The key works on the open data API and the call is taken from the trial calls.
    const key = list.rows[0].key as string;
    const answer = (await gatewayPost(t, '/communication/personal/1882', { key, ...ZHANG })).json();
    expect(answer).toMatchObject({ code: '10000', message: '成功' });
    await expect.poll(async () => (await purchaseOf(a, 1882))?.callsLeft).toBe(19);

    const inbox = await t.database.db.select().from(messages).where(eq(messages.memberId, a.memberId));
    const note = inbox.find((m) => m.title === '免费试用已开通');
    expect(note?.body).toContain('「实名认证」已开通 20 次免费调用');
    expect(note?.link).toBe('/userCenter/dataManage/myAPI');
  });

  it('refuses the same interface a second time, leaving the quota and the purchase as they were', async () => {
    const a = await account();
    expect((await trial(a, 1985)).json().code).toBe(200);
    const second = await trial(a, 1985);
    expect(second.json()).toEqual({ code: 'ALL_0013', msg: '您已领取过该接口的免费试用，每个接口限领一次' });
    expect(await quota(a)).toBe(130);
    expect(await purchaseOf(a, 1985)).toMatchObject({ callsTotal: 20, callsLeft: 20 });
  });

  it('adds to a bought package: same key, calls added, expiry not shortened', async () => {
    const a = await account();
    const key = await buyCheapest(t, a, 2201);
    const before = await purchaseOf(a, 2201);
    const res = await trial(a, 2201);
    expect(res.json().data).toMatchObject({ calls: 10, quotaLeft: 140 });
    const after = await purchaseOf(a, 2201);
    expect(after?.key).toBe(key);
    expect(after?.callsTotal).toBe((before?.callsTotal ?? 0) + 10);
    expect(after?.callsLeft).toBe((before?.callsLeft ?? 0) + 10);
    expect(after?.expiresAt.getTime()).toBe(before?.expiresAt.getTime());
  });

  it('gives what is left of the quota when it is smaller than the trial, then refuses with no quota', async () => {
    const a = await account();
    await setQuota(a, 7);
    expect(await state(a, 1979)).toMatchObject({ quotaLeft: 7, trialCalls: 20, grantable: 7 });
    expect((await trial(a, 1979)).json()).toMatchObject({
      code: 200,
      msg: '已开通 7 次免费调用，接口 Key 在「我的API」查看',
      data: { calls: 7, quotaLeft: 0 },
    });
    expect(await quota(a)).toBe(0);
    expect((await trial(a, 1980)).json()).toEqual({ code: 'ALL_0013', msg: '免费测试次数已用完，请购买套餐后调用' });
    expect(await purchaseOf(a, 1980)).toBeUndefined();
    const grants = await t.database.db.select().from(trialGrants).where(eq(trialGrants.memberId, a.memberId));
    expect(grants.map((g) => [g.interfaceId, g.calls])).toEqual([[1979, 7]]);
  });

  it('refuses an interface without a trial, one taken off sale and one that does not exist', async () => {
    const a = await account();
    expect((await trial(a, 1989)).json()).toEqual({ code: 'ALL_0013', msg: '该接口暂不提供免费试用，请购买套餐后调用' });
    await t.database.db.update(interfaces).set({ status: 'off_sale' }).where(eq(interfaces.id, 1986));
    expect((await trial(a, 1986)).json()).toEqual({ code: 'ALL_0011', msg: '接口不存在或已下架' });
    await t.database.db.update(interfaces).set({ status: 'on_sale' }).where(eq(interfaces.id, 1986));
    expect((await trial(a, 999_999)).json()).toEqual({ code: 'ALL_0011', msg: '接口不存在或已下架' });
    expect((await trial(a, 0)).json()).toMatchObject({ code: 'ALL_0001', msg: '接口不存在或已下架' });
    expect(await quota(a)).toBe(150);
    expect((await as(a, 'myBuy/list')).json().rows).toEqual([]);
  });
});

describe('the state names the purchase the account calls the interface through (/apiTest)', () => {
  it('after a trial: its purchase, which the test call then uses; the calls left follow the call', async () => {
    const a = await account();
    await trial(a, 1882);
    const before = await state(a, 1882);
    expect(before).toMatchObject({ taken: true, callsLeft: 20, usable: true, subAccount: false });
    expect(before.purchaseId).toBe((await purchaseOf(a, 1882))?.id);

    const test = await as(a, 'UserCenter/getApiTestData', { purchaseId: String(before.purchaseId), params: JSON.stringify(ZHANG) });
    expect(test.json()).toMatchObject({ code: 200, data: { answer: { code: '10000' }, charged: true, callsLeft: 19 } });
    expect(await state(a, 1882)).toMatchObject({ callsLeft: 19, usable: true });
  });

  it('a bought purchase is named whether or not a trial was taken; an expired one is not usable', async () => {
    const a = await account();
    await buyCheapest(t, a, 2202);
    const bought = await purchaseOf(a, 2202);
    expect(await state(a, 2202)).toMatchObject({ taken: false, grantable: 10, purchaseId: bought?.id, callsLeft: bought?.callsLeft, usable: true });
    await t.database.db
      .update(purchases)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(purchases.id, bought?.id ?? 0));
    expect(await state(a, 2202)).toMatchObject({ purchaseId: bought?.id, usable: false });
  });

  it("is owner-only: another account's purchase of the same interface is never named", async () => {
    const a = await account();
    const b = await account();
    await trial(a, 2210);
    expect(await state(b, 2210)).toMatchObject({ taken: false, grantable: 10, purchaseId: null, callsLeft: 0, usable: false });
  });

  it('a sub-account: none without an assignment; with one, its allotment left', async () => {
    const parent = await account();
    const child = await newAccount(t, '10.95.2.1');
    await t.database.db.update(members).set({ parentId: parent.memberId }).where(eq(members.id, child.memberId));
    await trial(parent, 1887);
    const bought = await purchaseOf(parent, 1887);
    expect(await state(child, 1887)).toEqual({
      quotaLeft: 140,
      trialCalls: 10,
      taken: true,
      grantable: 0,
      purchaseId: null,
      callsLeft: 0,
      usable: false,
      subAccount: true,
    });
    await t.database.db
      .insert(assignments)
      .values({ memberId: child.memberId, purchaseId: bought?.id ?? 0, key: `k${child.memberId}x`.padEnd(43, 'x'), callsAllotted: 5, callsUsed: 2 });
    expect(await state(child, 1887)).toMatchObject({ purchaseId: bought?.id, callsLeft: 3, usable: true, subAccount: true });
    await t.database.db.update(assignments).set({ status: 'stopped' }).where(eq(assignments.memberId, child.memberId));
    expect(await state(child, 1887)).toMatchObject({ purchaseId: bought?.id, usable: false });
  });
});

describe('concurrency', () => {
  it('parallel trials of the same interface grant once', async () => {
    const a = await account();
    const answers = await Promise.all(Array.from({ length: 6 }, () => trial(a, 1902)));
    const codes = answers.map((r) => r.json().code as string | number);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 'ALL_0013')).toHaveLength(5);
    expect(await quota(a)).toBe(130);
    expect(await purchaseOf(a, 1902)).toMatchObject({ callsTotal: 20, callsLeft: 20 });
  });

  it('parallel trials of different interfaces never take more than the quota', async () => {
    const a = await account();
    await setQuota(a, 35);
    const ids = [1882, 1902, 2061, 1985, 9732, 1986, 1979, 2130];
    const answers = await Promise.all(ids.map((id) => trial(a, id)));
    const granted = answers.filter((r) => r.json().code === 200).map((r) => r.json().data.calls as number);
    expect(granted.reduce((s, n) => s + n, 0)).toBe(35);
    expect(granted).toHaveLength(2); // 20 + 15, then nothing left
    expect(answers.filter((r) => r.json().msg === '免费测试次数已用完，请购买套餐后调用')).toHaveLength(ids.length - 2);
    expect(await quota(a)).toBe(0);
    const rows = await t.database.db.select().from(purchases).where(eq(purchases.memberId, a.memberId));
    expect(rows.reduce((s, r) => s + r.callsTotal, 0)).toBe(35);
  });
});

describe('who may take a trial', () => {
  it('needs a login', async () => {
    expect((await post(t, 'myBuy/freeTrial', { interfaceId: '1882' })).json().code).toBe('ALL_0024');
    expect((await post(t, 'myBuy/freeTrial/state', { interfaceId: '1882' })).json().code).toBe('ALL_0024');
  });

  it('needs an authenticated company; the state is readable before', async () => {
    const a = await newAccount(t, '10.95.1.1');
    expect((await trial(a, 1882)).json()).toEqual({ code: 'ALL_0060', msg: '请先完成企业认证' });
    expect(await state(a, 1882)).toEqual({
      quotaLeft: 150,
      trialCalls: 20,
      taken: false,
      grantable: 20,
      purchaseId: null,
      callsLeft: 0,
      usable: false,
      subAccount: false,
    });
    expect(await quota(a)).toBe(150);
  });

  it('refuses a sub-account, whose parent keeps its quota', async () => {
    const parent = await account();
    const child = await newAccount(t, '10.95.1.2');
    await t.database.db.update(members).set({ parentId: parent.memberId }).where(eq(members.id, child.memberId));
    expect((await trial(child, 1882)).json()).toEqual({ code: 'ALL_0010', msg: '子账号不能领取免费试用，请使用主账号领取' });
    expect(await state(child, 1882)).toMatchObject({ quotaLeft: 150, grantable: 0 });
    expect(await quota(parent)).toBe(150);
    expect(await quota(child)).toBe(150);
  });

  it('refuses an expired session', async () => {
    const a = await account();
    await expireSessions(t, a);
    expect((await trial(a, 1882)).json().code).toBe('ALL_0024');
    expect(await quota(a)).toBe(150);
  });
});
