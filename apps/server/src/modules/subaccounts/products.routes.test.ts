// productManagement/* through the real calls on PGlite: a main account lists what it bought,
// gives its sub-accounts keys with allotments, stops and resumes them, reads each key's use and
// calls, downloads the list and sees each sub-account's statistics. Sub-accounts are made
// directly in the database (members.parent_id + sub_accounts), as accountManagement would.
import { chinaDay, SUB_MSG } from '@apimarket/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignments, callRecords, interfaces, members, purchases, subAccounts } from '../../db/schema';
import { newAccount, qualifiedAccount, type TestAccount } from '../../test/account';
import { callWithSample } from '../../test/gateway';
import { buildTestApp, type TestApp } from '../../test/harness';
import { get, post } from '../../test/identity';
import { expectXlsxDownload, readXlsx } from '../../test/xlsx';
import { newPurchaseKey } from '../billing/billing.service';

let t: TestApp;
let main: TestAccount;
let other: TestAccount;
let subA: TestAccount;
let subB: TestAccount;
let subAmount: TestAccount;
let otherSub: TestAccount;
const ID_CARD = 1882;
const BANK_CARD = 1887;
let idCardName = '';
// The main account's purchases: usable, stopped, expired, used up; and another company's.
let usable = 0;
let stopped = 0;
let expired = 0;
let usedUp = 0;
let othersPurchase = 0;
let ip = 0;

const db = () => t.database.db;
const as = (a: TestAccount, path: string, fields: Record<string, string> = {}) => post(t, `productManagement/${path}`, fields, { cookies: a.cookies });
const stats = (a: TestAccount, query: Record<string, string> = {}) =>
  get(t, 'productManagement/membershipInterfaceStatisticsInfo', query, { cookies: a.cookies });

async function subOf(parent: TestAccount, terms: { contacter: string; dept: string; mode?: 'calls' | 'amount'; amountLeftMfen?: number }) {
  const child = await newAccount(t, `10.93.0.${++ip}`);
  await db().update(members).set({ parentId: parent.memberId, contacter: terms.contacter }).where(eq(members.id, child.memberId));
  await db()
    .insert(subAccounts)
    .values({
      memberId: child.memberId,
      parentId: parent.memberId,
      subCompanyName: terms.dept,
      billingMode: terms.mode ?? 'calls',
      amountLeftMfen: terms.amountLeftMfen ?? 0,
    });
  return child;
}

async function purchase(
  owner: TestAccount,
  interfaceId: number,
  p: { callsLeft?: number; status?: string; expiresInMs?: number; unitPriceMfen?: number } = {},
) {
  const [row] = await db()
    .insert(purchases)
    .values({
      memberId: owner.memberId,
      interfaceId,
      key: newPurchaseKey(),
      callsTotal: p.callsLeft ?? 100,
      callsLeft: p.callsLeft ?? 100,
      status: p.status ?? 'active',
      unitPriceMfen: p.unitPriceMfen ?? 0,
      expiresAt: new Date(Date.now() + (p.expiresInMs ?? 30 * 86_400_000)),
    })
    .returning({ id: purchases.id });
  return row?.id ?? 0;
}

const assignmentOf = async (sub: TestAccount, purchaseId: number) =>
  (
    await db()
      .select()
      .from(assignments)
      .where(and(eq(assignments.memberId, sub.memberId), eq(assignments.purchaseId, purchaseId)))
  )[0];

beforeAll(async () => {
  t = await buildTestApp();
  main = await qualifiedAccount(t, '10.93.1.1');
  other = await qualifiedAccount(t, '10.93.1.2');
  subA = await subOf(main, { contacter: '李雷', dept: '风控部' });
  subB = await subOf(main, { contacter: '韩梅梅', dept: '信贷部' });
  subAmount = await subOf(main, { contacter: '王五', dept: '华东分公司', mode: 'amount', amountLeftMfen: 10_000_000 });
  otherSub = await subOf(other, { contacter: '赵六', dept: '别家' });
  const ids = (await db().select({ id: interfaces.id }).from(interfaces).limit(10)).map((r) => r.id).filter((id) => id !== ID_CARD && id !== BANK_CARD);
  usable = await purchase(main, ID_CARD, { callsLeft: 100, unitPriceMfen: 12_345 });
  stopped = await purchase(main, BANK_CARD, { status: 'stopped' });
  expired = await purchase(main, ids[0] ?? 0, { expiresInMs: -1000 });
  usedUp = await purchase(main, ids[1] ?? 0, { callsLeft: 0 });
  othersPurchase = await purchase(other, ID_CARD);
  const [name] = await db().select({ name: interfaces.interfaceName }).from(interfaces).where(eq(interfaces.id, ID_CARD));
  idCardName = name?.name ?? '';
});
afterAll(() => t.close());

describe('who may call', () => {
  it('a sub-account is refused every call with the main-account message', async () => {
    const forbidden = { code: 'ALL_0010', msg: SUB_MSG.mainOnly };
    const calls: Array<[string, Record<string, string>]> = [
      ['interfaceList', {}],
      ['interfaceAssign', { purchaseId: String(usable), subAccountIds: String(subB.memberId), calls: '5' }],
      ['changeState', { id: '1', action: 'stop' }],
      ['batchChangeInterfaceState', { ids: '1', action: 'stop' }],
      ['page', {}],
      ['productDetailList', { id: '1' }],
      ['productDownload', {}],
    ];
    for (const [path, fields] of calls) {
      const res = await as(subA, path, fields);
      expect(res.statusCode, path).toBe(403);
      expect(res.json(), path).toEqual(forbidden);
    }
    const res = await stats(subA);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbidden);
    expect(await assignmentOf(subB, usable)).toBeUndefined();
  });

  it('anonymous callers are asked to log in', async () => {
    const res = await post(t, 'productManagement/page', {});
    expect(res.statusCode).toBe(401);
  });
});

describe('interfaceAssign', () => {
  it('gives each sub-account its own key with the calls it may make', async () => {
    const res = await as(main, 'interfaceAssign', { purchaseId: String(usable), subAccountIds: `${subA.memberId},${subB.memberId}`, calls: '10' });
    expect(res.json()).toEqual({ code: 200, msg: expect.any(String), data: { created: 2, updated: 0 } });
    const a = await assignmentOf(subA, usable);
    const b = await assignmentOf(subB, usable);
    expect(a).toMatchObject({ callsAllotted: 10, callsUsed: 0, status: 'active' });
    expect(b).toMatchObject({ callsAllotted: 10, callsUsed: 0, status: 'active' });
    expect(a?.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a?.key).not.toBe(b?.key);
    // The key answers at the gateway, recorded under the sub-account, charged to the main's purchase.
    const call = await callWithSample(t, a?.key ?? '', ID_CARD);
    expect(call.code).toBe('10000');
    const [rec] = await db().select().from(callRecords).where(eq(callRecords.seqNo, call.seqNo));
    expect(rec).toMatchObject({ memberId: subA.memberId, purchaseId: usable, charged: 1 });
  });

  it('assigning again counts the calls from now: allotted = used + calls, and the key stays', async () => {
    const before = await assignmentOf(subA, usable);
    expect(before?.callsUsed).toBe(1);
    const res = await as(main, 'interfaceAssign', { purchaseId: String(usable), subAccountIds: String(subA.memberId), calls: '5' });
    expect(res.json().data).toEqual({ created: 0, updated: 1 });
    const after = await assignmentOf(subA, usable);
    expect(after).toMatchObject({ callsAllotted: 6, callsUsed: 1, key: before?.key });
  });

  it('a stopped assignment given calls again is resumed', async () => {
    const b = await assignmentOf(subB, usable);
    await db()
      .update(assignments)
      .set({ status: 'stopped' })
      .where(eq(assignments.id, b?.id ?? 0));
    const res = await as(main, 'interfaceAssign', { purchaseId: String(usable), subAccountIds: String(subB.memberId), calls: '10' });
    expect(res.json().data).toEqual({ created: 0, updated: 1 });
    expect(await assignmentOf(subB, usable)).toMatchObject({ status: 'active', callsAllotted: 10 });
  });

  it('no call limit only for a sub-account in amount mode', async () => {
    const res = await as(main, 'interfaceAssign', { purchaseId: String(usable), subAccountIds: `${subAmount.memberId},${subB.memberId}`, calls: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'ALL_0001', msg: SUB_MSG.callsRequired });
    expect(await assignmentOf(subAmount, usable)).toBeUndefined();
    const ok = await as(main, 'interfaceAssign', { purchaseId: String(usable), subAccountIds: String(subAmount.memberId), calls: '' });
    expect(ok.json().data).toEqual({ created: 1, updated: 0 });
    expect(await assignmentOf(subAmount, usable)).toMatchObject({ callsAllotted: null, status: 'active' });
  });

  it('refuses a purchase that is not the caller’s, one that cannot be used, and sub-accounts not its own — writing nothing', async () => {
    const assign = (purchaseId: number, subs: TestAccount[], by = main) =>
      as(by, 'interfaceAssign', { purchaseId: String(purchaseId), subAccountIds: subs.map((s) => s.memberId).join(','), calls: '3' });
    for (const p of [othersPurchase, 999_999]) {
      const res = await assign(p, [subA]);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'ALL_0011', msg: SUB_MSG.purchaseMissing });
    }
    for (const p of [stopped, expired, usedUp]) {
      const res = await assign(p, [subA]);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'ALL_0013', msg: SUB_MSG.purchaseUnusable });
    }
    const mixed = await assign(usable, [subA, otherSub]);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json()).toEqual({ code: 'ALL_0011', msg: SUB_MSG.subMissing });
    expect((await assignmentOf(subA, usable))?.callsAllotted).toBe(6);
    expect(await assignmentOf(otherSub, usable)).toBeUndefined();
    // The main account itself is no sub-account of its own.
    expect((await assign(usable, [main])).json().msg).toBe(SUB_MSG.subMissing);
    // Another company cannot assign to the caller's sub-accounts either.
    expect((await assign(othersPurchase, [subA], other)).json().msg).toBe(SUB_MSG.subMissing);
  });

  it('answers the rules of the form', async () => {
    const res = await as(main, 'interfaceAssign', { purchaseId: String(usable), subAccountIds: '', calls: '3' });
    expect(res.json()).toMatchObject({ code: 'ALL_0001', msg: SUB_MSG.pickSub });
    const calls = await as(main, 'interfaceAssign', { purchaseId: String(usable), subAccountIds: String(subA.memberId), calls: '-1' });
    expect(calls.json()).toMatchObject({ code: 'ALL_0001', msg: SUB_MSG.calls });
  });
});

describe('interfaceList', () => {
  it('lists the caller’s purchases, whether each can be assigned and to how many sub-accounts', async () => {
    const res = await as(main, 'interfaceList');
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows as Array<{ purchaseId: number; interfaceName: string; usable: boolean; assignedTo: number; callsLeft: number }>;
    expect(rows.map((r) => r.purchaseId)).toEqual([usedUp, expired, stopped, usable]);
    expect(rows.map((r) => r.usable)).toEqual([false, false, false, true]);
    expect(rows.find((r) => r.purchaseId === usable)).toMatchObject({ interfaceName: idCardName, assignedTo: 3, callsLeft: 99 });
    expect(res.json().total).toBe(4);
  });
});

describe('changeState and batchChangeInterfaceState', () => {
  it('stops a key (the gateway answers SYSTEM_003 at once) and resumes it; asking twice says so', async () => {
    const a = await assignmentOf(subA, usable);
    const id = String(a?.id);
    expect((await as(main, 'changeState', { id, action: 'stop' })).json()).toMatchObject({ code: 200, data: null });
    expect((await callWithSample(t, a?.key ?? '', ID_CARD)).code).toBe('SYSTEM_003');
    const again = await as(main, 'changeState', { id, action: 'stop' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'ALL_0013', msg: SUB_MSG.alreadyStopped });
    expect((await as(main, 'changeState', { id, action: 'resume' })).json().code).toBe(200);
    expect((await callWithSample(t, a?.key ?? '', ID_CARD)).code).toBe('10000');
    const active = await as(main, 'changeState', { id, action: 'resume' });
    expect(active.statusCode).toBe(409);
    expect(active.json()).toEqual({ code: 'ALL_0013', msg: SUB_MSG.alreadyActive });
  });

  it('another company’s assignment, or none, is not found and not changed', async () => {
    // Two assigns of the same key at once (two tabs): one creates it, the other updates it.
    const twice = await Promise.all(
      [2, 2].map((calls) =>
        as(other, 'interfaceAssign', { purchaseId: String(othersPurchase), subAccountIds: String(otherSub.memberId), calls: String(calls) }),
      ),
    );
    const results = twice.map((r) => r.json().data);
    expect(results).toContainEqual({ created: 1, updated: 0 });
    expect(results).toContainEqual({ created: 0, updated: 1 });
    expect(await db().select().from(assignments).where(eq(assignments.memberId, otherSub.memberId))).toHaveLength(1);
    const theirs = await assignmentOf(otherSub, othersPurchase);
    for (const id of [String(theirs?.id), '999999']) {
      const res = await as(main, 'changeState', { id, action: 'stop' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'ALL_0011', msg: SUB_MSG.assignmentMissing });
    }
    expect((await assignmentOf(otherSub, othersPurchase))?.status).toBe('active');
  });

  it('a batch changes those it can and ignores ids that are not the caller’s', async () => {
    const a = await assignmentOf(subA, usable);
    const b = await assignmentOf(subB, usable);
    const m = await assignmentOf(subAmount, usable);
    const theirs = await assignmentOf(otherSub, othersPurchase);
    await as(main, 'changeState', { id: String(b?.id), action: 'stop' });
    const res = await as(main, 'batchChangeInterfaceState', { ids: [a?.id, b?.id, m?.id, theirs?.id].join(','), action: 'stop' });
    expect(res.json()).toMatchObject({ code: 200, data: { changed: 2 } });
    expect((await assignmentOf(otherSub, othersPurchase))?.status).toBe('active');
    const back = await as(main, 'batchChangeInterfaceState', { ids: [a?.id, b?.id, m?.id, theirs?.id].join(','), action: 'resume' });
    expect(back.json().data).toEqual({ changed: 3 });
    expect((await as(main, 'batchChangeInterfaceState', { ids: '', action: 'stop' })).json()).toMatchObject({ code: 'ALL_0001', msg: SUB_MSG.pickAssignment });
  });
});

describe('page, productDetailList and productDownload', () => {
  it('lists the sub-accounts’ assignments newest first, key masked, with what is left', async () => {
    const res = await as(main, 'page', { pageNum: '1', pageSize: '10' });
    const body = res.json();
    expect(body.total).toBe(3);
    const a = await assignmentOf(subA, usable);
    const [p] = await db().select({ left: purchases.callsLeft, expiresAt: purchases.expiresAt }).from(purchases).where(eq(purchases.id, usable));
    expect(body.rows.map((r: { subAccountId: number }) => r.subAccountId)).toEqual([subAmount.memberId, subB.memberId, subA.memberId]);
    expect(body.rows[2]).toEqual({
      id: a?.id,
      subAccountId: subA.memberId,
      loginName: subA.uName,
      contacter: '李雷',
      subCompanyName: '风控部',
      purchaseId: usable,
      interfaceId: ID_CARD,
      interfaceName: idCardName,
      keyMasked: `${a?.key.slice(0, 4)}****${a?.key.slice(-4)}`,
      callsAllotted: 6,
      callsUsed: 2,
      callsLeft: 4,
      purchaseCallsLeft: p?.left,
      expiresAt: p?.expiresAt.toISOString(),
      status: 'active',
      statusLabel: '启用',
      lastCallAt: a?.lastCallAt?.toISOString(),
      createdAt: a?.createdAt.toISOString(),
    });
    expect(body.rows[0]).toMatchObject({ callsAllotted: null, callsLeft: null, lastCallAt: null });
    expect(JSON.stringify(body)).not.toContain(a?.key ?? 'no key');
  });

  it('filters by sub-account, interface name and status; another company’s sub-account is not found', async () => {
    const ids = async (fields: Record<string, string>) => (await as(main, 'page', fields)).json().rows.map((r: { subAccountId: number }) => r.subAccountId);
    expect(await ids({ subAccountId: String(subB.memberId) })).toEqual([subB.memberId]);
    expect(await ids({ interfaceName: idCardName.slice(0, 2) })).toHaveLength(3);
    expect(await ids({ interfaceName: '没有这个接口' })).toEqual([]);
    const b = await assignmentOf(subB, usable);
    await as(main, 'changeState', { id: String(b?.id), action: 'stop' });
    expect(await ids({ status: 'stopped' })).toEqual([subB.memberId]);
    expect(await ids({ status: 'active' })).toEqual([subAmount.memberId, subA.memberId]);
    await as(main, 'changeState', { id: String(b?.id), action: 'resume' });
    const res = await as(main, 'page', { subAccountId: String(otherSub.memberId) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'ALL_0011', msg: SUB_MSG.subMissing });
    // The other company sees its own only.
    expect((await as(other, 'page')).json().rows.map((r: { subAccountId: number }) => r.subAccountId)).toEqual([otherSub.memberId]);
  });

  it('shows the calls made with one key, newest first, and no one else’s', async () => {
    const a = await assignmentOf(subA, usable);
    // The main account's own key calls the same purchase: those calls are not the sub-account's.
    const [own] = await db().select({ key: purchases.key }).from(purchases).where(eq(purchases.id, usable));
    expect((await callWithSample(t, own?.key ?? '', ID_CARD)).code).toBe('10000');
    const bad = await callWithSample(t, a?.key ?? '', ID_CARD, { idcard: '110101199003074515' });
    expect(bad.code).toBe('SYSTEM_042');
    const res = await as(main, 'productDetailList', { id: String(a?.id), pageNum: '1', pageSize: '2' });
    const body = res.json();
    expect(body.total).toBe(4); // 10000, SYSTEM_003 (stopped), 10000, SYSTEM_042
    expect(body.rows).toHaveLength(2);
    expect(body.rows[0]).toEqual({ seqNo: bad.seqNo, code: 'SYSTEM_042', charged: false, latencyMs: expect.any(Number), createdAt: expect.any(String) });
    expect(body.rows[1]).toMatchObject({ code: '10000', charged: true });
    const page2 = (await as(main, 'productDetailList', { id: String(a?.id), pageNum: '2', pageSize: '2' })).json().rows;
    expect(page2.map((r: { code: string }) => r.code)).toEqual(['SYSTEM_003', '10000']);
    const theirs = await assignmentOf(otherSub, othersPurchase);
    const missing = await as(main, 'productDetailList', { id: String(theirs?.id) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'ALL_0011', msg: SUB_MSG.assignmentMissing });
  });

  it('downloads the list’s filter as a workbook with Chinese headers', async () => {
    const res = await as(main, 'productDownload', { status: 'active', pageNum: '1', pageSize: '1' });
    expectXlsxDownload(res, 'assignments', '产品分配');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(['子账号', '联系人', '部门', '接口', '分配次数', '已用', '剩余', '状态', '最近调用', '分配时间']);
    // Every row of the filter, not one page of it.
    expect(rows.slice(1).map((r) => r[0])).toEqual([subAmount.uName, subB.uName, subA.uName]);
    expect(rows[3]?.slice(0, 8)).toEqual([subA.uName, '李雷', '风控部', idCardName, '6', '2', '4', '启用']);
    expect(rows[3]?.[8]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rows[1]?.slice(4, 8)).toEqual(['不限', '0', '不限', '启用']);
    const missing = await as(main, 'productDownload', { subAccountId: String(otherSub.memberId) });
    expect(missing.json()).toEqual({ code: 'ALL_0011', msg: SUB_MSG.subMissing });
  });
});

describe('membershipInterfaceStatisticsInfo', () => {
  it('counts each sub-account’s calls this month, with zero rows for the quiet ones', async () => {
    const res = await stats(main);
    expect(res.statusCode).toBe(200);
    const today = chinaDay();
    const body = res.json();
    expect(body.period).toEqual({ startDate: `${today.slice(0, 8)}01`, endDate: today });
    // subA: 10000 ×2 charged at 12 345 mfen, SYSTEM_003, SYSTEM_042 → 24 690 mfen = 25 fen (rounded).
    expect(body.rows).toEqual([
      { subAccountId: subA.memberId, loginName: subA.uName, contacter: '李雷', interfaces: 1, calls: 4, success: 2, chargedCalls: 2, costFen: 25 },
      { subAccountId: subB.memberId, loginName: subB.uName, contacter: '韩梅梅', interfaces: 0, calls: 0, success: 0, chargedCalls: 0, costFen: 0 },
      { subAccountId: subAmount.memberId, loginName: subAmount.uName, contacter: '王五', interfaces: 0, calls: 0, success: 0, chargedCalls: 0, costFen: 0 },
    ]);
    expect(body.total).toBe(3);
  });

  it('reads one sub-account, a period, and refuses another company’s', async () => {
    const one = (await stats(main, { subAccountId: String(subA.memberId) })).json().rows;
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({ subAccountId: subA.memberId, calls: 4 });
    const past = (await stats(main, { startDate: '2020-01-01', endDate: '2020-01-31' })).json();
    expect(past.period).toEqual({ startDate: '2020-01-01', endDate: '2020-01-31' });
    expect(past.rows.map((r: { calls: number }) => r.calls)).toEqual([0, 0, 0]);
    // A day that is no calendar day is no filter (the default period), never a database error.
    const odd = await stats(main, { startDate: '2026-02-30', endDate: '2026-13-01' });
    expect(odd.statusCode).toBe(200);
    expect(odd.json().period.endDate).toBe(chinaDay());
    const res = await stats(main, { subAccountId: String(otherSub.memberId) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'ALL_0011', msg: SUB_MSG.subMissing });
    // A main account without sub-accounts reads an empty table, with its period.
    const lone = await qualifiedAccount(t, '10.93.1.9');
    const empty = (await stats(lone)).json();
    expect(empty).toMatchObject({ rows: [], total: 0, period: { endDate: chinaDay() } });
  });

  it('a sub-account’s statistics agree with its records', async () => {
    const [fromRecords] = await db()
      .select({ calls: sql<number>`count(*)::int`, charged: sql<number>`sum(${callRecords.charged})::int` })
      .from(callRecords)
      .where(eq(callRecords.memberId, subA.memberId));
    const [row] = (await stats(main, { subAccountId: String(subA.memberId) })).json().rows;
    expect({ calls: row.calls, charged: row.chargedCalls }).toEqual(fromRecords);
  });
});
