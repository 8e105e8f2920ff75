// What a sub-account sees of the user center once its main account assigned it an interface
// (Decision 177), and what the main account sees of its use (Decision 176): its 我的API lists the
// assignment with its own key, its menus leave out paying and the whitelist, its remaining-calls
// alert watches the allotment, and the main account's 子账号消费 and 对账单 value its calls.
import { chinaDay } from '@apimarket/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignments, members, purchases, subAccounts } from '../../db/schema';
import { newAccount, qualifiedAccount, type TestAccount } from '../../test/account';
import { callWithSample } from '../../test/gateway';
import { buildTestApp, type TestApp } from '../../test/harness';
import { post } from '../../test/identity';
import { newPurchaseKey } from '../billing/billing.service';

let t: TestApp;
let main: TestAccount;
let sub: TestAccount;
let mainKey = '';
let subKey = '';
let purchaseId = 0;
const ID_CARD = 1882;
/** 1.2345 元 a call: five charged calls cost 617.25 fen, shown as 617. */
const UNIT_MFEN = 123_450;

const db = () => t.database.db;
const as = (a: TestAccount, path: string, fields: Record<string, string> = {}) => post(t, path, fields, { cookies: a.cookies });

beforeAll(async () => {
  t = await buildTestApp();
  main = await qualifiedAccount(t, '10.95.0.1');
  sub = await newAccount(t, '10.95.0.2');
  await db().update(members).set({ parentId: main.memberId, contacter: '李雷', trialCalls: 0 }).where(eq(members.id, sub.memberId));
  await db().insert(subAccounts).values({ memberId: sub.memberId, parentId: main.memberId, subCompanyName: '风控部' });
  mainKey = newPurchaseKey();
  const [p] = await db()
    .insert(purchases)
    .values({
      memberId: main.memberId,
      interfaceId: ID_CARD,
      key: mainKey,
      callsTotal: 100,
      callsLeft: 100,
      unitPriceMfen: UNIT_MFEN,
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning({ id: purchases.id });
  purchaseId = p?.id ?? 0;
  const assigned = await as(main, 'productManagement/interfaceAssign', { purchaseId: String(purchaseId), subAccountIds: String(sub.memberId), calls: '5' });
  expect(assigned.json().data).toEqual({ created: 1, updated: 0 });
  const [a] = await db().select({ key: assignments.key }).from(assignments).where(eq(assignments.memberId, sub.memberId));
  subKey = a?.key ?? '';
});
afterAll(() => t.close());

describe('the sub-account’s own user center', () => {
  it('menus without 费用管理, IP白名单 and 账号管理', async () => {
    const codes: number[] = (await as(sub, 'UserCenter/getMembershipMenu')).json().data;
    expect(codes).not.toContain(102);
    expect(codes).not.toContain(104);
    expect(codes).not.toContain(15);
    expect(codes).toEqual(expect.arrayContaining([100, 101, 103, 106, 107]));
  });

  it('我的API lists the assignment with the sub-account’s own key and its allotment', async () => {
    const list = (await as(sub, 'myBuy/list')).json();
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({ id: purchaseId, interfaceId: ID_CARD, key: subKey, callsTotal: 5, callsLeft: 5, status: 'active' });
    expect(subKey).not.toBe(mainKey);
    // The main account's list is its own purchase with its own key.
    expect((await as(main, 'myBuy/list')).json().rows[0]).toMatchObject({ id: purchaseId, key: mainKey, callsLeft: 100 });
  });

  it('reads none of the company’s money: balance, orders, recharges, ledger, statement', async () => {
    const month = chinaDay(new Date()).slice(0, 7);
    for (const [path, fields] of [
      ['mytrade/balance', {}],
      ['myOrder/list', {}],
      ['mytrade/recharge/list', {}],
      ['mytrade/consume/list', {}],
      ['mytrade/statement', { month }],
    ] as const) {
      const res = await as(sub, path, fields);
      expect({ path, status: res.statusCode, body: res.json() }).toEqual({
        path,
        status: 403,
        body: { code: 'ALL_0010', msg: '子账号不能查看企业的资金、订单与账单，请使用主账号登录查看' },
      });
    }
    // Its dashboard leaves the balance out and counts what was assigned to it.
    expect((await as(sub, 'myAccount/home/data')).json().data).toMatchObject({ balanceFen: 0, purchasedInterfaces: 1 });
  });

  it('the purchase itself stays the main account’s: stopping it is refused', async () => {
    const res = await as(sub, 'myBuy/interface/stop', { id: String(purchaseId), action: 'stop' });
    expect(res.json().code).toBe('ALL_0010');
    expect((await db().select({ status: purchases.status }).from(purchases).where(eq(purchases.id, purchaseId)))[0]?.status).toBe('active');
  });

  it('calls with its key are its own, charged to the main account’s purchase within the allotment', async () => {
    for (let i = 0; i < 5; i++) expect((await callWithSample(t, subKey, ID_CARD)).code).toBe('10000');
    expect((await callWithSample(t, subKey, ID_CARD)).code).toBe('SYSTEM_002');
    const [p] = await db().select({ left: purchases.callsLeft }).from(purchases).where(eq(purchases.id, purchaseId));
    expect(p?.left).toBe(95);
    const list = (await as(sub, 'myBuy/list')).json();
    expect(list.rows[0]).toMatchObject({ callsLeft: 0 });
    // The main account's own key is untouched by the sub-account's allotment.
    expect((await callWithSample(t, mainKey, ID_CARD)).code).toBe('10000');
  });

  it('its remaining-calls alert list watches what the allotment has left', async () => {
    const { rows } = (await as(sub, 'myBuy/earlywarnList')).json();
    expect(rows).toEqual([expect.objectContaining({ interfaceId: ID_CARD, callsLeft: 0 })]);
  });
});

describe('what the main account sees of it', () => {
  it('子账号消费 counts the sub-account’s calls and values the charged ones', async () => {
    const res = (await as(main, 'mytrade/subAccount/consume/list')).json();
    expect(res.rows).toEqual([
      expect.objectContaining({ subAccountId: sub.memberId, interfaceId: ID_CARD, calls: 6, chargedCalls: 5, costFen: Math.round((5 * UNIT_MFEN) / 1000) }),
    ]);
    expect(res.sum).toEqual({ calls: 6, chargedCalls: 5, costFen: 617 });
  });

  it('the month’s 对账单 shows what each sub-account used', async () => {
    const month = chinaDay(new Date()).slice(0, 7);
    const statement = (await as(main, 'mytrade/statement', { month })).json().data;
    expect(statement.subAccounts).toEqual([
      { subAccountId: sub.memberId, loginName: sub.uName, contacter: '李雷', subCompanyName: '风控部', chargedCalls: 5, costFen: 617 },
    ]);
  });
});
