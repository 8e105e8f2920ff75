import { chinaDay, USAGE_MSG } from '@apimarket/contracts';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRecords, members, purchases } from '../../db/schema';
import { newAccount, qualifiedAccount, type TestAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { callWithSample } from '../../test/gateway';
import { buildTestApp, type TestApp } from '../../test/harness';
import { post } from '../../test/identity';
import { newPurchaseKey } from '../billing/billing.service';
import { clearGatewayCaches } from '../gateway/gateway.service';

let t: TestApp;
let buyer: TestAccount;
let sub: TestAccount;
let other: TestAccount;
const keys = { id: '', bank: '', sub: '', other: '' };
const seqNos: string[] = [];
let otherSeqNo = '';

const ID_CARD = 1882;
const BANK_CARD = 1887;
const today = chinaDay(new Date());

const as = (a: TestAccount, path: string, fields: Record<string, string> = {}) => post(t, path, fields, { cookies: a.cookies });
const json = async (a: TestAccount, path: string, fields: Record<string, string> = {}) => (await as(a, path, fields)).json();

/** A gateway call as a customer's system makes it: the interface's documented sample, overridden. */
const call = (key: string, interfaceId: number, override: Record<string, string> = {}) => callWithSample(t, key, interfaceId, override, '203.0.113.30');

/** What the records say, counted directly: the truth every statistic must equal. */
async function direct(memberId: number) {
  const rows = await t.database.db
    .select({
      interfaceId: sql<number>`coalesce(${callRecords.interfaceId}, 0)`.mapWith(Number),
      code: callRecords.code,
      calls: sql<number>`count(*)::int`,
      charged: sql<number>`sum(${callRecords.charged})::int`,
      costMfen: sql<number>`sum(${callRecords.costMfen})::text`.mapWith(Number),
      latencyMs: sql<number>`sum(${callRecords.latencyMs})::int`,
    })
    .from(callRecords)
    .where(eq(callRecords.memberId, memberId))
    .groupBy(sql`1`, callRecords.code);
  const of = (pick: (r: (typeof rows)[number]) => boolean) => {
    const sel = rows.filter(pick);
    const calls = sel.reduce((n, r) => n + r.calls, 0);
    return {
      calls,
      success: sel.filter((r) => r.code === '10000').reduce((n, r) => n + r.calls, 0),
      charged: sel.reduce((n, r) => n + r.charged, 0),
      failed: sel.filter((r) => r.code.startsWith('SYSTEM_')).reduce((n, r) => n + r.calls, 0),
      costMfen: sel.reduce((n, r) => n + r.costMfen, 0),
      avgLatencyMs: calls ? Math.round(sel.reduce((n, r) => n + r.latencyMs, 0) / calls) : 0,
    };
  };
  return { rows, of };
}

async function subAccountOf(main: TestAccount, ip: string): Promise<TestAccount> {
  const child = await newAccount(t, ip);
  await t.database.db.update(members).set({ parentId: main.memberId }).where(eq(members.id, child.memberId));
  return child;
}

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await qualifiedAccount(t, '10.93.0.1');
  sub = await subAccountOf(buyer, '10.93.0.2');
  other = await qualifiedAccount(t, '10.93.0.3');
  keys.id = await buyCheapest(t, buyer, ID_CARD);
  keys.bank = await buyCheapest(t, buyer, BANK_CARD);
  keys.other = await buyCheapest(t, other, ID_CARD);
  // A sub-account's own purchase stands for the product assignment still to come (Decision 90).
  keys.sub = newPurchaseKey();
  await t.database.db
    .insert(purchases)
    .values({ memberId: sub.memberId, interfaceId: ID_CARD, key: keys.sub, callsTotal: 10, callsLeft: 10, expiresAt: sql`now() + interval '30 days'` });

  // A mixed load: answers with data, refusals of several kinds, and a call that finds none left.
  const expectCall = async (key: string, id: number, code: string, override: Record<string, string> = {}) => {
    const r = await call(key, id, override);
    expect(r.code).toBe(code);
    seqNos.push(r.seqNo);
    return r;
  };
  for (let i = 0; i < 5; i++) await expectCall(keys.id, ID_CARD, '10000');
  await expectCall(keys.id, ID_CARD, 'SYSTEM_042', { idcard: '110101199003074515' });
  await expectCall(keys.id, ID_CARD, 'SYSTEM_042', { idcard: '110101199003074515' });
  await expectCall(keys.id, ID_CARD, 'SYSTEM_011', { idcard: '' });
  await expectCall(keys.id, BANK_CARD, 'SYSTEM_025');
  await expectCall(keys.bank, BANK_CARD, '10000');
  await expectCall(keys.bank, BANK_CARD, '10000');
  await t.database.db.update(purchases).set({ callsLeft: 0 }).where(eq(purchases.key, keys.bank));
  clearGatewayCaches();
  await expectCall(keys.bank, BANK_CARD, 'SYSTEM_002');
  await t.database.db.update(purchases).set({ callsLeft: 50 }).where(eq(purchases.key, keys.bank));
  clearGatewayCaches();

  expect((await call(keys.sub, ID_CARD)).code).toBe('10000');
  expect((await call(keys.sub, ID_CARD)).code).toBe('10000');
  const o = await call(keys.other, ID_CARD);
  expect(o.code).toBe('10000');
  otherSeqNo = o.seqNo;
});
afterAll(() => t.close());

describe('usage statistics equal the records', () => {
  it('dailyStatistics: today per interface, with codes, cost and latency, and the filter’s totals', async () => {
    const truth = await direct(buyer.memberId);
    const body = await json(buyer, 'myAccount/callRecord/dailyStatistics');
    expect(body).toMatchObject({ code: 200, msg: '查询成功', total: 2 });
    expect(body.period.endDate).toBe(today);
    for (const id of [ID_CARD, BANK_CARD]) {
      const row = body.rows.find((r: { interfaceId: number }) => r.interfaceId === id);
      expect(row).toMatchObject({ period: today, ...truth.of((r) => r.interfaceId === id) });
    }
    const idRow = body.rows.find((r: { interfaceId: number }) => r.interfaceId === ID_CARD);
    expect(idRow).toMatchObject({ interfaceName: '实名认证', calls: 8, success: 5, charged: 5, failed: 3 });
    expect(idRow.codes).toEqual([
      { code: 'SYSTEM_042', calls: 2 },
      { code: 'SYSTEM_011', calls: 1 },
    ]);
    const bank = body.rows.find((r: { interfaceId: number }) => r.interfaceId === BANK_CARD);
    expect(bank).toMatchObject({ calls: 4, success: 2, charged: 2, failed: 2 });
    expect(bank.codes.map((c: { code: string }) => c.code).sort()).toEqual(['SYSTEM_002', 'SYSTEM_025']);
    expect(body.sum).toMatchObject(truth.of(() => true));
    expect(body.sum.calls).toBe(12);
    expect(body.sum.costMfen).toBeGreaterThan(0);
    expect(body.sum.cost).toBe((Math.round(body.sum.costMfen / 1000) / 100).toFixed(2));
  });

  it('monthlyStatistics, the chart, the distribution, charges and trends agree with the same counts', async () => {
    const truth = await direct(buyer.memberId);
    const all = truth.of(() => true);
    const month = await json(buyer, 'myAccount/callRecord/monthlyStatistics');
    expect(month.total).toBe(2);
    expect(month.rows[0]).toMatchObject({ period: today.slice(0, 7), interfaceId: ID_CARD, ...truth.of((r) => r.interfaceId === ID_CARD) });
    expect(month.sum).toMatchObject(all);

    const chart = (await json(buyer, 'myAccount/callRecord/callStatisticalChart')).data;
    expect(chart.series).toHaveLength(30);
    expect(chart.series.at(-1)).toMatchObject({ day: today, calls: all.calls, charged: all.charged, failed: all.failed, costMfen: all.costMfen });
    expect(chart.series[0]).toMatchObject({ calls: 0, cost: '0.00' });

    const dist = (await json(buyer, 'myCallHistory/distributions')).data;
    expect(dist.total).toBe(12);
    expect(dist.rows.map((r: { interfaceId: number; calls: number; share: number }) => [r.interfaceId, r.calls, r.share])).toEqual([
      [ID_CARD, 8, 66.7],
      [BANK_CARD, 4, 33.3],
    ]);

    const charges = (await json(buyer, 'myCallHistory/chargeSituations')).data;
    expect(charges).toMatchObject({ chargedCalls: all.charged, costMfen: all.costMfen });
    const [idPurchase] = await t.database.db.select({ left: purchases.callsLeft }).from(purchases).where(eq(purchases.key, keys.id));
    expect(charges.rows.find((r: { interfaceId: number }) => r.interfaceId === ID_CARD)).toMatchObject({
      chargedCalls: 5,
      costMfen: truth.of((r) => r.interfaceId === ID_CARD).costMfen,
      callsLeft: idPurchase?.left,
    });
    expect(charges.rows.find((r: { interfaceId: number }) => r.interfaceId === BANK_CARD)).toMatchObject({ chargedCalls: 2, callsLeft: 50 });

    const trends = (await json(buyer, 'myCallHistory/trends')).data;
    expect(trends.current).toMatchObject(all);
    expect(trends.before).toMatchObject({ calls: 0, cost: '0.00' });
    expect(trends.change).toEqual({ calls: null, charged: null, costMfen: null, failed: null });
    expect(trends.previous.endDate < trends.period.startDate).toBe(true);
  });

  it('filters every statistic by interface', async () => {
    const bank = await json(buyer, 'myAccount/callRecord/dailyStatistics', { interfaceId: String(BANK_CARD) });
    expect(bank.total).toBe(1);
    expect(bank.sum.calls).toBe(4);
    const chart = (await json(buyer, 'myAccount/callRecord/callStatisticalChart', { interfaceId: String(BANK_CARD) })).data;
    expect(chart.series.at(-1).calls).toBe(4);
    expect((await json(buyer, 'myCallHistory/distributions', { interfaceId: String(BANK_CARD) })).data.rows).toHaveLength(1);
  });
});

describe('call detail list', () => {
  it('lists the calls newest first with masked parameters, and pages without gaps or repeats', async () => {
    const first = await json(buyer, 'myAccount/callRecord/callDetail/list');
    expect(first).toMatchObject({ code: 200, total: 12 });
    expect(first.rows[0]).toMatchObject({
      seqNo: seqNos.at(-1),
      interfaceId: BANK_CARD,
      code: 'SYSTEM_002',
      charged: false,
      cost: '0.00',
      loginName: buyer.uName,
    });
    const success = first.rows.find((r: { seqNo: string }) => r.seqNo === seqNos[0]);
    expect(success).toMatchObject({ code: '10000', charged: true, interfaceName: '实名认证', ip: '203.0.113.30' });
    expect(success.params.idcard).toMatch(/^\d{6}\*+\d{4}$/);
    expect(JSON.stringify(first.rows)).not.toContain('110101199003074514');

    const paged: string[] = [];
    for (let p = 1; p <= 5; p++) {
      const page = await json(buyer, 'myAccount/callRecord/callDetail/list', { pageNum: String(p), pageSize: '5' });
      expect(page.total).toBe(12);
      paged.push(...page.rows.map((r: { seqNo: string }) => r.seqNo));
    }
    expect(paged).toEqual([...seqNos].reverse());
  });

  it('filters by interface, code and seqNo', async () => {
    const bank = await json(buyer, 'myAccount/callRecord/callDetail/list', { interfaceId: String(BANK_CARD) });
    expect(bank.total).toBe(4);
    expect(new Set(bank.rows.map((r: { interfaceId: number }) => r.interfaceId))).toEqual(new Set([BANK_CARD]));
    const refused = await json(buyer, 'myAccount/callRecord/callDetail/list', { code: 'SYSTEM_042' });
    expect(refused.total).toBe(2);
    expect(refused.rows.map((r: { code: string }) => r.code)).toEqual(['SYSTEM_042', 'SYSTEM_042']);
    const one = await json(buyer, 'myAccount/callRecord/callDetail/list', { seqNo: (seqNos[2] ?? '').toLowerCase() });
    expect(one).toMatchObject({ total: 1, rows: [{ seqNo: seqNos[2] }] });
    const none = await json(buyer, 'myAccount/callRecord/callDetail/list', { code: '10001' });
    expect(none).toMatchObject({ rows: [], total: 0 });
  });

  it('exports the filter as an xlsx with Chinese headers and the same rows', async () => {
    const res = await as(buyer, 'myAccount/callRecord/callDetail/list', { interfaceId: String(ID_CARD), export: '1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('调用记录-');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(res.rawPayload).buffer);
    const sheet = book.getWorksheet('调用记录');
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const values = (n: number) => rows[n - 1] ?? [];
    expect(values(1)).toEqual([
      '流水号',
      '调用时间',
      '账号',
      '接口名称',
      '结果代码',
      '是否计费',
      '费用（元）',
      '耗时（毫秒）',
      '调用 IP',
      '请求参数（已脱敏）',
    ]);
    expect(sheet?.rowCount).toBe(9);
    const exported = Array.from({ length: 8 }, (_, i) => values(i + 2)[0]);
    expect(exported).toEqual(seqNos.slice(0, 8).reverse());
    const newest = values(2);
    expect(newest[4]).toBe('SYSTEM_011 缺少必填参数');
    expect(newest[5]).toBe('否');
    expect(String(newest[9])).not.toContain('110101199003074514');
  });

  it('counts a call on the China day it was made: an earlier day leaves the default range only when outside it', async () => {
    // The bank card calls move 40 days back, with their statistics, as if made then.
    await t.database.db
      .update(callRecords)
      .set({ createdAt: sql`${callRecords.createdAt} - interval '40 days'` })
      .where(and(eq(callRecords.memberId, buyer.memberId), eq(callRecords.interfaceId, BANK_CARD)));
    await t.database.db.execute(sql`delete from call_stats where member_id = ${buyer.memberId}`);
    await t.database.db.execute(sql`
      insert into call_stats (member_id, day, interface_id, code, calls, charged, cost_mfen, latency_ms)
      select member_id, (created_at at time zone 'Asia/Shanghai')::date, coalesce(interface_id, 0), code, count(*), sum(charged), sum(cost_mfen), sum(latency_ms)
      from call_records where member_id = ${buyer.memberId} group by 1, 2, 3, 4`);
    const [moved] = await t.database.db
      .select({ at: callRecords.createdAt })
      .from(callRecords)
      .where(and(eq(callRecords.memberId, buyer.memberId), eq(callRecords.interfaceId, BANK_CARD)));
    const day = chinaDay(new Date(moved?.at ?? 0));

    expect((await json(buyer, 'myAccount/callRecord/callDetail/list')).total).toBe(8);
    expect((await json(buyer, 'myAccount/callRecord/dailyStatistics')).sum.calls).toBe(8);
    const then = await json(buyer, 'myAccount/callRecord/callDetail/list', { startDate: day, endDate: day });
    expect(then.total).toBe(4);
    expect(then.rows.map((r: { interfaceId: number }) => r.interfaceId)).toEqual([BANK_CARD, BANK_CARD, BANK_CARD, BANK_CARD]);
    const span = await json(buyer, 'myAccount/callRecord/callDetail/list', { startDate: day, endDate: today, pageSize: '3', pageNum: '3' });
    expect(span.total).toBe(12);
    // Newest first: today's identity calls, then the moved bank card calls; this page spans both days.
    const order = [...seqNos.slice(0, 8).reverse(), ...seqNos.slice(8).reverse()];
    expect(span.rows.map((r: { seqNo: string }) => r.seqNo)).toEqual(order.slice(6, 9));
    const daily = await json(buyer, 'myAccount/callRecord/dailyStatistics', { startDate: day, endDate: today });
    expect(daily.rows.map((r: { period: string; interfaceId: number; calls: number }) => [r.period, r.interfaceId, r.calls])).toEqual([
      [today, ID_CARD, 8],
      [day, BANK_CARD, 4],
    ]);
    const trends = (await json(buyer, 'myCallHistory/trends')).data;
    expect(trends).toMatchObject({ current: { calls: 8 }, before: { calls: 4 }, change: { calls: 100 } });
    // Months: the moved calls under their own month (with their codes), whichever month that is.
    const monthly = await json(buyer, 'myAccount/callRecord/monthlyStatistics');
    const bankMonth = monthly.rows.find((r: { period: string; interfaceId: number }) => r.period === day.slice(0, 7) && r.interfaceId === BANK_CARD);
    expect(bankMonth).toMatchObject({ calls: 4, charged: 2 });
    expect(bankMonth.codes.map((c: { code: string }) => c.code).sort()).toEqual(['SYSTEM_002', 'SYSTEM_025']);
    expect(monthly.sum.calls).toBe(12);
    // A seqNo is found whatever the period.
    expect((await json(buyer, 'myAccount/callRecord/callDetail/list', { seqNo: seqNos.at(-1) ?? '' })).total).toBe(1);
  });
});

describe('whose records', () => {
  it('never shows another member’s records, whatever is asked', async () => {
    expect((await json(buyer, 'myAccount/callRecord/callDetail/list', { seqNo: otherSeqNo })).total).toBe(0);
    expect((await json(other, 'myAccount/callRecord/dailyStatistics')).sum.calls).toBe(1);
    const asked = await as(buyer, 'myCallHistory/distributions', { memberId: String(other.memberId) });
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toEqual({ code: 'ALL_0010', msg: USAGE_MSG.otherMember });
  });

  it('a main account reads its sub-account’s records, or all of them; a sub-account only its own', async () => {
    const child = await json(buyer, 'myAccount/callRecord/callDetail/list', { memberId: String(sub.memberId) });
    expect(child.total).toBe(2);
    expect(child.rows[0].loginName).toBe(sub.uName);
    const allDaily = await json(buyer, 'myAccount/callRecord/dailyStatistics', { memberId: 'all', startDate: '2000-01-01', endDate: '2000-01-02' });
    expect(allDaily.sum.calls).toBe(0);
    expect((await json(buyer, 'myCallHistory/distributions', { memberId: 'all' })).data.total).toBe(10);

    expect((await json(sub, 'myCallHistory/distributions')).data.total).toBe(2);
    const parent = await as(sub, 'myAccount/callRecord/callDetail/list', { memberId: String(buyer.memberId) });
    expect(parent.json()).toEqual({ code: 'ALL_0010', msg: USAGE_MSG.subOnlyOwn });
    expect((await as(sub, 'myCallHistory/trends', { memberId: 'all' })).json().code).toBe('ALL_0010');
  });

  it('needs a session and an authenticated company', async () => {
    expect((await post(t, 'myCallHistory/trends', {})).json().code).toBe('ALL_0024');
    const unqualified = await newAccount(t, '10.93.0.9');
    expect((await json(unqualified, 'myAccount/callRecord/dailyStatistics')).code).toBe('ALL_0060');
  });
});

describe('validation', () => {
  it('answers the contracts’ messages', async () => {
    const msg = async (path: string, fields: Record<string, string>) => (await json(buyer, path, fields)).msg;
    expect(await msg('myAccount/callRecord/dailyStatistics', { startDate: '2025-01-01', endDate: '2026-06-01' })).toBe(USAGE_MSG.span);
    expect(await msg('myAccount/callRecord/monthlyStatistics', { startDate: '2026-05-02', endDate: '2026-05-01' })).toBe(USAGE_MSG.dateOrder);
    expect(await msg('myCallHistory/chargeSituations', { startDate: '2026-13-01' })).toBe(USAGE_MSG.dateFormat);
    expect(await msg('myAccount/callRecord/callDetail/list', { pageNum: '101', pageSize: '100' })).toBe(USAGE_MSG.tooDeep);
    expect(await msg('myAccount/callRecord/callDetail/list', { seqNo: 'abc' })).toBe(USAGE_MSG.seqNo);
    expect(await msg('myAccount/callRecord/callDetail/list', { code: 'x' })).toBe(USAGE_MSG.code);
    const res = await as(buyer, 'myAccount/callRecord/callStatisticalChart', { interfaceId: '-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'ALL_0001', msg: USAGE_MSG.interface });
  });
});
