// 车险分析 through the real calls on PGlite: menu code 12 and the purchase of each model gate
// every call in words; a truck, a coach and a fleet company are each scored by one charged call
// of 9963, 9965, 9964 through the gateway's pipeline, deterministically; a failed answer is kept
// and not charged; cycles, logs, the access history and its detail, the zone map; every id
// answered to its owner only, a sub-account through its own assignment.
import { FEATURE, featureMissing, INSURANCE_MSG, isValidUscc, TRANSPORT_MSG, MAP_PROVINCES } from '@apimarket/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assignments, callRecords, insuranceQueries, members, purchases, subAccounts } from '../../db/schema';
import { drawFor } from '../../providers/sandbox/draw';
import { creditCode, grantFeatures, newAccount, qualifiedAccount, type TestAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { buildTestApp, type TestApp } from '../../test/harness';
import { post } from '../../test/identity';
import { expectXlsxDownload, readXlsx } from '../../test/xlsx';
import { newPurchaseKey } from '../billing/billing.service';
import { clearGatewayCaches } from '../gateway/gateway.service';

let t: TestApp;
let buyer: TestAccount;
let other: TestAccount;
let truckKey = '';
let busKey = '';
let fleetKey = '';
const IP = '198.51.100.23';

const db = () => t.database.db;
const as = (a: TestAccount) => ({ cookies: a.cookies, ip: IP });
const call = (a: TestAccount, path: string, fields: Record<string, string> = {}) => post(t, `UserCenter/${path}`, fields, as(a));
const callsLeft = async (key: string) => (await db().select({ n: purchases.callsLeft }).from(purchases).where(eq(purchases.key, key)))[0]?.n ?? -1;

function plates(kind: 'online' | 'offline', n: number, prefix = '苏E'): string[] {
  const out: string[] = [];
  for (let i = 30000; out.length < n && i < 99999; i++) {
    const plate = `${prefix}${i}`;
    const offline = drawFor(['vehicle', plate]).chance('offline', 0.06);
    if (kind === 'offline' ? offline : !offline) out.push(plate);
  }
  return out;
}
const [T1, T2, B1] = plates('online', 3) as [string, string, string];
const [OFFLINE] = plates('offline', 1) as [string];
const COMPANY = '苏州顺达物流有限公司';

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await qualifiedAccount(t, '10.73.0.1', [FEATURE.vehicleInsurance]);
  other = await qualifiedAccount(t, '10.73.0.2', [FEATURE.vehicleInsurance]);
});
afterAll(() => t.close());
beforeEach(() => clearGatewayCaches());

describe('the gates', () => {
  it('refuses every call without 车险分析 (menu code 12), in words', async () => {
    const plain = await qualifiedAccount(t, '10.73.0.3');
    const refusal = { code: 'ALL_0010', msg: featureMissing(FEATURE.vehicleInsurance) };
    expect(refusal.msg).toBe('您的账号未开通「车险分析」，请联系客户经理开通');
    for (const path of [
      'insuranceModels',
      'drivingLine',
      'findDrivingCycleMongoByPage',
      'qyCarTeamModel',
      'getCarTeamModelPage',
      'busModel',
      'getBusModelPage',
      'getInsuranceZoneData',
      'insuranceAccessHistory',
      'insuranceAccessLog',
    ]) {
      expect((await call(plain, path, { plateNumber: T1, plateColor: '2', id: '1' })).json(), path).toMatchObject(refusal);
    }
    await grantFeatures(t, plain.memberId, [FEATURE.vehicleInsurance]);
    expect((await call(plain, 'insuranceModels')).json().code).toBe(200);
  });

  it('is for an authenticated company', async () => {
    const fresh = await newAccount(t, '10.73.0.4');
    expect((await call(fresh, 'insuranceModels')).json().code).toBe('ALL_0060');
  });

  it('names the interface a model needs before it is bought, and charges nothing', async () => {
    const before = (await call(buyer, 'insuranceModels')).json().data;
    expect(before.map((m: { interfaceId: number; usable: boolean; reason: string }) => [m.interfaceId, m.usable, m.reason])).toEqual([
      [9963, false, '尚未购买「货车风险评分模型」接口'],
      [9964, false, '尚未购买「货车车队风险评分模型」接口'],
      [9965, false, '尚未购买「客车风险评分模型」接口'],
    ]);
    expect((await call(buyer, 'drivingLine', { plateNumber: T1, plateColor: '2' })).json()).toMatchObject({
      code: 'ALL_0001',
      msg: INSURANCE_MSG.need('truck'),
    });
    expect(INSURANCE_MSG.need('truck')).toBe('货车风险评分需要已购「货车风险评分模型」（9963）接口，且在有效期内有剩余次数');
    expect((await call(buyer, 'qyCarTeamModel', { companyName: COMPANY })).json()).toMatchObject({ msg: INSURANCE_MSG.need('fleet') });
    expect((await call(buyer, 'busModel', { plateNumber: B1, plateColor: '2' })).json()).toMatchObject({ msg: INSURANCE_MSG.need('bus') });
    expect(await db().select().from(insuranceQueries).where(eq(insuranceQueries.memberId, buyer.memberId))).toEqual([]);

    truckKey = await buyCheapest(t, buyer, 9963);
    // 9963 does not open the fleet model: each model needs its own interface.
    expect((await call(buyer, 'qyCarTeamModel', { companyName: COMPANY })).json()).toMatchObject({ msg: INSURANCE_MSG.need('fleet') });
    fleetKey = await buyCheapest(t, buyer, 9964);
    busKey = await buyCheapest(t, buyer, 9965);
    const after = (await call(buyer, 'insuranceModels')).json().data;
    expect(after.map((m: { usable: boolean; callsLeft: number }) => m.usable)).toEqual([true, true, true]);
    expect((await post(t, 'dataApi/checkTruckInterface', {}, as(buyer))).json().data).toBe(true);
  });
});

describe('scoring a truck (drivingLine)', () => {
  let first: Record<string, unknown>;

  it('scores it with one charged 9963 call: grade, the five factors, lines on the map, cycles summed', async () => {
    const before = await callsLeft(truckKey);
    const res = (await call(buyer, 'drivingLine', { plateNumber: T1.toLowerCase(), plateColor: '2' })).json();
    expect(res).toMatchObject({ code: 200, msg: '评分完成' });
    first = res.data;
    expect(first).toMatchObject({
      model: 'truck',
      interfaceId: 9963,
      plateNumber: T1,
      plateColorLabel: '黄色',
      success: true,
      charged: true,
      province: '江苏',
      operator: buyer.uName,
    });
    const grade = first.grade as string;
    expect(first.gradeLabel).toBe({ A: '低风险', B: '较低风险', C: '中等风险', D: '较高风险', E: '高风险' }[grade]);
    const factors = first.factors as Array<{ key: string; contribution: number; levelLabel: string; display: string }>;
    expect(factors.map((f) => f.key).sort()).toEqual(['fatigue', 'mileage', 'nightShare', 'regions', 'speeding']);
    expect(factors.reduce((s, f) => s + f.contribution, 0)).toBeCloseTo(1, 1);
    for (const f of factors) expect(['高', '中', '低']).toContain(f.levelLabel);
    const lines = first.lines as Array<{ from: [number, number]; to: [number, number]; fromProvince: string; toProvince: string }>;
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) {
      expect(MAP_PROVINCES).toContain(l.toProvince);
      expect(l.from[0]).toBeGreaterThan(73);
    }
    expect((first.cycles as { cycles: number }).cycles).toBeGreaterThan(10);
    expect(await callsLeft(truckKey)).toBe(before - 1);
    const recs = await db()
      .select()
      .from(callRecords)
      .where(and(eq(callRecords.memberId, buyer.memberId), eq(callRecords.interfaceId, 9963)));
    expect(recs.filter((r) => r.charged === 1)).toHaveLength(1);
    expect(recs[0]?.seqNo).toBe(first.seqNo);
  });

  it('answers the same plate with the same score, factors and lines every time (each query charged)', async () => {
    const before = await callsLeft(truckKey);
    const again = (await call(buyer, 'drivingLine', { plateNumber: T1, plateColor: '2' })).json().data;
    for (const k of ['score', 'grade', 'factors', 'lines']) expect(again[k]).toEqual(first[k]);
    expect(again.id).not.toBe(first.id);
    expect(await callsLeft(truckKey)).toBe(before - 1);
    const otherTruck = (await call(buyer, 'drivingLine', { plateNumber: T2, plateColor: '2' })).json().data;
    expect(otherTruck.lines).not.toEqual(first.lines);
  });

  it('pages the query’s driving cycles and exports them', async () => {
    const id = String(first.id);
    const total = (first.cycles as { cycles: number }).cycles;
    const p1 = (await call(buyer, 'findDrivingCycleMongoByPage', { id, pageNum: '1', pageSize: '10' })).json();
    expect(p1.total).toBe(total);
    expect(p1.rows).toHaveLength(10);
    expect(p1.rows[0]).toMatchObject({ seq: 1, departTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
    const file = await call(buyer, 'findDrivingCycleMongoByPage', { id, export: '1' });
    expectXlsxDownload(file, 'driving-cycles', `行驶周期-${T1}`);
    const rows = await readXlsx(file.rawPayload);
    expect(rows[0]?.[0]).toBe('序号');
    expect(rows).toHaveLength(total + 1);
  });

  it('refuses bad plates and colours in words, calling nothing', async () => {
    const before = await callsLeft(truckKey);
    expect((await call(buyer, 'drivingLine', { plateNumber: '', plateColor: '2' })).json()).toMatchObject({
      code: 'ALL_0001',
      msg: TRANSPORT_MSG.plateRequired,
    });
    expect((await call(buyer, 'drivingLine', { plateNumber: '苏Z', plateColor: '2' })).json()).toMatchObject({ msg: TRANSPORT_MSG.plate });
    expect((await call(buyer, 'drivingLine', { plateNumber: T1, plateColor: '' })).json()).toMatchObject({ msg: TRANSPORT_MSG.plateColor });
    expect((await call(buyer, 'drivingLine', { plateNumber: T1, plateColor: '5' })).json()).toMatchObject({ msg: TRANSPORT_MSG.fuelColor });
    expect(await callsLeft(truckKey)).toBe(before);
  });

  it('keeps a failed answer (vehicle not on the platform) uncharged, in the log, out of the map', async () => {
    const before = await callsLeft(truckKey);
    const res = (await call(buyer, 'drivingLine', { plateNumber: OFFLINE, plateColor: '2' })).json();
    expect(res.data).toMatchObject({ success: false, code: '10011', charged: false, score: null, grade: null, factors: [], lines: [] });
    expect(res.msg).toMatch(/^模型未返回评分：.+，本次查询未计费$/);
    expect(await callsLeft(truckKey)).toBe(before);
    const log = (await call(buyer, 'insuranceAccessLog', { id: String(res.data.id) })).json().data;
    expect(log).toMatchObject({ success: false, truck: null, code: '10011' });
  });
});

describe('scoring a fleet company (qyCarTeamModel)', () => {
  it('checks the credit code, needs a name or a code, and scores with one charged 9964 call', async () => {
    const before = await callsLeft(fleetKey);
    expect((await call(buyer, 'qyCarTeamModel', {})).json()).toMatchObject({ code: 'ALL_0001', msg: INSURANCE_MSG.companyRequired });
    expect((await call(buyer, 'qyCarTeamModel', { creditCode: '91320000MA1234567X' })).json()).toMatchObject({ msg: INSURANCE_MSG.creditCode });
    expect((await call(buyer, 'qyCarTeamModel', { companyName: '公\u0007司' })).json()).toMatchObject({ code: 'ALL_0001' });
    expect(await callsLeft(fleetKey)).toBe(before);

    const code = creditCode();
    expect(isValidUscc(code)).toBe(true);
    const res = (await call(buyer, 'qyCarTeamModel', { companyName: COMPANY, creditCode: code.toLowerCase() })).json();
    const d = res.data;
    expect(d).toMatchObject({
      model: 'fleet',
      success: true,
      charged: true,
      companyName: COMPANY,
      creditCode: code,
      subject: `${COMPANY}（${code}）`,
      province: '上海',
    });
    const dist = d.gradeDistribution as Array<{ grade: string; count: number }>;
    expect(dist.map((g) => g.grade)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(dist.reduce((s, g) => s + g.count, 0)).toBe(d.evaluatedCount);
    expect(d.factors.map((f: { key: string }) => f.key).sort()).toEqual(['fatigue', 'highRisk', 'mileage', 'nightShare', 'speeding']);
    expect(await callsLeft(fleetKey)).toBe(before - 1);
    const again = (await call(buyer, 'qyCarTeamModel', { companyName: COMPANY, creditCode: code })).json().data;
    expect([again.score, again.gradeDistribution]).toEqual([d.score, d.gradeDistribution]);
    // A company by name alone: scored, but not on the map (no registration province).
    expect((await call(buyer, 'qyCarTeamModel', { companyName: '无锡安运汽运有限公司' })).json().data).toMatchObject({ success: true, province: '' });
  });

  it('lists the fleet queries with filters, and exports them', async () => {
    const all = (await call(buyer, 'getCarTeamModelPage')).json();
    expect(all.total).toBe(3);
    expect(all.rows.every((r: { model: string }) => r.model === 'fleet')).toBe(true);
    expect((await call(buyer, 'getCarTeamModelPage', { company: '无锡' })).json().total).toBe(1);
    const grade = all.rows[0].grade as string;
    expect((await call(buyer, 'getCarTeamModelPage', { grade })).json().rows.every((r: { grade: string }) => r.grade === grade)).toBe(true);
    expect((await call(buyer, 'getCarTeamModelPage', { grade: 'F' })).json()).toMatchObject({ code: 'ALL_0001', msg: INSURANCE_MSG.grade });
    expect((await call(buyer, 'getCarTeamModelPage', { startDate: '2026-02-30' })).json()).toMatchObject({ msg: INSURANCE_MSG.startDate });
    expect((await call(buyer, 'getCarTeamModelPage', { startDate: '2026-05-02', endDate: '2026-05-01' })).json()).toMatchObject({
      msg: INSURANCE_MSG.dateOrder,
    });
    expect((await call(buyer, 'getCarTeamModelPage', { startDate: '2024-01-01', endDate: '2026-01-01' })).json()).toMatchObject({
      msg: INSURANCE_MSG.rangeTooLong,
    });
    expect((await call(buyer, 'getCarTeamModelPage', { startDate: '2020-01-01', endDate: '2020-01-31' })).json().total).toBe(0);
    const file = await call(buyer, 'getCarTeamModelPage', { export: '1' });
    expectXlsxDownload(file, 'fleet-model-log', '车队评分记录');
    const rows = await readXlsx(file.rawPayload);
    expect(rows[0]).toEqual(['查询时间', '模型', '查询对象', '省份', '评分', '风险等级', '结果', '是否计费', '流水号', '操作人']);
    expect(rows).toHaveLength(4);
  });
});

describe('scoring a coach (busModel)', () => {
  it('scores it with one charged 9965 call with the coach factors, and logs it', async () => {
    const before = await callsLeft(busKey);
    const d = (await call(buyer, 'busModel', { plateNumber: B1, plateColor: '2' })).json().data;
    expect(d).toMatchObject({ model: 'bus', interfaceId: 9965, success: true, charged: true });
    expect(d.factors.map((f: { key: string }) => f.key).sort()).toEqual([
      'fatigue',
      'mileage',
      'mountainShare',
      'nightLongShare',
      'overspeed',
      'stopRegularity',
    ]);
    expect(await callsLeft(busKey)).toBe(before - 1);
    const cycles = (await call(buyer, 'findDrivingCycleMongoByPage', { id: String(d.id) })).json();
    expect(cycles.total).toBe(d.cycles.cycles);
    const log = (await call(buyer, 'getBusModelPage', { plateNumber: B1.slice(0, 4) })).json();
    expect(log.rows.map((r: { id: number }) => r.id)).toEqual([d.id]);
    const file = await call(buyer, 'getBusModelPage', { export: '1' });
    expectXlsxDownload(file, 'bus-model-log', '客车评分记录');
  });
});

describe('access history, its log and the zone map', () => {
  it('lists every model query, filtered, newest first, and exports them', async () => {
    const all = (await call(buyer, 'insuranceAccessHistory')).json();
    expect(all.total).toBe(8);
    expect(all.rows[0].model).toBe('bus');
    expect((await call(buyer, 'insuranceAccessHistory', { model: 'truck' })).json().total).toBe(4);
    expect((await call(buyer, 'insuranceAccessHistory', { subject: T1 })).json().total).toBe(2);
    expect((await call(buyer, 'insuranceAccessHistory', { model: 'car' })).json()).toMatchObject({ code: 'ALL_0001', msg: INSURANCE_MSG.model });
    const file = await call(buyer, 'insuranceAccessHistory', { export: '1' });
    expectXlsxDownload(file, 'insurance-access', '车险模型访问记录');
    expect(await readXlsx(file.rawPayload)).toHaveLength(9);
  });

  it('details one query: the masked parameters, the answer, the result', async () => {
    const [row] = (await call(buyer, 'insuranceAccessHistory', { model: 'truck', subject: T2 })).json().rows;
    const log = (await call(buyer, 'insuranceAccessLog', { id: String(row.id) })).json().data;
    expect(log.request.plateColor).toBe('2');
    expect(log.request.plateNumber).not.toBe(T2);
    expect(log.request.plateNumber).toMatch(/^苏E\*+\d\d$/);
    expect(log.response).toMatchObject({ score: log.score });
    expect(log.truck).toMatchObject({ id: row.id, plateNumber: T2 });
    expect([log.bus, log.fleet]).toEqual([null, null]);
    expect(log.ip).toBe(IP);
  });

  it('sums the scored queries by province, as the china map names them', async () => {
    const zone = (await call(buyer, 'getInsuranceZoneData')).json().data;
    expect(zone.total).toBe(7);
    expect(zone.unplaced).toBe(1);
    const js = zone.provinces.find((p: { province: string }) => p.province === '江苏');
    expect(js).toMatchObject({ queries: 4 });
    expect(js.byModel.truck.queries).toBe(3);
    expect(js.byModel.bus.queries).toBe(1);
    expect(js.grades.reduce((s: number, g: { count: number }) => s + g.count, 0)).toBe(4);
    expect(zone.provinces.find((p: { province: string }) => p.province === '上海')).toMatchObject({ queries: 2 });
    for (const p of zone.provinces) expect(MAP_PROVINCES).toContain(p.province);
    expect((await call(buyer, 'getInsuranceZoneData', { model: 'bus' })).json().data.total).toBe(1);
    expect((await call(buyer, 'getInsuranceZoneData', { startDate: '2020-01-01' })).json()).toMatchObject({
      code: 'ALL_0001',
      msg: INSURANCE_MSG.rangeTooLong,
    });
    expect((await call(buyer, 'getInsuranceZoneData', { startDate: '2099-01-01' })).json()).toMatchObject({ code: 'ALL_0001', msg: INSURANCE_MSG.dateOrder });
    expect((await call(buyer, 'getInsuranceZoneData', { startDate: '2020-01-01', endDate: '2020-02-01' })).json().data).toMatchObject({
      total: 0,
      provinces: [],
      min: 0,
      max: 100,
    });
  });
});

describe('owners only', () => {
  it('answers another account’s query as a nonexistent one, and lists nothing of it', async () => {
    const [row] = (await call(buyer, 'insuranceAccessHistory', { model: 'truck' })).json().rows;
    const missing = { code: 'ALL_0011', msg: INSURANCE_MSG.queryMissing };
    expect((await call(other, 'insuranceAccessLog', { id: String(row.id) })).json()).toMatchObject(missing);
    expect((await call(other, 'findDrivingCycleMongoByPage', { id: String(row.id) })).json()).toMatchObject(missing);
    expect((await call(other, 'insuranceAccessLog', { id: '99999999' })).json()).toMatchObject(missing);
    expect((await call(other, 'insuranceAccessLog', { id: 'abc' })).json()).toMatchObject({ code: 'ALL_0001', msg: INSURANCE_MSG.queryMissing });
    expect((await call(other, 'insuranceAccessHistory')).json().total).toBe(0);
    expect((await call(other, 'getInsuranceZoneData')).json().data.total).toBe(0);
    const [fleet] = (await call(buyer, 'getCarTeamModelPage')).json().rows;
    expect((await call(buyer, 'findDrivingCycleMongoByPage', { id: String(fleet.id) })).json()).toMatchObject({ msg: INSURANCE_MSG.notTruckQuery });
  });

  it('lets a sub-account score through its own assignment, charged on it, seeing only its own queries', async () => {
    const sub = await newAccount(t, '10.73.0.9');
    await db()
      .update(members)
      .set({ parentId: buyer.memberId, featureCodes: [FEATURE.onlineQuery, FEATURE.vehicleInsurance] })
      .where(eq(members.id, sub.memberId));
    await db().insert(subAccounts).values({ memberId: sub.memberId, parentId: buyer.memberId, subCompanyName: '核保部', billingMode: 'calls' });
    const [p] = await db().select({ id: purchases.id }).from(purchases).where(eq(purchases.key, truckKey));
    const subKey = newPurchaseKey();
    await db()
      .insert(assignments)
      .values({ memberId: sub.memberId, purchaseId: p?.id ?? 0, key: subKey, callsAllotted: 3 });
    clearGatewayCaches();
    const states = (await call(sub, 'insuranceModels')).json().data;
    expect(states.map((m: { usable: boolean; callsLeft: number }) => [m.usable, m.callsLeft])).toEqual([
      [true, 3],
      [false, 0],
      [false, 0],
    ]);
    const parentBefore = await callsLeft(truckKey);
    const d = (await call(sub, 'drivingLine', { plateNumber: T2, plateColor: '2' })).json().data;
    expect(d).toMatchObject({ success: true, charged: true, operator: sub.uName });
    const [a] = await db().select().from(assignments).where(eq(assignments.key, subKey));
    expect(a?.callsUsed).toBe(1);
    expect(await callsLeft(truckKey)).toBe(parentBefore - 1);
    expect((await call(sub, 'insuranceAccessHistory')).json().rows.map((r: { id: number }) => r.id)).toEqual([d.id]);
    expect((await call(buyer, 'insuranceAccessLog', { id: String(d.id) })).json()).toMatchObject({ code: 'ALL_0011' });
    expect((await call(sub, 'busModel', { plateNumber: B1, plateColor: '2' })).json()).toMatchObject({ msg: INSURANCE_MSG.need('bus') });
  });
});
