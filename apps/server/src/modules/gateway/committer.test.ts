// The group committer on a real database: groups charge exactly what is left, paid-test calls
// go first, a bad record does not sink its group, and the after-commit hook sees the purchases.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRecords, interfaces, pricePackages, purchases } from '../../db/schema';
import { createLogger } from '../../http/logging';
import { qualifiedAccount, type TestAccount } from '../../test/account';
import { buildTestApp, type TestApp } from '../../test/harness';
import { newPurchaseKey } from '../billing/billing.service';
import { type CallRecord, CallCommitter, type PurchaseAfter } from './committer';

let t: TestApp;
let owner: TestAccount;
let n = 0;
// One purchase per (account, interface): each test buys a different interface.
let interfaceIds: number[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  owner = await qualifiedAccount(t, '10.61.0.1');
  interfaceIds = (await t.database.db.select({ id: interfaces.id }).from(interfaces).limit(20)).map((r) => r.id);
});
afterAll(() => t.close());

async function purchase(callsLeft: number, testCallsLeft = 0) {
  const interfaceId = interfaceIds.shift() ?? 0;
  const [p] = await t.database.db
    .insert(purchases)
    .values({
      memberId: owner.memberId,
      interfaceId,
      key: newPurchaseKey(),
      callsTotal: callsLeft,
      callsLeft,
      testCallsLeft,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: purchases.id });
  return p?.id ?? 0;
}

const record = (purchaseId: number, billable = true, seqNo = `T${Date.now()}${n++}`): CallRecord => ({
  seqNo,
  memberId: owner.memberId,
  purchaseId,
  interfaceId: 1882,
  code: '10000',
  billable,
  latencyMs: 3,
  ip: '203.0.113.9',
  params: { name: '张*' },
  provider: 'sandbox',
});

const left = async (id: number) =>
  (await t.database.db.select({ calls: purchases.callsLeft, test: purchases.testCallsLeft }).from(purchases).where(eq(purchases.id, id)))[0];

describe('group commit', () => {
  it('charges a group no more than is left: the earliest calls get the charge, the rest are recorded SYSTEM_002', async () => {
    const id = await purchase(3);
    const after: PurchaseAfter[][] = [];
    const c = new CallCommitter({ db: t.database.db, logger: createLogger('silent'), afterCommit: (a) => after.push(a.purchases) });
    const calls = Array.from({ length: 5 }, () => record(id));
    calls.splice(2, 0, record(id, false));
    const answers = await Promise.all(calls.map((r) => c.submit(r)));
    expect(answers.map((a) => a.charged)).toEqual([true, true, false, true, false, false]);
    expect(await left(id)).toEqual({ calls: 0, test: 0 });
    const rows = await t.database.db
      .select({ seqNo: callRecords.seqNo, code: callRecords.code, charged: callRecords.charged, billable: callRecords.billable })
      .from(callRecords)
      .where(
        inArray(
          callRecords.seqNo,
          calls.map((r) => r.seqNo),
        ),
      );
    const bySeq = new Map(rows.map((r) => [r.seqNo, r]));
    expect(calls.map((r) => bySeq.get(r.seqNo)?.code)).toEqual(['10000', '10000', '10000', '10000', 'SYSTEM_002', 'SYSTEM_002']);
    expect(calls.map((r) => bySeq.get(r.seqNo)?.charged)).toEqual([1, 1, 0, 1, 0, 0]);
    expect(after.flat()).toEqual([{ id, callsLeft: 0, autoRenew: false }]);
  });

  it('takes paid-test calls first and never leaves more test calls than calls', async () => {
    const id = await purchase(10, 4);
    const c = new CallCommitter({ db: t.database.db, logger: createLogger('silent') });
    await Promise.all(Array.from({ length: 3 }, () => c.submit(record(id))));
    expect(await left(id)).toEqual({ calls: 7, test: 1 });
    await Promise.all(Array.from({ length: 3 }, () => c.submit(record(id))));
    expect(await left(id)).toEqual({ calls: 4, test: 0 });
  });

  it('does not charge a stopped or expired purchase', async () => {
    const stopped = await purchase(5);
    await t.database.db.update(purchases).set({ status: 'stopped' }).where(eq(purchases.id, stopped));
    const expired = await purchase(5);
    await t.database.db
      .update(purchases)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(purchases.id, expired));
    const c = new CallCommitter({ db: t.database.db, logger: createLogger('silent') });
    const answers = await Promise.all([c.submit(record(stopped)), c.submit(record(expired))]);
    expect(answers).toEqual([{ charged: false }, { charged: false }]);
    expect((await left(stopped))?.calls).toBe(5);
    expect((await left(expired))?.calls).toBe(5);
  });

  it('a record that cannot be written fails alone; its neighbours commit once', async () => {
    const id = await purchase(10);
    const c = new CallCommitter({ db: t.database.db, logger: createLogger('silent') });
    const taken = record(id);
    await c.submit(taken);
    // The same seqNo again violates the unique index: that call fails, the others are charged once.
    const results = await Promise.allSettled([c.submit(record(id)), c.submit({ ...record(id), seqNo: taken.seqNo }), c.submit(record(id))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await left(id))?.calls).toBe(7);
  });

  it('records what each charged call cost and keeps call_stats equal to the records', async () => {
    const id = await purchase(3);
    await t.database.db.update(purchases).set({ unitPriceMfen: 300_000 }).where(eq(purchases.id, id));
    const c = new CallCommitter({ db: t.database.db, logger: createLogger('silent') });
    const calls = [record(id), record(id, false), record(id), record(id), record(id)];
    await Promise.all(calls.map((r) => c.submit(r)));
    const costs = await t.database.db
      .select({ cost: callRecords.costMfen })
      .from(callRecords)
      .where(
        inArray(
          callRecords.seqNo,
          calls.map((r) => r.seqNo),
        ),
      );
    expect(costs.map((r) => r.cost).sort((a, b) => a - b)).toEqual([0, 0, 300_000, 300_000, 300_000]);

    // Everything this file recorded, counted from the raw records and from the statistics.
    const fromRecords = await t.database.db.execute(sql`
      select coalesce(interface_id, 0) as interface_id, code, count(*)::int as calls, sum(charged)::int as charged, sum(cost_mfen)::bigint as cost
      from call_records where member_id = ${owner.memberId} group by 1, 2 order by 1, 2`);
    const fromStats = await t.database.db.execute(sql`
      select interface_id, code, sum(calls)::int as calls, sum(charged)::int as charged, sum(cost_mfen)::bigint as cost
      from call_stats where member_id = ${owner.memberId} group by 1, 2 order by 1, 2`);
    const rows = (r: unknown) => (r as { rows: Array<Record<string, unknown>> }).rows.map((x) => ({ ...x, cost: Number(x.cost) }));
    expect(rows(fromStats)).toEqual(rows(fromRecords));
    expect(rows(fromStats).length).toBeGreaterThan(1);
  });

  it('tells the hook which purchases with automatic renewal ran out', async () => {
    const id = await purchase(2);
    // Any package will do: the committer only reports that renewal is on.
    const [pkg] = await t.database.db.select({ id: pricePackages.id }).from(pricePackages).limit(1);
    await t.database.db
      .update(purchases)
      .set({ autoRenewPackageId: pkg?.id ?? null })
      .where(eq(purchases.id, id));
    const seen: PurchaseAfter[] = [];
    const c = new CallCommitter({ db: t.database.db, logger: createLogger('silent'), afterCommit: (a) => seen.push(...a.purchases) });
    await Promise.all([c.submit(record(id)), c.submit(record(id))]);
    expect(seen).toEqual([{ id, callsLeft: 0, autoRenew: true }]);
  });
});
