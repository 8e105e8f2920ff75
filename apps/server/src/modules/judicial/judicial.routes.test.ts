// 司法可视化 through the real calls on PGlite: menu code 13 gates every call; the path names one of
// the five judicial interfaces; an interface not bought (or spent) is refused in words before any
// charge; a query is one charged 在线查询 call kept in its store, shown as a case file (the person
// masked, the company as named) and as the raw answer; the list with its filters; every id to its
// owner only, a sub-account through its own assignment.
import { FEATURE, featureMissing, JUDICIAL_MSG, QUERY_MSG } from '@apimarket/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assignments, callRecords, members, purchases, queryClaims, queryItems, subAccounts } from '../../db/schema';
import { grantFeatures, newAccount, qualifiedAccount, type TestAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { buildTestApp, type TestApp } from '../../test/harness';
import { post } from '../../test/identity';
import { newPurchaseKey } from '../billing/billing.service';
import { clearGatewayCaches } from '../gateway/gateway.service';

let t: TestApp;
let buyer: TestAccount;
let other: TestAccount;
let personKey = '';
const ZHANG = { name: '张三', idcard: '110101199003074514' };
const COMPANY = '杭州示例科技有限公司';
const IP = '198.51.100.33';

const db = () => t.database.db;
const as = (a: TestAccount) => ({ cookies: a.cookies, ip: IP });
const call = (a: TestAccount, path: string, fields: Record<string, string> = {}) => post(t, path, fields, as(a));
const ask = (a: TestAccount, id: number, fields: Record<string, string>, consent = 'true') => call(a, `UserCenter/judicial/${id}`, { ...fields, consent });
const callsLeft = async (key: string) => (await db().select({ n: purchases.callsLeft }).from(purchases).where(eq(purchases.key, key)))[0]?.n ?? -1;
const charges = async (a: TestAccount) =>
  (
    await db()
      .select()
      .from(callRecords)
      .where(and(eq(callRecords.memberId, a.memberId), eq(callRecords.charged, 1)))
  ).length;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await qualifiedAccount(t, '10.73.0.1', [FEATURE.judicial]);
  other = await qualifiedAccount(t, '10.73.0.2', [FEATURE.judicial]);
});
afterAll(() => t.close());
beforeEach(() => clearGatewayCaches());

describe('the gates', () => {
  it('is for an account holding 司法可视化 (menu code 13): without it every call is refused in words', async () => {
    const plain = await qualifiedAccount(t, '10.73.0.3');
    const refusal = { code: 'ALL_0010', msg: featureMissing(FEATURE.judicial) };
    expect(refusal.msg).toBe('您的账号未开通「司法平台」，请联系客户经理开通');
    expect((await ask(plain, 9839, ZHANG)).json()).toMatchObject(refusal);
    expect((await call(plain, 'UserCenter/judicial/list')).json()).toMatchObject(refusal);
    expect((await call(plain, 'UserCenter/judicial/detail', { id: '1' })).json()).toMatchObject(refusal);
    expect((await call(plain, 'UserCenter/judicial/json', { id: '1' })).json()).toMatchObject(refusal);
    await grantFeatures(t, plain.memberId, [FEATURE.judicial]);
    expect((await call(plain, 'UserCenter/judicial/list')).json()).toMatchObject({ code: 200, total: 0, rows: [] });
  });

  it('is for an authenticated company', async () => {
    const fresh = await newAccount(t, '10.73.0.4');
    expect((await call(fresh, 'UserCenter/judicial/list')).json().code).toBe('ALL_0060');
  });

  it('takes only the five judicial interfaces in the path', async () => {
    for (const id of ['1882', '9840', 'abc', '0']) {
      expect((await call(buyer, `UserCenter/judicial/${id}`, { ...ZHANG, consent: 'true' })).json()).toMatchObject({
        code: 'ALL_0001',
        msg: JUDICIAL_MSG.interfaceId,
      });
    }
  });

  it('refuses an interface not bought, with its name and nothing charged', async () => {
    const res = (await ask(buyer, 9839, ZHANG)).json();
    expect(res).toMatchObject({ code: 'ALL_0001', msg: '您尚未购买「个人涉诉信息」，请先购买后再查询' });
    expect(await charges(buyer)).toBe(0);
  });
});

describe('a query (UserCenter/judicial/{id})', () => {
  it('checks the subject and the consent before any call', async () => {
    personKey = await buyCheapest(t, buyer, 9839);
    const before = await callsLeft(personKey);
    const cases: Array<[Record<string, string>, string, string?]> = [
      [{ idcard: ZHANG.idcard }, JUDICIAL_MSG.nameRequired],
      [{ name: '张', idcard: ZHANG.idcard }, JUDICIAL_MSG.name],
      [{ name: '张3', idcard: ZHANG.idcard }, JUDICIAL_MSG.name],
      [{ name: ZHANG.name }, JUDICIAL_MSG.idcardRequired],
      [{ name: ZHANG.name, idcard: '110101199003074515' }, JUDICIAL_MSG.idcard],
      [{ name: ZHANG.name, idcard: '11010119900307451' }, JUDICIAL_MSG.idcard],
      [ZHANG, JUDICIAL_MSG.consent, 'false'],
    ];
    for (const [fields, msg, consent] of cases) expect((await ask(buyer, 9839, fields, consent)).json()).toMatchObject({ code: 'ALL_0001', msg });
    // Control characters are refused by the platform before the declaration reads the field.
    expect((await ask(buyer, 9839, { name: '张\u0007三', idcard: ZHANG.idcard })).json()).toMatchObject({
      code: 'ALL_0001',
      msg: '「name」含有不允许的控制字符',
    });
    expect(await callsLeft(personKey)).toBe(before);
  });

  it('asks a person with one charged call, kept masked, answered as a case file', async () => {
    const before = await callsLeft(personKey);
    const res = (await ask(buyer, 9839, { name: ' 张三 ', idcard: ZHANG.idcard.toLowerCase() })).json();
    expect(res.code).toBe(200);
    const file = res.data;
    expect(file).toMatchObject({
      interfaceId: 9839,
      interfaceName: '个人涉诉信息',
      subjectType: 'person',
      subject: '张*，110101********4514',
      code: '10000',
      charged: true,
    });
    expect(await callsLeft(personKey)).toBe(before - 1);
    const [rec] = await db().select().from(callRecords).where(eq(callRecords.seqNo, file.seqNo));
    expect(rec).toMatchObject({ memberId: buyer.memberId, interfaceId: 9839, charged: 1, ip: IP });
    const [item] = await db().select().from(queryItems).where(eq(queryItems.id, file.id));
    expect(item?.params).toEqual({ name: '张*', idcard: '110101********4514' });
    expect(JSON.stringify(item)).not.toContain(ZHANG.idcard);

    // The file reads the answer: one record per listed case, the subject with its role, newest first.
    const raw = (await call(buyer, 'UserCenter/judicial/json', { id: String(file.id) })).json().data;
    expect(raw).toMatchObject({ id: file.id, interfaceId: 9839, params: { name: '张*', idcard: '110101********4514' } });
    expect(raw.answer).toMatchObject({ code: '10000', seqNo: file.seqNo });
    const list = raw.answer.data.list as Array<{ caseNo: string; role: string; court: string; filingDate: string }>;
    expect(file.records).toHaveLength(list.length);
    expect(file.summary.records).toBe(list.length);
    for (const r of file.records) expect(r.parties[0]).toMatchObject({ name: '张*' });
    const dates = file.timeline.map((e: { date: string }) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(file.chart.categories.length).toBe(file.chart.values.length);
  });

  it('keeps a company as named (9834), with amounts in yuan', async () => {
    await buyCheapest(t, buyer, 9834);
    expect((await ask(buyer, 9834, { keyword: '杭' })).json()).toMatchObject({ msg: JUDICIAL_MSG.keyword });
    expect((await ask(buyer, 9834, { keyword: '91330100MA2B3C4D5X' })).json()).toMatchObject({ msg: JUDICIAL_MSG.creditCode });
    expect((await ask(buyer, 9834, { keyword: COMPANY, page: '0' })).json()).toMatchObject({ msg: JUDICIAL_MSG.page });
    const file = (await ask(buyer, 9834, { keyword: COMPANY, name: 'ignored' })).json().data;
    expect(file).toMatchObject({ subjectType: 'company', subject: COMPANY, code: '10000' });
    const [item] = await db().select().from(queryItems).where(eq(queryItems.id, file.id));
    expect(item?.params).toEqual({ keyword: COMPANY });
    const total = file.records.reduce((s: number, r: { amount: number | null }) => s + (r.amount ?? 0), 0);
    expect(file.summary.totalAmount).toBe(total);
    for (const r of file.records) if (r.amount !== null) expect(r.amountText).toMatch(/元/);
  });

  it('summarises the 9838 assessment by dimension', async () => {
    await buyCheapest(t, buyer, 9838);
    const file = (await ask(buyer, 9838, ZHANG)).json().data;
    expect(file.summary.byKind.map((k: { kind: string }) => k.kind)).toEqual(['涉诉案件', '被执行案件', '失信记录', '限制高消费']);
    expect(file.chart.categories).toEqual(['涉诉案件', '被执行案件', '失信记录', '限制高消费']);
    expect(typeof file.summary.riskScore).toBe('number');
    expect(file.summary.riskLevel).not.toBe('');
  });

  it('refuses a spent purchase in words, before any call', async () => {
    await db().update(purchases).set({ callsLeft: 0 }).where(eq(purchases.key, personKey));
    clearGatewayCaches();
    const before = await charges(buyer);
    expect((await ask(buyer, 9839, ZHANG)).json()).toMatchObject({ code: 'ALL_0001', msg: JUDICIAL_MSG.unusable('个人涉诉信息') });
    expect(await charges(buyer)).toBe(before);
    await db().update(purchases).set({ callsLeft: 100 }).where(eq(purchases.key, personKey));
  });
});

describe('the list, the detail and the json', () => {
  it('lists the account own judicial queries, newest first, with filters', async () => {
    // An 在线查询 of another interface is not a judicial query.
    await buyCheapest(t, buyer, 1882);
    await call(buyer, 'UserCenter/getApiTestDataWithJsonTest', { interfaceIds: '1882', params: JSON.stringify(ZHANG), consent: 'true' });
    const all = (await call(buyer, 'UserCenter/judicial/list')).json();
    expect(all.total).toBe(3);
    expect(all.rows.map((r: { interfaceId: number }) => r.interfaceId)).toEqual([9838, 9834, 9839]);
    expect(JSON.stringify(all.rows)).not.toContain(ZHANG.idcard);
    expect((await call(buyer, 'UserCenter/judicial/list', { interfaceId: '9834' })).json().total).toBe(1);
    expect((await call(buyer, 'UserCenter/judicial/list', { subject: '张三' })).json().total).toBe(2);
    expect((await call(buyer, 'UserCenter/judicial/list', { subject: ZHANG.idcard })).json().total).toBe(2);
    expect((await call(buyer, 'UserCenter/judicial/list', { subject: '示例科技' })).json().total).toBe(1);
    expect((await call(buyer, 'UserCenter/judicial/list', { from: '2000-01-01', to: '2000-01-02' })).json().total).toBe(0);
    expect((await call(buyer, 'UserCenter/judicial/list', { interfaceId: '1882' })).json()).toMatchObject({ code: 'ALL_0001', msg: JUDICIAL_MSG.interfaceId });
    expect((await call(buyer, 'UserCenter/judicial/list', { from: '2026-02-02', to: '2026-02-01' })).json()).toMatchObject({ msg: JUDICIAL_MSG.dateRange });
    expect((await call(other, 'UserCenter/judicial/list')).json().total).toBe(0);
  });

  it('answers another account, a missing id and a non-judicial item alike', async () => {
    const [mine] = (await call(buyer, 'UserCenter/judicial/list')).json().rows;
    const [plain] = await db().select({ id: queryItems.id }).from(queryItems).where(eq(queryItems.interfaceId, 1882));
    const missing = { code: 'ALL_0011', msg: JUDICIAL_MSG.queryMissing };
    for (const path of ['UserCenter/judicial/detail', 'UserCenter/judicial/json']) {
      expect((await call(buyer, path, { id: String(mine.id) })).json().code).toBe(200);
      expect((await call(other, path, { id: String(mine.id) })).json()).toMatchObject(missing);
      expect((await call(buyer, path, { id: '999999' })).json()).toMatchObject(missing);
      expect((await call(buyer, path, { id: String(plain?.id) })).json()).toMatchObject(missing);
      expect((await call(buyer, path, { id: 'x' })).json()).toMatchObject({ msg: JUDICIAL_MSG.queryMissing });
    }
  });
});

describe('a sub-account', () => {
  it('queries through its own assignment, recorded under it, and sees its own queries only', async () => {
    const sub = await newAccount(t, '10.73.0.9');
    await db().update(members).set({ parentId: buyer.memberId }).where(eq(members.id, sub.memberId));
    await db().insert(subAccounts).values({ memberId: sub.memberId, parentId: buyer.memberId, subCompanyName: '风控部', billingMode: 'calls' });
    await grantFeatures(t, sub.memberId, [FEATURE.judicial]);
    const [p] = await db().select({ id: purchases.id }).from(purchases).where(eq(purchases.key, personKey));
    await db()
      .insert(assignments)
      .values({ memberId: sub.memberId, purchaseId: p?.id ?? 0, key: newPurchaseKey(), callsAllotted: 5 });
    clearGatewayCaches();
    const res = (await ask(sub, 9839, ZHANG)).json();
    expect(res.data).toMatchObject({ code: '10000', charged: true });
    const [rec] = await db().select().from(callRecords).where(eq(callRecords.seqNo, res.data.seqNo));
    expect(rec?.memberId).toBe(sub.memberId);
    expect((await call(sub, 'UserCenter/judicial/list')).json().total).toBe(1);
    // The main account's 9834 is not the sub-account's, and the main's queries are not its own.
    expect((await ask(sub, 9834, { keyword: COMPANY })).json()).toMatchObject({ msg: '您尚未购买「企业涉诉信息」，请先购买后再查询' });
    const [mine] = (await call(buyer, 'UserCenter/judicial/list')).json().rows;
    expect((await call(sub, 'UserCenter/judicial/detail', { id: String(mine.id) })).json().code).toBe('ALL_0011');
    expect((await call(buyer, 'UserCenter/judicial/detail', { id: String(res.data.id) })).json().code).toBe('ALL_0011');

    // A menu withdrawn from the company is withdrawn from its sub-accounts (Decision 219).
    const [main] = await db().select({ codes: members.featureCodes }).from(members).where(eq(members.id, buyer.memberId));
    await db()
      .update(members)
      .set({ featureCodes: (main?.codes ?? []).filter((c) => c !== FEATURE.judicial) })
      .where(eq(members.id, buyer.memberId));
    expect((await ask(sub, 9839, ZHANG)).json()).toMatchObject({ code: 'ALL_0010', msg: featureMissing(FEATURE.judicial) });
    expect((await call(sub, 'UserCenter/getMembershipMenu')).json().data).not.toContain(FEATURE.judicial);
    await db()
      .update(members)
      .set({ featureCodes: main?.codes ?? null })
      .where(eq(members.id, buyer.memberId));
    expect((await call(sub, 'UserCenter/judicial/list')).json().total).toBe(1);
  });
});

describe('a double submit', () => {
  it('answers a double submit once: the second, while the first is asked, is refused in words and charges nothing', async () => {
    const before = await callsLeft(personKey);
    const fields = { name: '张三', idcard: ZHANG.idcard };
    const [a, b] = await Promise.all([ask(buyer, 9839, fields), ask(buyer, 9839, fields)]);
    const answers = [a.json(), b.json()].sort((x) => (x.code === 200 ? -1 : 1));
    expect(answers[0]).toMatchObject({ code: 200, data: { charged: true } });
    expect(answers[1]).toMatchObject({ code: 'ALL_0013', msg: QUERY_MSG.inFlight });
    expect(await callsLeft(personKey)).toBe(before - 1);
    // Once answered, asking again is a new question.
    expect((await ask(buyer, 9839, fields)).json()).toMatchObject({ code: 200, data: { charged: true } });
    expect(await callsLeft(personKey)).toBe(before - 2);
    expect(await db().select().from(queryClaims)).toEqual([]);
  });
});
