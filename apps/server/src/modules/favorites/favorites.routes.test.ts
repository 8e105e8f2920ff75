import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favorites, interfaces, members } from '../../db/schema';
import { expireSessions, newAccount, qualifiedAccount, type TestAccount } from '../../test/account';
import { buildTestApp, type TestApp } from '../../test/harness';
import { post } from '../../test/identity';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const as = (a: TestAccount, path: string, fields: Record<string, string> = {}) => post(t, path, fields, { cookies: a.cookies });
const collect = (a: TestAccount, id: number | string) => as(a, 'interfaceOrders/interfaceCollect', { interfaceId: String(id) });
const drop = (a: TestAccount, id: number | string) => as(a, 'AccountManagement/deteleCollection', { interfaceId: String(id) });
const mine = async (a: TestAccount, fields: Record<string, string> = {}) => (await as(a, 'MyAccount/goFavorite', fields)).json();

describe('who may collect', () => {
  it('needs a login for every call', async () => {
    for (const path of ['MyAccount/goFavorite', 'interfaceOrders/interfaceCollect', 'AccountManagement/deteleCollection']) {
      const res = await post(t, path, { interfaceId: '1882' });
      expect(res.json().code, path).toBe('ALL_0024');
    }
  });

  it('refuses an expired session', async () => {
    const a = await qualifiedAccount(t, '10.80.0.9');
    await expireSessions(t, a);
    expect((await collect(a, 1882)).json().code).toBe('ALL_0024');
    expect((await mine(a)).code).toBe('ALL_0024');
  });

  it('lets an account collect before its company is authenticated, and a sub-account keep its own', async () => {
    const fresh = await newAccount(t, '10.80.0.1');
    expect((await collect(fresh, 1882)).json()).toEqual({ code: 200, msg: '收藏成功', data: { interfaceId: 1882, favorite: true } });
    const parent = await qualifiedAccount(t, '10.80.0.2');
    const child = await newAccount(t, '10.80.0.3');
    await t.database.db.update(members).set({ parentId: parent.memberId }).where(eq(members.id, child.memberId));
    expect((await collect(child, 1887)).json().msg).toBe('收藏成功');
    expect((await mine(child)).rows.map((r: { interfaceId: number }) => r.interfaceId)).toEqual([1887]);
    expect((await mine(parent)).total).toBe(0);
  });
});

describe('favourites', () => {
  it('collecting twice keeps one entry, with what the list shows', async () => {
    const a = await qualifiedAccount(t, '10.80.0.4');
    expect(await mine(a)).toEqual({ code: 200, msg: '查询成功', rows: [], total: 0 });
    await collect(a, 1882);
    expect((await collect(a, 1882)).json().msg).toBe('收藏成功');
    const [iface] = await t.database.db.select().from(interfaces).where(eq(interfaces.id, 1882));
    const list = await mine(a);
    expect(list.total).toBe(1);
    expect(list.rows).toEqual([
      {
        interfaceId: 1882,
        interfaceName: '实名认证',
        categoryId: iface?.categoryId,
        categoryName: expect.any(String),
        summary: iface?.summary,
        priceFrom: iface?.priceFrom,
        onSale: true,
        createdAt: expect.any(String),
      },
    ]);
    const stored = await t.database.db.select().from(favorites).where(eq(favorites.memberId, a.memberId));
    expect(stored).toHaveLength(1);
  });

  it('lists newest first, pages, and answers one interface when asked (the detail page toggle)', async () => {
    const a = await qualifiedAccount(t, '10.80.0.5');
    await collect(a, 1882);
    await collect(a, 1887);
    expect((await mine(a)).rows.map((r: { interfaceId: number }) => r.interfaceId)).toEqual([1887, 1882]);
    const page2 = await mine(a, { pageNum: '2', pageSize: '1' });
    expect(page2.total).toBe(2);
    expect(page2.rows.map((r: { interfaceId: number }) => r.interfaceId)).toEqual([1882]);
    expect((await mine(a, { interfaceId: '1882' })).total).toBe(1);
    expect((await mine(a, { interfaceId: '1883' })).total).toBe(0);
  });

  it("removes only the caller's entry; removing again is harmless", async () => {
    const a = await qualifiedAccount(t, '10.80.0.6');
    const b = await qualifiedAccount(t, '10.80.0.7');
    await collect(a, 1882);
    await collect(b, 1882);
    expect((await drop(a, 1882)).json()).toEqual({ code: 200, msg: '已取消收藏', data: { interfaceId: 1882, favorite: false } });
    expect((await drop(a, 1882)).json().msg).toBe('已取消收藏');
    expect((await mine(a)).total).toBe(0);
    expect((await mine(b)).rows.map((r: { interfaceId: number }) => r.interfaceId)).toEqual([1882]);
  });

  it('refuses unknown and malformed interfaces, and interfaces off sale; a collected one taken off sale stays, marked', async () => {
    const a = await qualifiedAccount(t, '10.80.0.8');
    const unknown = await collect(a, 999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'ALL_0011', msg: '接口不存在或已下架' });
    expect((await collect(a, 'abc')).json()).toEqual({ code: 'ALL_0001', msg: '接口不存在或已下架' });
    expect((await drop(a, '')).json()).toEqual({ code: 'ALL_0001', msg: '接口不存在或已下架' });

    await collect(a, 1883);
    await t.database.db.update(interfaces).set({ status: 'off_sale' }).where(eq(interfaces.id, 1883));
    try {
      expect((await collect(a, 1883)).json().code).toBe('ALL_0011');
      const list = await mine(a);
      expect(list.rows).toHaveLength(1);
      expect(list.rows[0]).toMatchObject({ interfaceId: 1883, onSale: false });
    } finally {
      await t.database.db
        .update(interfaces)
        .set({ status: 'on_sale' })
        .where(and(eq(interfaces.id, 1883)));
    }
  });
});
