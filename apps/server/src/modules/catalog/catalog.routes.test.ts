import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../db/seed';
import { buildTestApp, type TestApp } from '../../test/harness';
import { refreshListing } from './listing';
import { get, post } from '../../test/identity';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Row = { id: number; interfaceName: string; categoryId: number; isHot: boolean; isNew: boolean; priceFrom: number | null; labels: string[] };
const search = async (q: Record<string, string>) => (await get(t, 'api/interface/search', q)).json() as { code: number; rows: Row[]; total: number };

describe('GET api/category/list', () => {
  it('answers the seeded categories in order, with how many interfaces each has', async () => {
    const res = await get(t, 'api/category/list');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(11);
    expect(body.data[0]).toMatchObject({ id: 1, categoryName: '身份核验', icon: 'idcard' });
    expect(body.data.every((c: { interfaceCount: number }) => c.interfaceCount >= 8)).toBe(true);
  });

  it('the seed is idempotent', async () => {
    await seed(t.database.db);
    expect((await get(t, 'api/category/list')).json().data).toHaveLength(11);
    expect((await search({ pageSize: '1' })).total).toBeGreaterThanOrEqual(150);
  });

  it('needs the sign like every portal call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apiHome/api/category/list' });
    expect(res.json().code).toBe('ALL_0002');
  });
});

describe('api/interface/search', () => {
  it('answers only the named ids, skipping ids that do not exist', async () => {
    const first = await search({ pageSize: '3' });
    const ids = first.rows.map((r: { id: number }) => r.id);
    const named = await search({ ids: `${ids.join(',')},99999999,abc`, pageSize: '10' });
    expect(named.rows.map((r: { id: number }) => r.id).sort()).toEqual([...ids].sort());
    expect(named.total).toBe(3);
  });

  it('pages the whole catalogue', async () => {
    const first = await search({ pageNum: '1', pageSize: '10' });
    const second = await search({ pageNum: '2', pageSize: '10' });
    expect(first.code).toBe(200);
    expect(first.rows).toHaveLength(10);
    expect(first.total).toBeGreaterThanOrEqual(150);
    expect(second.rows[0]?.id).not.toBe(first.rows[0]?.id);
    expect((await search({ pageSize: '100000' })).rows).toHaveLength(100);
    expect((await search({ pageNum: '-5', pageSize: 'abc' })).rows).toHaveLength(10);
  });

  it('counts a full page once a minute, and afresh as soon as the catalogue changes', async () => {
    const before = (await search({ pageSize: '10' })).total;
    // Taken down behind the service's back: the cached total stands until the listing is refreshed.
    await t.database.db.execute(sql`update interfaces set status = 'off_sale' where id = 1887`);
    expect((await search({ pageSize: '10' })).total).toBe(before);
    await refreshListing(t.database.db, [1887]);
    expect((await search({ pageSize: '10' })).total).toBe(before - 1);
    await t.database.db.execute(sql`update interfaces set status = 'on_sale' where id = 1887`);
    await refreshListing(t.database.db, [1887]);
    expect((await search({ pageSize: '10' })).total).toBe(before);
  });

  it('finds by a Chinese substring of the name, names holding it first', async () => {
    const body = await search({ interfaceName: '实名' });
    expect(body.rows.map((r) => r.id)).toContain(1882);
    // Synonyms (身份证 …) come after every name holding the word itself (catalog.search.test.ts).
    const holds = body.rows.map((r) => r.interfaceName.includes('实名'));
    expect(holds.indexOf(false)).toBeGreaterThan(holds.lastIndexOf(true));
  });

  it('filters by category, hot, new, label', async () => {
    const cat = await search({ categoryId: '10', pageSize: '100' });
    expect(cat.rows.length).toBeGreaterThan(0);
    expect(cat.rows.every((r) => r.categoryId === 10)).toBe(true);
    const hot = await search({ isHot: '1', pageSize: '8' });
    expect(hot.rows).toHaveLength(8);
    expect(hot.rows.every((r) => r.isHot)).toBe(true);
    const fresh = await search({ isNew: '1', pageSize: '8' });
    expect(fresh.rows.every((r) => r.isNew)).toBe(true);
    const label = (await get(t, 'api/label/list')).json().data[0];
    const byLabel = await search({ labelId: String(label.id), pageSize: '100' });
    expect(byLabel.total).toBe(label.count);
    expect(byLabel.rows.every((r) => r.labels.includes(label.labelName))).toBe(true);
  });

  it('orders by price from lowest', async () => {
    const rows = (await search({ sortId: '3', pageSize: '20' })).rows;
    const prices = rows.map((r) => r.priceFrom ?? Number.MAX_SAFE_INTEGER);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
  });

  it.each([['x'.repeat(1000)], ["' or 1=1 --"], ['<script>alert(1)</script>'], ['100%'], ['_']])('answers %j safely, matching literally', async (value) => {
    const res = await get(t, 'api/interface/search', { interfaceName: value });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(0);
  });

  it('an empty keyword lists everything; POST works too', async () => {
    expect((await search({ interfaceName: '' })).total).toBeGreaterThanOrEqual(150);
    expect((await post(t, 'api/interface/search', { isHot: '1', pageSize: '8' })).json().rows).toHaveLength(8);
  });

  it('an interface taken off sale leaves every list', async () => {
    await t.database.db.execute(sql`update interfaces set status = 'off_sale' where id = 2130`);
    expect((await search({ interfaceName: '企业工商', pageSize: '100' })).rows.map((r) => r.id)).not.toContain(2130);
    expect((await get(t, 'api/interface/2130')).statusCode).toBe(404);
    await t.database.db.execute(sql`update interfaces set status = 'on_sale' where id = 2130`);
  });
});

describe('api/interface/{id}', () => {
  it('answers the full documentation with packages', async () => {
    const res = await get(t, 'api/interface/1882');
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ id: 1882, categoryName: '身份核验', path: '/communication/personal/1882' });
    expect(d.params.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['name', 'idcard']));
    expect(d.codes[0]).toMatchObject({ code: '10000', message: '成功' });
    expect(d.sampleResponse.code).toBe('10000');
    expect(d.packages.length).toBeGreaterThanOrEqual(2);
    expect(d.priceFrom).toBe(Math.min(...d.packages.map((p: { priceFen: number }) => p.priceFen)));
  });

  it.each([['999999'], ['abc'], ['1 or 1=1'], ['-1'], ['0']])('%s is not found, never a 500', async (id) => {
    const res = await get(t, `api/interface/${encodeURIComponent(id)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'ALL_0011', msg: '接口不存在或已下架' });
  });

  it('the ids the site links to all exist', async () => {
    for (const id of [9694, 9867, 9054, 9699, 9732, 9739, 9866, 9963, 9964, 9839, 9834, 9836, 9662, 9838, 1882, 1887, 1979, 2061, 1985, 2130, 2003, 9696]) {
      expect((await get(t, `api/interface/${id}`)).statusCode, String(id)).toBe(200);
    }
  });
});

describe('interface list, labels, packages, test url', () => {
  it('api/interface/list answers every interface on sale, or one category', async () => {
    const all = (await get(t, 'api/interface/list')).json();
    expect(all.total).toBeGreaterThanOrEqual(150);
    const one = (await get(t, 'api/interface/list', { categoryId: '3' })).json();
    expect(one.rows.every((r: Row) => r.categoryId === 3)).toBe(true);
  });

  it('api/fee/list and api/fee/{id}', async () => {
    const fees = (await post(t, 'api/fee/list', { interfaceId: '1887' })).json();
    expect(fees.rows.length).toBeGreaterThanOrEqual(2);
    const one = (await get(t, `api/fee/${fees.rows[0].id}`)).json();
    expect(one.data).toMatchObject({ interfaceId: 1887, calls: fees.rows[0].calls });
    expect((await get(t, 'api/fee/99999999')).json()).toEqual({ code: 'ALL_0011', msg: '套餐不存在' });
    expect((await post(t, 'api/fee/list', { interfaceId: 'x' })).statusCode).toBe(404);
  });

  it('api/config/testUrl answers the gateway address', async () => {
    expect((await get(t, 'api/config/testUrl')).json().data).toEqual({ testUrl: 'http://localhost:3001' });
  });
});

describe('need matching (api/interface/match)', () => {
  it('offers scenarios for each of the five industries', async () => {
    const opts = (await get(t, 'api/interface/matchOptions')).json().data;
    expect(opts.map((o: { industry: string }) => o.industry)).toEqual(['互联网', '保险', '交通物流', '金融科技', '数字政府']);
    expect(opts[1].scenarios[0]).toMatchObject({ name: '核保前置风控' });
  });

  it('an industry and scenario give the interfaces that serve it, with why', async () => {
    const body = (await get(t, 'api/interface/match', { industry: '交通物流', scenario: '司机与车辆准入' })).json();
    expect(body.rows[0]).toMatchObject({ id: 9877 });
    expect(body.rows[0].reasons[0]).toMatch(/^司机与车辆准入：/);
    expect(body.rows.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([9866, 2003]));
  });

  it('a need in words finds interfaces by what it mentions', async () => {
    const body = (await get(t, 'api/interface/match', { need: '我们要给货车司机做刷脸认证，还要看失信' })).json();
    expect(body.understood).toEqual(expect.arrayContaining(['人脸核身', '司机准入核验', '失信被执行核查']));
    const names: string[] = body.rows.map((r: { interfaceName: string }) => r.interfaceName);
    expect(names.some((n) => n.includes('人脸'))).toBe(true);
    expect(names.some((n) => n.includes('失信'))).toBe(true);
    expect(body.rows[0].reasons[0]).toContain('您提到');
  });

  it('asks for something to match, and answers nothing found politely', async () => {
    const empty = await get(t, 'api/interface/match', {});
    expect(empty.json()).toEqual({ code: 'ALL_0001', msg: '请选择行业场景或描述您的需求' });
    const nothing = (await get(t, 'api/interface/match', { need: '天气预报' })).json();
    expect(nothing).toMatchObject({ code: 200, rows: [], total: 0 });
    expect((await get(t, 'api/interface/match', { need: 'x'.repeat(201) })).json().msg).toBe('需求描述不能超过200个字');
  });
});
