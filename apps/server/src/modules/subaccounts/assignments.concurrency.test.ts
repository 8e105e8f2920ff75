// The charge of sub-accounts' calls under concurrency, through the real gateway and its group
// commit (gateway_commit v4): however the calls of several keys to one purchase interleave, the
// purchase gives exactly what it has, no key more than its allotment, no amount-mode sub-account
// more than its money, and the records, the allotments and the purchase agree afterwards.
// Assignments are made through productManagement/interfaceAssign, as a main account makes them.
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignments, callRecords, members, purchases, subAccounts } from '../../db/schema';
import { qualifiedAccount, type TestAccount } from '../../test/account';
import { gatewayPost } from '../../test/gateway';
import { buildTestApp, TEST_POSTGRES_URL, type TestApp } from '../../test/harness';
import { post } from '../../test/identity';
import { newPurchaseKey } from '../billing/billing.service';

let t: TestApp;
let main: TestAccount;
let serial = 0;
const PATH = '/communication/personal/1882';
const ID_CARD = 1882;
const ZHANG = { name: '张三', idcard: '110101199003074514' };

const db = () => t.database.db;

beforeAll(async () => {
  // Every call must reach the commit: no per-key or per-address rate refuses any of the burst.
  t = await buildTestApp({ env: { GATEWAY_RATE_PER_KEY: '100000', GATEWAY_RATE_PER_ADDRESS: '1000000' } });
  main = await qualifiedAccount(t, '10.94.0.1');
});
afterAll(() => t.close());

/** A sub-account of the main account, made as accountManagement makes it (members + sub_accounts). */
async function sub(terms: { mode?: 'calls' | 'amount'; amountLeftMfen?: number } = {}): Promise<number> {
  serial += 1;
  const [m] = await db()
    .insert(members)
    .values({ loginName: `conc${Date.now() % 1e6}s${serial}`, mobile: '', passwordHash: 'x', parentId: main.memberId, contacter: `成员${serial}` })
    .returning({ id: members.id });
  const id = m?.id ?? 0;
  await db()
    .insert(subAccounts)
    .values({ memberId: id, parentId: main.memberId, billingMode: terms.mode ?? 'calls', amountLeftMfen: terms.amountLeftMfen ?? 0 });
  return id;
}

/**
 * The main account's purchase of the interface, bought afresh: one purchase per (account,
 * interface), so the previous one goes (its assignments with it; its records stay, by id).
 */
async function freshPurchase(calls: number, unitPriceMfen = 10_000): Promise<{ id: number; key: string }> {
  await db()
    .delete(purchases)
    .where(and(eq(purchases.memberId, main.memberId), eq(purchases.interfaceId, ID_CARD)));
  const key = newPurchaseKey();
  const [p] = await db()
    .insert(purchases)
    .values({
      memberId: main.memberId,
      interfaceId: ID_CARD,
      key,
      callsTotal: calls,
      callsLeft: calls,
      unitPriceMfen,
      expiresAt: sql`now() + interval '30 days'`,
    })
    .returning({ id: purchases.id });
  return { id: p?.id ?? 0, key };
}

/** interfaceAssign as the main account; answers the sub-account's key. */
async function assign(purchaseId: number, subId: number, calls: number | null): Promise<string> {
  const res = await post(
    t,
    'productManagement/interfaceAssign',
    { purchaseId: String(purchaseId), subAccountIds: String(subId), calls: calls === null ? '' : String(calls) },
    { cookies: main.cookies },
  );
  expect(res.json().code, res.body).toBe(200);
  const [a] = await db()
    .select({ key: assignments.key })
    .from(assignments)
    .where(and(eq(assignments.memberId, subId), eq(assignments.purchaseId, purchaseId)));
  return a?.key ?? '';
}

const callWith = async (key: string) => (await gatewayPost(t, PATH, { key, ...ZHANG })).json().code as string;
/** `n` calls with `key`, all in flight at once. */
const burst = (key: string, n: number) => Array.from({ length: n }, () => callWith(key));

interface Holder {
  subId: number;
  /** The allotment of calls; null: none of its own. */
  allotted: number | null;
  /** What it fired, and the codes it got. */
  codes: string[];
}

/** What the database says after a burst, checked against itself and against the answers. */
async function settle(purchaseId: number, holders: Holder[], ownCodes: string[] = []) {
  const [p] = await db().select().from(purchases).where(eq(purchases.id, purchaseId));
  const [records] = await db()
    .select({ charged: sql<number>`coalesce(sum(${callRecords.charged}), 0)::int`, calls: sql<number>`count(*)::int` })
    .from(callRecords)
    .where(eq(callRecords.purchaseId, purchaseId));
  expect(p?.callsLeft).toBeGreaterThanOrEqual(0);
  // Every charged record took exactly one call of the purchase, and nothing else did.
  expect(records?.charged).toBe((p?.callsTotal ?? 0) - (p?.callsLeft ?? 0));
  expect(records?.calls).toBe(holders.reduce((n, h) => n + h.codes.length, 0) + ownCodes.length);
  const charged: number[] = [];
  for (const h of holders) {
    const [a] = await db()
      .select({ used: assignments.callsUsed })
      .from(assignments)
      .where(and(eq(assignments.memberId, h.subId), eq(assignments.purchaseId, purchaseId)));
    const [mine] = await db()
      .select({ charged: sql<number>`coalesce(sum(${callRecords.charged}), 0)::int` })
      .from(callRecords)
      .where(and(eq(callRecords.memberId, h.subId), eq(callRecords.purchaseId, purchaseId)));
    // The allotment's count, the sub-account's records and the answers with data agree.
    expect(a?.used).toBe(mine?.charged);
    expect(h.codes.filter((c) => c === '10000')).toHaveLength(mine?.charged ?? -1);
    // A call beyond any limit answers SYSTEM_002; nothing else is answered.
    expect(h.codes.every((c) => c === '10000' || c === 'SYSTEM_002')).toBe(true);
    if (h.allotted !== null) expect(mine?.charged).toBeLessThanOrEqual(h.allotted);
    charged.push(mine?.charged ?? 0);
  }
  return { purchase: p, charged, total: records?.charged ?? 0 };
}

describe('assignments under concurrency', () => {
  it('two sub-accounts (30 and 40 calls) on a purchase of 50, 100 calls each at once: exactly 50 are charged', async () => {
    const p = await freshPurchase(50);
    const holders: Holder[] = [
      { subId: await sub(), allotted: 30, codes: [] },
      { subId: await sub(), allotted: 40, codes: [] },
    ];
    const keys = await Promise.all(holders.map((h) => assign(p.id, h.subId, h.allotted)));
    const answers = await Promise.all(keys.map((k) => Promise.all(burst(k, 100))));
    holders.forEach((h, i) => {
      h.codes = answers[i] ?? [];
    });
    const { purchase, charged, total } = await settle(p.id, holders);
    expect(total).toBe(50);
    expect(purchase?.callsLeft).toBe(0);
    // Each got at least what the other could not take.
    expect(charged[0]).toBeGreaterThanOrEqual(10);
    expect(charged[1]).toBeGreaterThanOrEqual(20);
  });

  it('an amount-mode sub-account with 0.05 元 left, calls at 0.02 元: of 10 at once exactly 2 are charged', async () => {
    const p = await freshPurchase(100, 20_000);
    const subId = await sub({ mode: 'amount', amountLeftMfen: 50_000 });
    const key = await assign(p.id, subId, null);
    const h: Holder = { subId, allotted: null, codes: await Promise.all(burst(key, 10)) };
    const { purchase, charged } = await settle(p.id, [h]);
    expect(charged).toEqual([2]);
    expect(purchase?.callsLeft).toBe(98);
    const [s] = await db().select().from(subAccounts).where(eq(subAccounts.memberId, subId));
    expect(s).toMatchObject({ spentMfen: 40_000, amountLeftMfen: 10_000 });
    const costs = await db()
      .select({ cost: callRecords.costMfen })
      .from(callRecords)
      .where(and(eq(callRecords.memberId, subId), eq(callRecords.charged, 1)));
    expect(costs).toEqual([{ cost: 20_000 }, { cost: 20_000 }]);
  });

  it('a stopped assignment answers SYSTEM_003; the main account’s own key still works', async () => {
    const p = await freshPurchase(10);
    const subId = await sub();
    const key = await assign(p.id, subId, 5);
    expect(await callWith(key)).toBe('10000');
    const [a] = await db().select({ id: assignments.id }).from(assignments).where(eq(assignments.key, key));
    const stop = await post(t, 'productManagement/changeState', { id: String(a?.id), action: 'stop' }, { cookies: main.cookies });
    expect(stop.json().code).toBe(200);
    expect(await callWith(key)).toBe('SYSTEM_003');
    expect(await callWith(p.key)).toBe('10000');
    // The refused call is recorded under the sub-account, uncharged; the purchase gave two calls.
    const rows = await db().select({ code: callRecords.code, charged: callRecords.charged }).from(callRecords).where(eq(callRecords.memberId, subId));
    expect(rows.map((r) => `${r.code}:${r.charged}`).sort()).toEqual(['10000:1', 'SYSTEM_003:0']);
    const [left] = await db().select({ n: purchases.callsLeft }).from(purchases).where(eq(purchases.id, p.id));
    expect(left?.n).toBe(8);
    const [after] = await db().select({ used: assignments.callsUsed, status: assignments.status }).from(assignments).where(eq(assignments.key, key));
    expect(after).toEqual({ used: 1, status: 'stopped' });
  });

  it('the sixth call of an allotment of 5 answers SYSTEM_002', async () => {
    const p = await freshPurchase(100);
    const subId = await sub();
    const key = await assign(p.id, subId, 5);
    const codes: string[] = [];
    for (let i = 0; i < 6; i++) codes.push(await callWith(key));
    expect(codes).toEqual(['10000', '10000', '10000', '10000', '10000', 'SYSTEM_002']);
    const { purchase } = await settle(p.id, [{ subId, allotted: 5, codes }]);
    expect(purchase?.callsLeft).toBe(95);
  });

  it('any allotments, money and purchase size: the purchase gives min(what it has, what the keys may take)', async () => {
    const holderSpec = fc.record({ allotted: fc.integer({ min: 0, max: 20 }), fired: fc.integer({ min: 0, max: 25 }) });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 40 }),
        fc.array(holderSpec, { minLength: 1, maxLength: 3 }),
        // An amount-mode sub-account: the calls its money pays for (plus change short of one), and what it fires.
        fc.record({ paidCalls: fc.integer({ min: 0, max: 8 }), change: fc.integer({ min: 0, max: 9_999 }), fired: fc.integer({ min: 0, max: 12 }) }),
        fc.integer({ min: 0, max: 10 }),
        async (size, specs, amount, ownFired) => {
          const unit = 10_000;
          const p = await freshPurchase(size, unit);
          const holders: Holder[] = [];
          for (const s of specs) holders.push({ subId: await sub(), allotted: s.allotted, codes: [] });
          const money = amount.paidCalls * unit + amount.change;
          const amountSub = await sub({ mode: 'amount', amountLeftMfen: money });
          holders.push({ subId: amountSub, allotted: null, codes: [] });
          const keys = await Promise.all(holders.map((h) => assign(p.id, h.subId, h.allotted)));
          const fired = [...specs.map((s) => s.fired), amount.fired];
          const [own, ...answers] = await Promise.all([Promise.all(burst(p.key, ownFired)), ...keys.map((k, i) => Promise.all(burst(k, fired[i] ?? 0)))]);
          holders.forEach((h, i) => {
            h.codes = answers[i] ?? [];
          });
          const { total, charged } = await settle(p.id, holders, own);
          const ownCharged = (own ?? []).filter((c) => c === '10000').length;
          const demand = specs.reduce((n, s) => n + Math.min(s.allotted, s.fired), 0) + Math.min(amount.paidCalls, amount.fired) + ownFired;
          expect(total).toBe(Math.min(size, demand));
          expect(total).toBe(charged.reduce((n, c) => n + c, 0) + ownCharged);
          const amountCharged = charged.at(-1) ?? 0;
          expect(amountCharged).toBeLessThanOrEqual(amount.paidCalls);
          const [s] = await db().select().from(subAccounts).where(eq(subAccounts.memberId, amountSub));
          expect(s).toMatchObject({ spentMfen: amountCharged * unit, amountLeftMfen: money - amountCharged * unit });
        },
      ),
      { numRuns: TEST_POSTGRES_URL ? 5 : 15, endOnFailure: true },
    );
  });
});
