// Supplier routing through the real gateway on PGlite, against supplier stubs on this machine
// (issue #24): routing by priority and weight, failover charged once, the breaker opening, probing
// and closing, the bulkhead's refusals, mapped names and codes, credentials never in an answer, a
// record or a log line, and supplier_stats equal to the sums of the records.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callRecords, outbox, purchases, supplierEvents, supplierRoutes, supplierStats, suppliers } from '../../db/schema';
import { forget } from '../../memo';
import { qualifiedAccount, type TestAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { callWithSample } from '../../test/gateway';
import { buildTestApp, logCapture, type TestApp } from '../../test/harness';
import { type StubMode, type SupplierStub, startSupplierStub } from '../../test/supplier-stub';
import { clearGatewayCaches } from '../gateway/gateway.service';
import { sealCredentials } from './credentials';
import { type LiveRoute, orderOf } from './router';

const IFACE = 1979;
const SECRET = 'sk-live-7f3a9c0d2e';
const { lines: logLines, stream } = logCapture();
let t: TestApp;
let buyer: TestAccount;
let key = '';
let primary: SupplierStub;
let secondary: SupplierStub;
const db = () => t.database.db;
const QUICK: StubMode = { latency: { medianMs: 5, p99Ms: 20 } };

beforeAll(async () => {
  t = await buildTestApp({
    logStream: stream,
    env: { SUPPLIER_BREAKER_MIN_RPS: '2', SUPPLIER_BREAKER_WINDOW_MS: '1000', SUPPLIER_HALF_OPEN_AFTER_MS: '1500', UPSTREAM_TIMEOUT_MS: '2000' },
  });
  buyer = await qualifiedAccount(t, '10.75.0.1');
  key = await buyCheapest(t, buyer, IFACE);
  primary = await startSupplierStub({ mode: QUICK, seed: 1 });
  secondary = await startSupplierStub({
    mode: QUICK,
    seed: 2,
    answer: () => ({ code: '10000', message: '成功', data: { result: '1', desc: '一致', by: 'secondary' } }),
  });
});
afterAll(async () => {
  await t.close();
  await primary.close();
  await secondary.close();
});
beforeEach(async () => {
  primary.setMode(QUICK);
  secondary.setMode(QUICK);
  await db().delete(supplierRoutes);
  clearGatewayCaches();
});

async function supplier(name: string, limits: { maxConcurrent?: number; maxQueue?: number } = {}): Promise<number> {
  const [row] = await db()
    .insert(suppliers)
    .values({ name, ...limits })
    .onConflictDoUpdate({ target: suppliers.name, set: { maxConcurrent: limits.maxConcurrent ?? 64, maxQueue: limits.maxQueue ?? 16 } })
    .returning({ id: suppliers.id });
  return row?.id ?? 0;
}

async function route(supplierId: number, stub: SupplierStub, values: Partial<typeof supplierRoutes.$inferInsert> = {}, headers: Record<string, string> = {}) {
  await db()
    .insert(supplierRoutes)
    .values({
      interfaceId: IFACE,
      supplierId,
      endpoint: `${stub.url}/check`,
      credentialsSealed: sealCredentials(t.config, IFACE, supplierId, headers),
      credentialNames: Object.keys(headers),
      costMfen: 3500,
      ...values,
    });
  forget('suppliers');
}

const call = () => callWithSample(t, key, IFACE);
const callsLeft = async () => (await db().select({ n: purchases.callsLeft }).from(purchases).where(eq(purchases.key, key)))[0]?.n ?? -1;
const recordOf = async (seqNo: string) => (await db().select().from(callRecords).where(eq(callRecords.seqNo, seqNo)))[0];

describe('routing', () => {
  it('answers through the first priority, recording the supplier, its charge and its time', async () => {
    const a = await supplier('甲数据');
    const b = await supplier('乙数据');
    await route(a, primary, { priority: 1 }, { 'X-Api-Key': SECRET });
    await route(b, secondary, { priority: 2 });
    const before = await callsLeft();
    const res = await call();
    expect(res).toMatchObject({ code: '10000', data: { result: '1', desc: '一致' } });
    expect(res.data.by).toBeUndefined();
    expect(await callsLeft()).toBe(before - 1);
    const rec = await recordOf(res.seqNo);
    expect(rec).toMatchObject({ supplierId: a, supplierCostMfen: 3500, provider: '甲数据', charged: 1 });
    expect(rec?.attempts).toEqual([{ s: a, ms: expect.any(Number), r: 'ok' }]);
    expect(rec?.supplierMs).toBeGreaterThanOrEqual(0);
    // The credentials went to the supplier, and nowhere else.
    expect(primary.received.at(-1)?.headers['x-api-key']).toBe(SECRET);
    const [stored] = await db().select().from(supplierRoutes).where(eq(supplierRoutes.supplierId, a));
    expect(stored?.credentialsSealed).not.toContain(SECRET);
    expect(JSON.stringify(res)).not.toContain(SECRET);
    expect(JSON.stringify(rec)).not.toContain(SECRET);
    expect(logLines.join('\n')).not.toContain(SECRET);
  });

  it('shares a priority by weight, and tries the next priorities after it', () => {
    const r = (id: number, priority: number, weight: number) => ({ id, supplierId: id, priority, weight }) as LiveRoute;
    const routes = [r(1, 1, 300), r(2, 1, 100), r(3, 2, 100)];
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const firsts = new Map<number, number>();
    for (let i = 0; i < 4000; i += 1) {
      const order = orderOf(routes, random).map((x) => x.id);
      expect(order[2]).toBe(3);
      firsts.set(order[0] ?? 0, (firsts.get(order[0] ?? 0) ?? 0) + 1);
    }
    expect((firsts.get(1) ?? 0) / 4000).toBeGreaterThan(0.7);
    expect((firsts.get(1) ?? 0) / 4000).toBeLessThan(0.8);
    expect(firsts.has(3)).toBe(false);
  });

  it('maps parameter names out, and field names and codes back', async () => {
    const a = await supplier('甲数据');
    const mapped = await startSupplierStub({ answer: () => ({ code: 'E206', message: '号段不支持', data: { rs: '0' } }) });
    try {
      await route(a, mapped, { mapping: { params: { mobile: 'phone_no' }, fields: { rs: 'result' }, codes: { E206: '10006' } } });
      const res = await call();
      expect(res).toMatchObject({ code: '10006', message: '暂不支持该号段' });
      const sent = JSON.parse(mapped.received.at(-1)?.body ?? '{}');
      expect(Object.keys(sent)).toContain('phone_no');
      expect(Object.keys(sent)).not.toContain('mobile');
    } finally {
      await mapped.close();
    }
  });
});

describe('failover', () => {
  // Each test its own suppliers: a breaker opened by one test must not be met by the next.
  it('asks the next supplier when one fails, and charges the call once', async () => {
    const a = await supplier('戊数据');
    const b = await supplier('己数据');
    await route(a, primary, { priority: 1 });
    await route(b, secondary, { priority: 2 });
    primary.setMode({ ...QUICK, failure: { kind: 'status500', share: 1 } });
    const before = await callsLeft();
    const res = await call();
    expect(res).toMatchObject({ code: '10000', data: { by: 'secondary' } });
    expect(await callsLeft()).toBe(before - 1);
    const rec = await recordOf(res.seqNo);
    expect(rec).toMatchObject({ supplierId: b, charged: 1 });
    expect(rec?.attempts?.map((x) => [x.s, x.r])).toEqual([
      [a, 'refused'],
      [b, 'ok'],
    ]);
  });

  it('asks the next when one does not answer in its time, within the call deadline', async () => {
    const a = await supplier('庚数据');
    const b = await supplier('辛数据');
    await route(a, primary, { priority: 1, timeoutMs: 200 });
    await route(b, secondary, { priority: 2 });
    primary.setMode({ ...QUICK, failure: { kind: 'hang', share: 1 } });
    const res = await call();
    expect(res).toMatchObject({ code: '10000', data: { by: 'secondary' } });
    const rec = await recordOf(res.seqNo);
    expect(rec?.attempts?.[0]).toMatchObject({ s: a, r: 'timeout' });
    expect(rec?.attempts?.[0]?.ms).toBeGreaterThanOrEqual(190);
  });

  it('answers SYSTEM_028, uncharged, when every supplier fails, recording each', async () => {
    const a = await supplier('壬数据');
    const b = await supplier('癸数据');
    await route(a, primary, { priority: 1 });
    await route(b, secondary, { priority: 1 });
    primary.setMode({ ...QUICK, failure: { kind: 'malformed', share: 1 } });
    secondary.setMode({ ...QUICK, failure: { kind: 'reset', share: 1 } });
    const before = await callsLeft();
    const res = await call();
    expect(res).toMatchObject({ code: 'SYSTEM_028', data: null });
    expect(await callsLeft()).toBe(before);
    const rec = await recordOf(res.seqNo);
    expect(rec).toMatchObject({ supplierId: null, charged: 0, supplierCostMfen: 0 });
    expect(rec?.attempts?.map((x) => x.r).sort()).toEqual(['refused', 'refused']);
  });
});

describe('the breaker', () => {
  it('opens on failures, passes the supplier over, probes it after the cool-down and closes', async () => {
    const a = await supplier('丙数据');
    const b = await supplier('乙数据');
    await route(a, primary, { priority: 1 });
    await route(b, secondary, { priority: 2 });
    primary.setMode({ ...QUICK, failure: { kind: 'status500', share: 1 } });
    for (let i = 0; i < 4; i += 1) expect((await call()).data.by).toBe('secondary');
    const sentWhileFailing = primary.stats.calls;
    // Open: the primary is passed over without being asked.
    const open = await call();
    expect(open.data.by).toBe('secondary');
    expect((await recordOf(open.seqNo))?.attempts?.[0]).toEqual({ s: a, ms: 0, r: 'open' });
    expect(primary.stats.calls).toBe(sentWhileFailing);
    // With the secondary gone too, every breaker open: the sources are down (SYSTEM_028), not busy.
    const single = await db().select({ id: supplierRoutes.id }).from(supplierRoutes).where(eq(supplierRoutes.supplierId, b));
    await db()
      .update(supplierRoutes)
      .set({ enabled: false })
      .where(eq(supplierRoutes.id, single[0]?.id ?? 0));
    forget('suppliers');
    const down = await call();
    expect(down).toMatchObject({ code: 'SYSTEM_028', data: null });
    expect((await recordOf(down.seqNo))?.attempts).toEqual([{ s: a, ms: 0, r: 'open' }]);
    await db()
      .update(supplierRoutes)
      .set({ enabled: true })
      .where(eq(supplierRoutes.id, single[0]?.id ?? 0));
    forget('suppliers');
    // Recovered: after the cool-down one call probes it, and it is asked again.
    primary.setMode(QUICK);
    await new Promise((r) => setTimeout(r, 1600));
    const probe = await call();
    expect(probe.data.by).toBeUndefined();
    expect((await call()).data.by).toBeUndefined();
    await expect
      .poll(async () => (await db().select({ state: supplierEvents.state }).from(supplierEvents).where(eq(supplierEvents.supplierId, a))).map((e) => e.state))
      .toEqual(['open', 'closed']);
    const [opened] = await db()
      .select()
      .from(supplierEvents)
      .where(and(eq(supplierEvents.supplierId, a), eq(supplierEvents.state, 'open')));
    expect(opened?.reason).toBe('HTTP 502');
    // The operations team is told of both, by mail.
    await expect
      .poll(async () =>
        (await db().select({ subject: outbox.subject }).from(outbox).where(eq(outbox.recipient, t.config.opsEmail)))
          .map((m) => m.subject)
          .filter((x) => x.includes('丙数据')),
      )
      .toEqual(['【熔断】供应商「丙数据」已熔断，调用转往备用供应商', '【恢复】供应商「丙数据」已恢复调用']);
  });
});

describe('the bulkhead', () => {
  it('answers calls beyond a slow supplier’s limit SYSTEM_038 at once, uncharged', async () => {
    const a = await supplier('丁数据', { maxConcurrent: 1, maxQueue: 0 });
    await route(a, primary);
    primary.setMode({ latency: { medianMs: 300, p99Ms: 300 } });
    const before = await callsLeft();
    const answers = await Promise.all([call(), call(), call()]);
    const codes = answers.map((x) => x.code).sort();
    expect(codes).toEqual(['10000', 'SYSTEM_038', 'SYSTEM_038']);
    expect(await callsLeft()).toBe(before - 1);
    const busy = answers.find((x) => x.code === 'SYSTEM_038');
    expect((await recordOf(busy?.seqNo ?? ''))?.attempts).toEqual([{ s: a, ms: 0, r: 'busy' }]);
    expect(primary.stats.peakInFlight).toBe(1);
  });
});

describe('supplier_stats', () => {
  it('equals the sums of the call records, by supplier and interface', async () => {
    const sums = await db().execute(sql`
      select a.s as supplier_id, count(*) as tried, count(*) filter (where a.r = 'ok') as answered,
        sum(case when a.r = 'ok' and a.s = c.supplier_id then c.supplier_cost_mfen else 0 end) as cost,
        sum(case when a.r = 'ok' and a.s = c.supplier_id then c.cost_mfen else 0 end) as revenue
      from call_records c, jsonb_to_recordset(c.attempts) as a(s bigint, ms int, r text)
      where a.r in ('ok', 'timeout', 'refused') and c.interface_id = ${IFACE}
      group by a.s order by a.s`);
    const stats = await db()
      .select({
        supplierId: supplierStats.supplierId,
        tried: sql<number>`sum(${supplierStats.tried})::int`,
        answered: sql<number>`sum(${supplierStats.answered})::int`,
        cost: sql<number>`sum(${supplierStats.costMfen})::int`,
        revenue: sql<number>`sum(${supplierStats.revenueMfen})::int`,
      })
      .from(supplierStats)
      .where(eq(supplierStats.interfaceId, IFACE))
      .groupBy(supplierStats.supplierId)
      .orderBy(supplierStats.supplierId);
    const rows = (sums as unknown as { rows: Array<Record<string, unknown>> }).rows;
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(stats).toEqual(
      rows.map((r) => ({
        supplierId: Number(r.supplier_id),
        tried: Number(r.tried),
        answered: Number(r.answered),
        cost: Number(r.cost),
        revenue: Number(r.revenue),
      })),
    );
    expect(stats.reduce((s, r) => s + r.cost, 0)).toBeGreaterThan(0);
    expect(stats.reduce((s, r) => s + r.revenue, 0)).toBeGreaterThan(0);
  });
});
