import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callRecords, callStats, interfaces, purchases, qualifications } from '../../db/schema';
import { qualifiedAccount, type TestAccount } from '../../test/account';
import { buyCheapest, cheapestPackage } from '../../test/billing';
import { buildTestApp, type TestApp } from '../../test/harness';
import { post } from '../../test/identity';
import { clearGatewayCaches } from './gateway.service';

let t: TestApp;
let buyer: TestAccount;
let key = '';
const PATH = '/communication/personal/1882';
const ZHANG = { name: '张三', idcard: '110101199003074514' };

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await qualifiedAccount(t, '10.60.0.1');
  key = await buy(buyer, 1882);
});
afterAll(() => t.close());
beforeEach(() => clearGatewayCaches());

const buy = (a: TestAccount, interfaceId: number) => buyCheapest(t, a, interfaceId);

const call = (path: string, fields: Record<string, string>, as: 'form' | 'json' = 'form') =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': as === 'json' ? 'application/json' : 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.9' },
    payload: as === 'json' ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
  });

const callsLeft = async (k = key) => (await t.database.db.select({ n: purchases.callsLeft }).from(purchases).where(eq(purchases.key, k)))[0]?.n ?? -1;

describe('the open data API', () => {
  it('answers a sandbox call with 10000, data and a seqNo; charges one call and records it masked', async () => {
    const before = await callsLeft();
    const res = await call(PATH, { key, ...ZHANG });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: '10000', message: '成功', data: { result: '1' } });
    expect(body.seqNo).toMatch(/^[0-9A-F]{20}$/);
    expect(await callsLeft()).toBe(before - 1);
    const [rec] = await t.database.db.select().from(callRecords).where(eq(callRecords.seqNo, body.seqNo));
    expect(rec).toMatchObject({
      code: '10000',
      charged: 1,
      billable: true,
      memberId: buyer.memberId,
      interfaceId: 1882,
      ip: '203.0.113.9',
      provider: 'sandbox',
    });
    expect(rec?.params).toEqual({ name: '张*', idcard: '110101********4514' });
    expect(JSON.stringify(rec)).not.toContain('110101199003074514');
    // The call cost the bought package's price per call (milli-fen), and today's statistics count it.
    const pkg = await cheapestPackage(t, 1882);
    expect(rec?.costMfen).toBe(Math.floor(((pkg?.priceFen ?? 0) * 1000) / (pkg?.calls ?? 1)));
    const [stat] = await t.database.db
      .select()
      .from(callStats)
      .where(and(eq(callStats.memberId, buyer.memberId), eq(callStats.interfaceId, 1882), eq(callStats.code, '10000')));
    expect(stat).toMatchObject({ calls: 1, charged: 1, costMfen: rec?.costMfen });
  });

  it('takes the key from the query string and JSON bodies too, and answers the same input the same way', async () => {
    const a = (await t.app.inject({ method: 'POST', url: `${PATH}?key=${key}`, payload: ZHANG })).json();
    const b = (await call(PATH, { key, ...ZHANG }, 'json')).json();
    expect(a.code).toBe('10000');
    expect(b.data).toEqual(a.data);
    expect(b.seqNo).not.toBe(a.seqNo);
  });

  it('answers each platform check with its code and message, charging nothing', async () => {
    const before = await callsLeft();
    const expectCode = async (path: string, fields: Record<string, string>, code: string, message?: string) => {
      const body = (await call(path, fields)).json();
      expect(body.code, JSON.stringify(fields)).toBe(code);
      if (message) expect(body.message).toBe(message);
      expect(body.data).toBeNull();
      expect(body.seqNo).toMatch(/^[0-9A-F]{20}$/);
    };
    await expectCode(PATH, ZHANG, 'SYSTEM_000', '缺少参数 key');
    await expectCode(PATH, { key: 'not-a-key', ...ZHANG }, 'SYSTEM_001', 'key 无效');
    await expectCode('/communication/personal/999999', { key, ...ZHANG }, 'SYSTEM_004', '接口不存在');
    await expectCode('/wrong/place/1882', { key, ...ZHANG }, 'SYSTEM_004');
    const [bank] = await t.database.db.select({ path: interfaces.path }).from(interfaces).where(eq(interfaces.id, 1887));
    await expectCode(bank?.path ?? '', { key, ...ZHANG }, 'SYSTEM_025', '未购买该接口');
    await expectCode(PATH, { key, name: '张三' }, 'SYSTEM_011', '缺少必填参数：idcard');
    await expectCode(PATH, { key, name: '张三', idcard: '110101199003074515' }, 'SYSTEM_042', '参数格式错误：idcard');
    expect(await callsLeft()).toBe(before);
    const records = await t.database.db.select().from(callRecords).where(eq(callRecords.code, 'SYSTEM_001'));
    expect(records.at(-1)).toMatchObject({ memberId: null, charged: 0 });
  });

  it('a stopped purchase, a taken-down interface, an expired package and a revoked company are refused', async () => {
    await t.database.db.update(purchases).set({ status: 'stopped' }).where(eq(purchases.key, key));
    expect((await call(PATH, { key, ...ZHANG })).json().code).toBe('SYSTEM_003');
    await t.database.db.update(purchases).set({ status: 'active' }).where(eq(purchases.key, key));

    await t.database.db.update(interfaces).set({ status: 'off_sale' }).where(eq(interfaces.id, 1882));
    clearGatewayCaches();
    expect((await call(PATH, { key, ...ZHANG })).json()).toMatchObject({ code: 'SYSTEM_015', message: '接口已下架' });
    await t.database.db.update(interfaces).set({ status: 'on_sale' }).where(eq(interfaces.id, 1882));
    clearGatewayCaches();

    const [row] = await t.database.db.select({ expiresAt: purchases.expiresAt }).from(purchases).where(eq(purchases.key, key));
    await t.database.db
      .update(purchases)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(purchases.key, key));
    expect((await call(PATH, { key, ...ZHANG })).json().code).toBe('SYSTEM_002');
    await t.database.db
      .update(purchases)
      .set({ expiresAt: row?.expiresAt ?? new Date() })
      .where(eq(purchases.key, key));

    await t.database.db.update(interfaces).set({ enterpriseOnly: true }).where(eq(interfaces.id, 1882));
    await t.database.db.update(qualifications).set({ status: 'revoked' }).where(eq(qualifications.memberId, buyer.memberId));
    clearGatewayCaches();
    expect((await call(PATH, { key, ...ZHANG })).json().code).toBe('SYSTEM_008');
    await t.database.db.update(qualifications).set({ status: 'approved' }).where(eq(qualifications.memberId, buyer.memberId));
    await t.database.db.update(interfaces).set({ enterpriseOnly: false }).where(eq(interfaces.id, 1882));
    clearGatewayCaches();
    expect((await call(PATH, { key, ...ZHANG })).json().code).toBe('10000');
  });

  it('N concurrent calls against Q remaining calls: exactly min(N, Q) answers with data, never below zero', async () => {
    const Q = 5;
    const N = 12;
    await t.database.db.update(purchases).set({ callsLeft: Q }).where(eq(purchases.key, key));
    const answers = await Promise.all(Array.from({ length: N }, () => call(PATH, { key, ...ZHANG })));
    const codes = answers.map((r) => r.json().code as string);
    expect(codes.filter((c) => c === '10000')).toHaveLength(Q);
    expect(codes.filter((c) => c === 'SYSTEM_002')).toHaveLength(N - Q);
    expect(await callsLeft()).toBe(0);
    const seqNos = new Set(answers.map((r) => r.json().seqNo));
    expect(seqNos.size).toBe(N);
    const recorded = await t.database.db.select({ seqNo: callRecords.seqNo, charged: callRecords.charged }).from(callRecords);
    const mine = recorded.filter((r) => seqNos.has(r.seqNo));
    expect(mine).toHaveLength(N);
    expect(mine.reduce((s, r) => s + r.charged, 0)).toBe(Q);
    await t.database.db.update(purchases).set({ callsLeft: 100 }).where(eq(purchases.key, key));
  });

  it('limits the calls per second of one key', async () => {
    const limited = await buildTestApp({ env: { GATEWAY_RATE_PER_KEY: '3' } });
    try {
      const a = await qualifiedAccount(limited, '10.60.0.2');
      // Reuse the same flow on the second app.
      const tt = t;
      t = limited;
      const k = await buy(a, 1882);
      clearGatewayCaches();
      const codes = (await Promise.all(Array.from({ length: 12 }, () => call(PATH, { key: k, ...ZHANG })))).map((r) => r.json().code);
      t = tt;
      // 3 per second: even if the burst straddles a second boundary, at most 6 get through.
      expect(codes.filter((c) => c === '10000').length).toBeLessThanOrEqual(6);
      expect(codes.filter((c) => c === 'SYSTEM_038').length).toBeGreaterThanOrEqual(6);
    } finally {
      await limited.close();
    }
  });

  it("the dashboard counts the purchase and today's calls, and lists the latest ones", async () => {
    const last = (await call(PATH, { key, ...ZHANG })).json();
    const home = (await post(t, 'myAccount/home/data', {}, { cookies: buyer.cookies })).json().data;
    expect(home).toMatchObject({ balance: '0.00', purchasedInterfaces: 1 });
    expect(home.callsToday).toBeGreaterThan(10);
    expect(home.callsThisMonth).toBeGreaterThanOrEqual(home.callsToday);
    expect(home.recentCalls[0]).toMatchObject({ seqNo: last.seqNo, interfaceName: '实名认证', code: '10000' });
    expect(home.recentCalls).toHaveLength(5);
  });

  it('leaves the portal API its own 404 under /apiHome', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/apiHome/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ALL_0008');
  });
});
