// 接口监控 (issue #23) on a real PGlite: records made by real gateway calls, then given known
// latencies, codes and times, so every figure can be checked exactly.
import { MONITOR_MSG, PLATFORM_CODES, USAGE_MSG } from '@apimarket/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alertRules, assignments, callRecords, members, purchases } from '../../db/schema';
import { newAccount, qualifiedAccount, type TestAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { callWithSample } from '../../test/gateway';
import { buildTestApp, type TestApp } from '../../test/harness';
import { post } from '../../test/identity';
import { newPurchaseKey } from '../billing/billing.service';
import { clearGatewayCaches } from '../gateway/gateway.service';
import { clearMonitorCache } from './monitor.service';

let t: TestApp;
let buyer: TestAccount;
let sub: TestAccount;
let other: TestAccount;
const ID_CARD = 1882;
const BANK_CARD = 1887;

const json = async (a: TestAccount, path: string, fields: Record<string, string> = {}) => (await post(t, path, fields, { cookies: a.cookies })).json();

/** Makes `n` real calls and sets each record's code, latency and age (minutes ago). */
async function calls(key: string, shape: Array<{ code: string; ms: number; ago?: number }>) {
  for (const s of shape) {
    const r = await callWithSample(t, key, ID_CARD, {}, '203.0.113.40');
    expect(r.code).toBe('10000');
    await t.database.db
      .update(callRecords)
      .set({ code: s.code, latencyMs: s.ms, createdAt: sql`now() - make_interval(mins => ${s.ago ?? 1})` })
      .where(eq(callRecords.seqNo, r.seqNo));
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await qualifiedAccount(t, '10.94.0.1');
  other = await qualifiedAccount(t, '10.94.0.3');
  sub = await newAccount(t, '10.94.0.2');
  await t.database.db.update(members).set({ parentId: buyer.memberId }).where(eq(members.id, sub.memberId));
  const idKey = await buyCheapest(t, buyer, ID_CARD);
  await buyCheapest(t, buyer, BANK_CARD);
  const otherKey = await buyCheapest(t, other, ID_CARD);
  const [p] = await t.database.db.select({ id: purchases.id }).from(purchases).where(eq(purchases.key, idKey));
  const subKey = newPurchaseKey();
  await t.database.db.insert(assignments).values({ memberId: sub.memberId, purchaseId: p?.id ?? 0, key: subKey, callsAllotted: 10 });
  clearGatewayCaches();

  // The buyer's hour: 7 successes, a business answer, an upstream timeout, a caller refusal.
  await calls(idKey, [
    ...[10, 20, 30, 40, 50, 60, 70].map((ms) => ({ code: '10000', ms })),
    { code: '10001', ms: 80 },
    { code: 'SYSTEM_027', ms: 90 },
    { code: 'SYSTEM_012', ms: 5 },
    // Two hours ago: in the day, not in the hour.
    { code: '10000', ms: 500, ago: 120 },
  ]);
  await calls(subKey, [
    { code: '10000', ms: 200 },
    { code: '10000', ms: 300 },
  ]);
  await calls(otherKey, [
    { code: '10000', ms: 1000 },
    { code: '10000', ms: 2000 },
    { code: '10000', ms: 3000 },
  ]);
  await t.database.db
    .insert(alertRules)
    .values({ memberId: buyer.memberId, kind: 'error_rate', interfaceId: ID_CARD, threshold: 20, windowMinutes: 60, codes: [], enabled: true });
});
beforeEach(() => clearMonitorCache());
afterAll(() => t.close());

describe('接口监控: figures', () => {
  it('overview: the buyer’s own calls of the hour, exact; the upstream over every account', async () => {
    const body = await json(buyer, 'monitor/overview', { window: 'hour' });
    expect(body.code).toBe(200);
    expect(body.data.rows.map((r: { interfaceId: number }) => r.interfaceId)).toEqual([ID_CARD, BANK_CARD]);
    const [id, bank] = body.data.rows;
    expect(id.figures).toEqual({
      calls: 10,
      success: 7,
      successShare: 70,
      measured: 9,
      outages: 1,
      availability: 88.89,
      p50: 50,
      p95: 90,
      p99: 90,
      errors: 3,
      errorRate: 30,
      errorRateJudged: true,
      status: 'bad',
    });
    // Two companies called 1882 (the buyer, with its sub-account, and the other): too few to show.
    expect(id.upstream).toEqual({ shown: false, availability: null, p95: null, status: 'idle' });
    expect(id.alertThreshold).toBe(20);
    expect(bank.figures).toMatchObject({ calls: 0, availability: null, p95: null, status: 'idle', errorRateJudged: false });
    expect(bank.upstream.status).toBe('idle');
    expect(bank.alertThreshold).toBeNull();
  });

  it('detail: the code mix with words and shares, a 5-minute series summing to the figures, the alert', async () => {
    const body = await json(buyer, 'monitor/interface', { window: 'hour', interfaceId: String(ID_CARD) });
    expect(body.code).toBe(200);
    const d = body.data;
    expect(d.bucketMinutes).toBe(5);
    expect(d.codes).toEqual([
      { code: '10000', words: expect.any(String), kind: 'success', calls: 7, share: 70 },
      { code: '10001', words: expect.any(String), kind: 'business', calls: 1, share: 10 },
      { code: 'SYSTEM_012', words: PLATFORM_CODES.SYSTEM_012, kind: 'caller', calls: 1, share: 10 },
      { code: 'SYSTEM_027', words: PLATFORM_CODES.SYSTEM_027, kind: 'outage', calls: 1, share: 10 },
    ]);
    expect(d.series.length).toBeGreaterThanOrEqual(12);
    expect(d.series.length).toBeLessThanOrEqual(13);
    const sum = (k: 'calls' | 'errors' | 'outages') => d.series.reduce((n: number, p: Record<string, number>) => n + (p[k] ?? 0), 0);
    expect([sum('calls'), sum('errors'), sum('outages')]).toEqual([10, 3, 1]);
    // Buckets start on 5-minute marks.
    for (const p of d.series) expect(new Date(p.at).getTime() % 300_000).toBe(0);
    expect(d.alerts).toEqual([expect.objectContaining({ threshold: 20, windowMinutes: 60, codes: [], enabled: true })]);
  });

  it('the day takes the call of two hours ago; its buckets are hours', async () => {
    const d = (await json(buyer, 'monitor/interface', { window: 'day', interfaceId: String(ID_CARD) })).data;
    expect(d.figures).toMatchObject({ calls: 11, success: 8, measured: 10, p95: 500, errorRate: 27 });
    expect(d.bucketMinutes).toBe(60);
    expect(d.series.length).toBeGreaterThanOrEqual(24);
    const w = (await json(buyer, 'monitor/overview', { window: 'week' })).data;
    expect(w.rows[0].figures.calls).toBe(11);
  });
});

describe('接口监控: whose calls', () => {
  it('another account sees only its own calls; the buyer’s other interface answers ALL_0011', async () => {
    const body = await json(other, 'monitor/overview', { window: 'hour' });
    expect(body.data.rows).toHaveLength(1);
    expect(body.data.rows[0].figures).toMatchObject({ calls: 3, p50: 2000, p99: 3000, availability: 100 });
    const notMine = await json(other, 'monitor/interface', { window: 'hour', interfaceId: String(BANK_CARD) });
    expect(notMine).toMatchObject({ code: 'ALL_0011', msg: MONITOR_MSG.notBought });
    const never = await json(other, 'monitor/interface', { window: 'hour', interfaceId: '999999' });
    expect(never).toMatchObject({ code: 'ALL_0011', msg: MONITOR_MSG.notBought });
  });

  it('a sub-account: its assigned interface and its own calls only; it cannot ask for all', async () => {
    const body = await json(sub, 'monitor/overview', { window: 'hour' });
    expect(body.data.rows.map((r: { interfaceId: number }) => r.interfaceId)).toEqual([ID_CARD]);
    expect(body.data.rows[0].figures).toMatchObject({ calls: 2, p50: 200, p95: 300, availability: 100, status: 'ok' });
    expect(body.data.rows[0].alertThreshold).toBeNull();
    expect(await json(sub, 'monitor/interface', { window: 'hour', interfaceId: String(BANK_CARD) })).toMatchObject({ code: 'ALL_0011' });
    expect(await json(sub, 'monitor/overview', { window: 'hour', scope: 'all' })).toMatchObject({ code: 'ALL_0010', msg: USAGE_MSG.subOnlyOwn });
  });

  it('a main account asks scope=all: its own and its sub-accounts’ calls', async () => {
    const body = await json(buyer, 'monitor/overview', { window: 'hour', scope: 'all' });
    expect(body.data.rows[0].figures).toMatchObject({ calls: 12, measured: 11, outages: 1 });
  });
});

describe('接口监控: input', () => {
  it('refuses an unknown window, scope or interface in Chinese', async () => {
    expect(await json(buyer, 'monitor/overview', { window: 'month' })).toMatchObject({ code: 'ALL_0001', msg: MONITOR_MSG.window });
    expect(await json(buyer, 'monitor/overview', { scope: 'everyone' })).toMatchObject({ code: 'ALL_0001', msg: MONITOR_MSG.scope });
    expect(await json(buyer, 'monitor/interface', { interfaceId: 'abc' })).toMatchObject({ code: 'ALL_0001', msg: MONITOR_MSG.interface });
    expect(await json(buyer, 'monitor/interface', {})).toMatchObject({ code: 'ALL_0001', msg: MONITOR_MSG.interface });
    // Empty window is the hour.
    expect((await json(buyer, 'monitor/overview', {})).data.window).toBe('hour');
  });

  it('does not read another account’s records for the upstream beyond aggregates', async () => {
    const body = await json(other, 'monitor/interface', { window: 'hour', interfaceId: String(ID_CARD) });
    expect(Object.keys(body.data.upstream).sort()).toEqual(['availability', 'p95', 'shown', 'status']);
    expect(body.data.codes.map((c: { calls: number }) => c.calls)).toEqual([3]);
    const ids = await t.database.db
      .select({ id: callRecords.id })
      .from(callRecords)
      .where(inArray(callRecords.memberId, [other.memberId]));
    expect(ids).toHaveLength(3);
  });
});

describe('接口监控: the upstream', () => {
  it('is shown once three companies called it: every company’s measured calls, nobody’s count', async () => {
    const third = await qualifiedAccount(t, '10.95.0.9');
    await calls(await buyCheapest(t, third, ID_CARD), [{ code: '10000', ms: 100 }]);
    clearMonitorCache();
    const [id] = (await json(buyer, 'monitor/overview', { window: 'hour' })).data.rows;
    // 15 measured (the buyer's 9, its sub-account's 2, the other's 3, the third's 1), one outage;
    // nearest-rank p95 of the 15 latencies is the slowest, 3 000 ms.
    expect(id.upstream).toEqual({ shown: true, availability: 93.33, p95: 3000, status: 'bad' });
  });
});
