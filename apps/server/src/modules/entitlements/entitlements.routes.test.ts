import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignments, members, purchases } from '../../db/schema';
import { newAccount, qualifiedAccount, type TestAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { buildTestApp, type TestApp } from '../../test/harness';
import { post } from '../../test/identity';
import { newPurchaseKey } from '../billing/billing.service';
import { clearGatewayCaches } from '../gateway/gateway.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const as = (a: TestAccount, path: string, fields: Record<string, string> = {}) => post(t, path, fields, { cookies: a.cookies });
const law = async (a: TestAccount) => (await as(a, 'myBuy/getMyLawInterfaceInfo')).json();
const pdf = async (a: TestAccount, interfaceId: number | string) =>
  (await as(a, 'dataApi/verifyBatchExportInterfacePdf', { interfaceId: String(interfaceId) })).json();

const purchaseId = async (a: TestAccount, interfaceId: number) =>
  (
    await t.database.db
      .select({ id: purchases.id })
      .from(purchases)
      .where(and(eq(purchases.memberId, a.memberId), eq(purchases.interfaceId, interfaceId)))
  )[0]?.id ?? 0;

const expirePurchase = (a: TestAccount, interfaceId: number) =>
  t.database.db
    .update(purchases)
    .set({ expiresAt: sql`now() - interval '1 day'` })
    .where(and(eq(purchases.memberId, a.memberId), eq(purchases.interfaceId, interfaceId)));

describe('myBuy/getMyLawInterfaceInfo', () => {
  it('lists the five judicial screens’ interfaces as not purchased for a new account', async () => {
    const a = await qualifiedAccount(t, '10.92.0.1');
    const body = await law(a);
    expect(body.code).toBe(200);
    expect(body.data.map((r: { id: number; name: string }) => [r.id, r.name])).toEqual([
      [9839, '个人涉诉信息'],
      [9834, '企业涉诉信息'],
      [9836, '失信被执行人'],
      [9662, '限制高消费'],
      [9838, '司法风险综合评估'],
    ]);
    for (const row of body.data) {
      expect(row).toMatchObject({ purchased: false, callsLeft: 0, expiresAt: null, status: 'none', statusLabel: '未购买', usable: false });
    }
  });

  it('shows each purchase with its calls left, expiry and state: usable, stopped, expired, used up', async () => {
    const a = await qualifiedAccount(t, '10.92.0.2');
    await buyCheapest(t, a, 9839);
    await buyCheapest(t, a, 9834);
    await buyCheapest(t, a, 9836);
    await buyCheapest(t, a, 9662);
    expect((await as(a, 'myBuy/interface/stop', { id: String(await purchaseId(a, 9834)), action: 'stop' })).json().code).toBe(200);
    await expirePurchase(a, 9836);
    await t.database.db
      .update(purchases)
      .set({ callsLeft: 0 })
      .where(eq(purchases.id, await purchaseId(a, 9662)));

    const rows = (await law(a)).data as Array<Record<string, unknown>>;
    const byId = new Map(rows.map((r) => [r.id, r]));
    const [bought] = await t.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.id, await purchaseId(a, 9839)));
    expect(byId.get(9839)).toEqual({
      id: 9839,
      name: '个人涉诉信息',
      purchased: true,
      callsLeft: bought?.callsLeft,
      expiresAt: bought?.expiresAt.toISOString(),
      status: 'active',
      statusLabel: '可用',
      usable: true,
    });
    expect(bought?.callsLeft).toBeGreaterThan(0);
    expect(byId.get(9834)).toMatchObject({ purchased: true, status: 'stopped', statusLabel: '已停用', usable: false });
    expect(byId.get(9836)).toMatchObject({ purchased: true, status: 'expired', statusLabel: '已过期', usable: false });
    expect(byId.get(9662)).toMatchObject({ purchased: true, callsLeft: 0, status: 'exhausted', statusLabel: '次数已用完', usable: false });
    expect(byId.get(9838)).toMatchObject({ purchased: false, status: 'none' });

    // Another account's purchases are not this account's.
    const other = await qualifiedAccount(t, '10.92.0.3');
    expect((await law(other)).data.every((r: { purchased: boolean }) => !r.purchased)).toBe(true);
  });

  it('needs a session and an authenticated company; a sub-account reads the assignments it queries through', async () => {
    expect((await post(t, 'myBuy/getMyLawInterfaceInfo', {})).json().code).toBe('ALL_0024');
    const unq = await newAccount(t, '10.92.0.4');
    expect(await law(unq)).toMatchObject({ code: 'ALL_0060' });
    const parent = await qualifiedAccount(t, '10.92.0.5');
    await buyCheapest(t, parent, 9839);
    const child = await newAccount(t, '10.92.0.6');
    await t.database.db.update(members).set({ parentId: parent.memberId }).where(eq(members.id, child.memberId));
    const body = await law(child);
    expect(body.code).toBe(200);
    // Nothing assigned: its main account's purchase is not its own.
    expect(body.data.find((r: { id: number }) => r.id === 9839)).toMatchObject({ purchased: false, status: 'none' });
    // Given 9839 with 7 calls, it may query it (司法可视化 calls through the assignment).
    await t.database.db
      .insert(assignments)
      .values({ memberId: child.memberId, purchaseId: await purchaseId(parent, 9839), key: newPurchaseKey(), callsAllotted: 7 });
    clearGatewayCaches();
    expect((await law(child)).data.find((r: { id: number }) => r.id === 9839)).toMatchObject({ purchased: true, callsLeft: 7, status: 'active', usable: true });
  });
});

describe('dataApi/verifyBatchExportInterfacePdf', () => {
  it('refuses interfaces outside the verification families, naming the family', async () => {
    const a = await qualifiedAccount(t, '10.92.1.1');
    await buyCheapest(t, a, 9839);
    expect(await pdf(a, 9839)).toEqual({
      code: 200,
      msg: '操作成功',
      data: {
        interfaceId: 9839,
        allowed: false,
        reason: '「个人涉诉信息」属于司法类接口，不提供 PDF 核验回执；仅身份核验、银行卡、手机号与企业工商类核验接口可导出',
      },
    });
    expect((await pdf(a, 9696)).data).toMatchObject({ allowed: false, reason: expect.stringContaining('「车辆信息」属于车辆类接口') });
    expect((await pdf(a, 2061)).data).toMatchObject({ allowed: false, reason: expect.stringContaining('属于人脸识别类接口') });
  });

  it('refuses a verification interface never bought, then allows it once bought', async () => {
    const a = await qualifiedAccount(t, '10.92.1.2');
    for (const [id, name] of [
      [1882, '实名认证'],
      [1887, '银行卡四要素'],
      [1979, '手机三要素'],
      [2130, '企业工商'],
    ] as const) {
      expect((await pdf(a, id)).data).toEqual({
        interfaceId: id,
        allowed: false,
        reason: `您尚未购买「${name}」，也没有它的调用结果，购买并调用后即可导出 PDF 核验回执`,
      });
    }
    await buyCheapest(t, a, 1882);
    expect((await pdf(a, 1882)).data).toEqual({ interfaceId: 1882, allowed: true, reason: '' });
  });

  it('refuses a stopped or expired purchase without results, and allows one whose calls produced results', async () => {
    const a = await qualifiedAccount(t, '10.92.1.3');
    const key = await buyCheapest(t, a, 1882);
    const id = String(await purchaseId(a, 1882));
    await as(a, 'myBuy/interface/stop', { id, action: 'stop' });
    expect((await pdf(a, 1882)).data).toMatchObject({
      allowed: false,
      reason: '您已停用「实名认证」且没有它的调用结果，恢复调用并调用后即可导出 PDF 核验回执',
    });
    await as(a, 'myBuy/interface/stop', { id, action: 'resume' });
    clearGatewayCaches();
    // A refused call (malformed parameter) produces no result to export…
    const refused = await t.app.inject({
      method: 'POST',
      url: '/communication/personal/1882',
      payload: { key, name: '张三', idcard: '110101199003074515' },
    });
    expect(refused.json().code).toBe('SYSTEM_042');
    await expirePurchase(a, 1882);
    expect((await pdf(a, 1882)).data).toMatchObject({
      allowed: false,
      reason: '您购买的「实名认证」已过期且没有它的调用结果，续购并调用后即可导出 PDF 核验回执',
    });
    // …an answered one does, and stays exportable after the purchase expired.
    await t.database.db
      .update(purchases)
      .set({ expiresAt: sql`now() + interval '1 day'` })
      .where(eq(purchases.id, Number(id)));
    clearGatewayCaches();
    const answered = await t.app.inject({ method: 'POST', url: '/communication/personal/1882', payload: { key, name: '张三', idcard: '110101199003074514' } });
    expect(answered.json().code).toBe('10000');
    await expirePurchase(a, 1882);
    expect((await pdf(a, 1882)).data).toEqual({ interfaceId: 1882, allowed: true, reason: '' });
  });

  it('counts only the account’s own purchases; a sub-account’s own purchase counts for it', async () => {
    const parent = await qualifiedAccount(t, '10.92.1.4');
    await buyCheapest(t, parent, 1882);
    const child = await newAccount(t, '10.92.1.5');
    await t.database.db.update(members).set({ parentId: parent.memberId }).where(eq(members.id, child.memberId));
    expect((await pdf(child, 1882)).data.allowed).toBe(false);
    await t.database.db.insert(purchases).values({
      memberId: child.memberId,
      interfaceId: 1887,
      key: newPurchaseKey(),
      callsTotal: 10,
      callsLeft: 10,
      expiresAt: sql`now() + interval '30 days'`,
    });
    expect((await pdf(child, 1887)).data).toMatchObject({ allowed: true, reason: '' });
    const stranger = await qualifiedAccount(t, '10.92.1.6');
    expect((await pdf(stranger, 1882)).data.allowed).toBe(false);
  });

  it('answers 404 for an unknown interface, the rule’s message for a bad id, and needs a session and an authenticated company', async () => {
    const a = await qualifiedAccount(t, '10.92.1.7');
    const missing = await as(a, 'dataApi/verifyBatchExportInterfacePdf', { interfaceId: '999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'ALL_0011', msg: '接口不存在' });
    expect(await pdf(a, 'abc')).toEqual({ code: 'ALL_0001', msg: '请选择接口' });
    expect(await pdf(a, '')).toEqual({ code: 'ALL_0001', msg: '请选择接口' });
    expect((await post(t, 'dataApi/verifyBatchExportInterfacePdf', { interfaceId: '1882' })).json().code).toBe('ALL_0024');
    expect((await pdf(await newAccount(t, '10.92.1.8'), 1882)).code).toBe('ALL_0060');
  });
});
