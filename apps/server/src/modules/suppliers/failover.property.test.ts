// Money under failover, as a property (fast-check) on PGlite against two supplier stubs: whatever
// the suppliers do — answer, fail with 5xx, reset, send malformed JSON, never answer — to bursts of
// concurrent calls, every call is charged at most once, exactly when its final answer is billable;
// the purchase's calls left fall by the records' charges; and supplier_stats equals the sums of
// the records' attempts.
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRecords, purchases, supplierRoutes, supplierStats, suppliers } from '../../db/schema';
import { forget } from '../../memo';
import { qualifiedAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { callWithSample } from '../../test/gateway';
import { buildTestApp, type TestApp } from '../../test/harness';
import { type StubFailure, type StubMode, type SupplierStub, startSupplierStub } from '../../test/supplier-stub';

const IFACE = 1979;
let t: TestApp;
let key = '';
let stubs: SupplierStub[] = [];
const db = () => t.database.db;

beforeAll(async () => {
  t = await buildTestApp({ env: { SUPPLIER_BREAKER_MIN_RPS: '1000', UPSTREAM_TIMEOUT_MS: '1000' } });
  const buyer = await qualifiedAccount(t, '10.77.0.1');
  key = await buyCheapest(t, buyer, IFACE);
  stubs = [await startSupplierStub({ seed: 3 }), await startSupplierStub({ seed: 4 })];
  const ids: number[] = [];
  for (const [i, name] of ['甲数据', '乙数据'].entries()) {
    const [s] = await db().insert(suppliers).values({ name, maxConcurrent: 3, maxQueue: 1 }).returning({ id: suppliers.id });
    ids.push(s?.id ?? 0);
    await db()
      .insert(supplierRoutes)
      .values({ interfaceId: IFACE, supplierId: s?.id ?? 0, endpoint: `${stubs[i]?.url}/check`, timeoutMs: 150, priority: i + 1, costMfen: 3000 + i * 1000 });
  }
  forget('suppliers');
});
afterAll(async () => {
  await t.close();
  await Promise.all(stubs.map((s) => s.close()));
});

const failure = fc.option(
  fc.record({ kind: fc.constantFrom<StubFailure>('hang', 'status500', 'reset', 'slowBody', 'malformed'), share: fc.constantFrom(0.5, 1) }),
  {
    nil: undefined,
  },
);
const mode: fc.Arbitrary<StubMode> = fc.record({ latency: fc.constant({ medianMs: 2, p99Ms: 20 }), failure });
const step = fc.record({ modes: fc.tuple(mode, mode), calls: fc.integer({ min: 1, max: 6 }) });

describe('failover and money', () => {
  it('charges each call at most once, for a billable final answer, whatever the suppliers do', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 4 }), async (steps) => {
        const [before] = await db().select({ left: purchases.callsLeft }).from(purchases).where(eq(purchases.key, key));
        const seqNos: string[] = [];
        for (const s of steps) {
          s.modes.forEach((m, i) => {
            stubs[i]?.setMode(m);
          });
          const answers = await Promise.all(Array.from({ length: s.calls }, async () => await callWithSample(t, key, IFACE)));
          for (const a of answers) {
            expect(['10000', 'SYSTEM_027', 'SYSTEM_028', 'SYSTEM_038']).toContain(a.code);
            seqNos.push(a.seqNo);
          }
        }
        const records = await db().select().from(callRecords).where(sql`${callRecords.seqNo} in ${seqNos}`);
        expect(records).toHaveLength(seqNos.length);
        for (const r of records) {
          expect(r.charged).toBe(r.code === '10000' ? 1 : 0);
          // Charged, it was answered by exactly one supplier, and that one's answer is the last attempt.
          if (r.charged) {
            expect(r.attempts?.filter((x) => x.r === 'ok')).toHaveLength(1);
            expect(r.attempts?.at(-1)).toMatchObject({ s: r.supplierId, r: 'ok' });
          } else expect(r.supplierId).toBeNull();
        }
        const [after] = await db().select({ left: purchases.callsLeft }).from(purchases).where(eq(purchases.key, key));
        expect((before?.left ?? 0) - (after?.left ?? 0)).toBe(records.reduce((n, r) => n + r.charged, 0));
      }),
      { numRuns: 25, endOnFailure: true },
    );
    // Every attempt sent, in the daily statistics as in the records.
    const fromRecords = await db().execute(sql`
      select count(*) filter (where a.r in ('ok', 'timeout', 'refused')) as tried,
        coalesce(sum(case when a.r = 'ok' and a.s = c.supplier_id then c.supplier_cost_mfen else 0 end), 0) as cost
      from call_records c, jsonb_to_recordset(c.attempts) as a(s bigint, ms int, r text) where c.interface_id = ${IFACE}`);
    const [stats] = await db()
      .select({ tried: sql<number>`coalesce(sum(${supplierStats.tried}), 0)::int`, cost: sql<number>`coalesce(sum(${supplierStats.costMfen}), 0)::int` })
      .from(supplierStats)
      .where(eq(supplierStats.interfaceId, IFACE));
    const row = (fromRecords as unknown as { rows: Array<{ tried: unknown; cost: unknown }> }).rows[0];
    expect(stats).toEqual({ tried: Number(row?.tried), cost: Number(row?.cost) });
    expect(stats?.tried).toBeGreaterThan(0);
  });
});
