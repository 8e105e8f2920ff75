import { CATALOGUE_MSG } from '@apimarket/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { consoleAudit, interfaceDocs, interfaces, messages, pricePackages, purchases } from '../../db/schema';
import { qualifiedAccount, type TestAccount } from '../../test/account';
import { buyCheapest } from '../../test/billing';
import { gatewayPost } from '../../test/gateway';
import { consolePost, consoleTestApp, expectRoleMatrix, type TestOperator } from '../../test/console';
import { get, post } from '../../test/identity';

const { t, ops } = consoleTestApp();
let buyer: TestAccount;
let key = '';
const M = CATALOGUE_MSG;
const PATH_1882 = '/communication/personal/1882';
const ZHANG = { name: '张三', idcard: '110101199003074514' };

beforeAll(async () => {
  buyer = await qualifiedAccount(t, '10.91.0.1');
  key = await buyCheapest(t, buyer, 1882);
});

const send = async (path: string, fields: Record<string, string> = {}, op: TestOperator = ops.editor) =>
  (await consolePost(t, `catalogue/${path}`, op, fields)).json();

/** The open data API as a customer's system calls it. */
const gateway = async (path: string, fields: Record<string, string>) => (await gatewayPost(t, path, fields, '203.0.113.40')).json();

const search = async (q: Record<string, string>) =>
  (await get(t, 'api/interface/search', q)).json() as { rows: Array<{ id: number; priceFrom: number | null }>; total: number };

const auditOf = (targetType: string, targetId: number | string) =>
  t.database.db
    .select()
    .from(consoleAudit)
    .where(and(eq(consoleAudit.targetType, targetType), eq(consoleAudit.targetId, String(targetId))))
    .orderBy(desc(consoleAudit.id));

/** A complete, valid new interface; tests change one field at a time. */
function draft(over: Record<string, string> = {}): Record<string, string> {
  return {
    interfaceName: '测试学历核验',
    categoryId: '11',
    summary: '核验姓名、证件号与最高学历是否一致',
    path: '/gov/edu',
    isHot: '0',
    isNew: '1',
    enterpriseOnly: '0',
    menuDisplay: '0',
    trialCalls: '5',
    description: '提交姓名、身份证号与学历层次，返回是否与学信档案一致。',
    scenarios: JSON.stringify(['招聘背景调查', '人才引进']),
    params: JSON.stringify([
      { name: 'name', type: 'string', required: true, description: '姓名', example: '张三' },
      { name: 'idcard', type: 'string', required: true, description: '18 位身份证号', example: '110101199003074514' },
      { name: 'level', type: 'string', required: false, description: '学历层次：本科、硕士、博士', example: '本科' },
    ]),
    responseFields: JSON.stringify([
      { name: 'data.result', type: 'string', description: '1 一致；2 不一致' },
      { name: 'data.school', type: 'string', description: '毕业院校' },
    ]),
    codes: JSON.stringify([
      { code: '10000', message: '成功', billable: true },
      { code: '10002', message: '参数格式错误', billable: false },
    ]),
    sampleResponse: JSON.stringify({ code: '10000', message: '成功', data: { result: '1', school: '示例大学' }, seqNo: '5D1E0A9B7C3F2E4D6A8B' }),
    ...over,
  };
}

describe('who may edit the catalogue', () => {
  it('opens every catalogue call to editors and admins only', async () => {
    const [pkg] = await t.database.db.select({ id: pricePackages.id }).from(pricePackages).where(eq(pricePackages.interfaceId, 1882)).limit(1);
    await expectRoleMatrix(t, 'catalogue/categories', 'catalogue', {}, ops);
    await expectRoleMatrix(t, 'catalogue/interfaces', 'catalogue', {}, ops);
    await expectRoleMatrix(t, 'catalogue/interface', 'catalogue', { id: '1882' }, ops);
    // The writes get inputs that change nothing, so the matrix leaves the catalogue as it was.
    await expectRoleMatrix(t, 'catalogue/saveInterface', 'catalogue', { interfaceName: '' }, ops);
    await expectRoleMatrix(t, 'catalogue/interfaceStatus', 'catalogue', { id: '1882', status: 'on_sale' }, ops);
    await expectRoleMatrix(t, 'catalogue/savePackage', 'catalogue', { interfaceId: '1882', calls: '0' }, ops);
    await expectRoleMatrix(t, 'catalogue/packageStatus', 'catalogue', { id: String(pkg?.id), status: 'on_sale' }, ops);
    expect(await t.database.db.select().from(consoleAudit).where(eq(consoleAudit.targetType, 'interface'))).toEqual([]);
  });
});

describe('console/catalogue/interfaces and interface', () => {
  it('lists every interface, on sale or not, newest first, with its prices and packages', async () => {
    const body = await send('interfaces', { pageSize: '5' });
    expect(body.code).toBe(200);
    expect(body.total).toBe(161);
    expect(body.rows).toHaveLength(5);
    const ids = body.rows.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const [one] = (await send('interfaces', { keyword: '1882' })).rows;
    expect(one).toMatchObject({
      id: 1882,
      interfaceName: '实名认证',
      categoryId: 1,
      categoryName: '身份核验',
      path: PATH_1882,
      status: 'on_sale',
      isHot: true,
      enterpriseOnly: false,
      priceFrom: 30000,
      packages: 3,
      packagesOnSale: 3,
    });
    expect(typeof one.trialCalls).toBe('number');
    expect(Date.parse(one.updatedAt)).not.toBeNaN();
  });

  it('filters by name, path, category and status', async () => {
    const byName = await send('interfaces', { keyword: '实名认证', pageSize: '50' });
    expect(byName.rows.length).toBeGreaterThan(1);
    expect(byName.rows.every((r: { interfaceName: string }) => r.interfaceName.includes('实名认证'))).toBe(true);
    const byPath = await send('interfaces', { keyword: '/logistics/track', pageSize: '50' });
    expect(byPath.total).toBe(6);
    const byCategory = await send('interfaces', { categoryId: '9', pageSize: '50' });
    expect(byCategory.total).toBe(17);
    expect(byCategory.rows.every((r: { categoryId: number }) => r.categoryId === 9)).toBe(true);
    const offSale = await send('interfaces', { status: 'off_sale' });
    expect(offSale).toMatchObject({ rows: [], total: 0 });
    const none = await send('interfaces', { keyword: '不存在的接口名' });
    expect(none).toMatchObject({ rows: [], total: 0 });
  });

  it('answers the categories and one interface with its documentation and every package', async () => {
    const cats = await send('categories');
    expect(cats.data).toHaveLength(11);
    expect(cats.data[0]).toEqual({ id: 1, categoryName: '身份核验' });

    const d = (await send('interface', { id: '1882' })).data;
    expect(d).toMatchObject({ id: 1882, interfaceName: '实名认证', path: PATH_1882, status: 'on_sale', categoryId: 1, menuDisplay: true });
    expect(d.description).toContain('姓名与 18 位居民身份证号码');
    expect(d.params.map((p: { name: string }) => p.name)).toEqual(['name', 'idcard']);
    expect(d.codes.some((c: { code: string }) => c.code === '10000')).toBe(true);
    expect(d.sampleResponse).toMatchObject({ code: '10000', data: { result: '1' } });
    expect(d.packages.map((p: { calls: number; priceFen: number; onSale: boolean }) => [p.calls, p.priceFen, p.onSale])).toEqual([
      [1000, 30000, true],
      [10000, 250000, true],
      [100000, 2000000, true],
    ]);
    expect(await send('interface', { id: '99999' })).toMatchObject({ code: 'ALL_0011', msg: M.interfaceMissing });
    expect(await send('interface', { id: 'abc' })).toMatchObject({ code: 'ALL_0001', msg: M.interfaceMissing });
  });
});

describe('console/catalogue/saveInterface', () => {
  it('refuses bad input with the rule’s own message', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ interfaceName: '测' }, M.name],
      [{ categoryId: '' }, M.categoryRequired],
      [{ categoryId: '99' }, M.categoryMissing],
      [{ summary: '' }, M.summary],
      [{ summary: '长'.repeat(41) }, M.summary],
      [{ path: '' }, M.pathRequired],
      [{ path: 'gov/edu' }, M.path],
      [{ path: '/Gov/edu' }, M.path],
      [{ path: '/gov/edu/extra/1' }, M.path],
      [{ path: '/gov/edu/123' }, M.pathNewId],
      [{ trialCalls: '1001' }, M.trialCalls],
      [{ trialCalls: '1.5' }, M.trialCalls],
      [{ sort: '-1' }, M.sort],
      [{ description: ' ' }, M.description],
      [{ scenarios: JSON.stringify(['这是一个远远超过二十个字的应用场景描述文字内容']) }, M.scenarios],
      [{ params: 'not json' }, M.params],
      [{ params: JSON.stringify([{ name: '1bad', type: 'string', required: true, description: '说明', example: 'x' }]) }, M.paramName],
      [{ params: JSON.stringify([{ name: 'key', type: 'string', required: true, description: '说明', example: 'x' }]) }, M.paramKey],
      [{ params: JSON.stringify([{ name: 'a', type: 'date', required: true, description: '说明', example: 'x' }]) }, M.paramType],
      [{ params: JSON.stringify([{ name: 'a', type: 'string', required: true, description: '说明', example: '' }]) }, M.paramExample],
      [
        {
          params: JSON.stringify([
            { name: 'a', type: 'string', required: true, description: '说明', example: 'x' },
            { name: 'a', type: 'int', required: false, description: '说明', example: '1' },
          ]),
        },
        M.paramNameDup('a'),
      ],
      [{ responseFields: '[]' }, M.fields],
      [{ responseFields: JSON.stringify([{ name: 'data..x', type: 'string', description: '说明' }]) }, M.fieldName],
      [{ codes: JSON.stringify([{ code: '10001', message: '查询无结果', billable: true }]) }, M.codeOk],
      [{ codes: JSON.stringify([{ code: '1000', message: '成功', billable: true }]) }, M.code],
      [
        {
          codes: JSON.stringify([
            { code: '10000', message: '成功', billable: true },
            { code: '10000', message: '成功', billable: true },
          ]),
        },
        M.codeDup('10000'),
      ],
      [{ sampleResponse: '' }, M.sampleRequired],
      [{ sampleResponse: '{"code": "10000",' }, M.sampleJson],
      [{ sampleResponse: JSON.stringify({ code: '10000', message: '成功', data: {} }) }, M.sampleShape],
      [{ sampleResponse: JSON.stringify({ code: '10009', message: '成功', data: {}, seqNo: 'X' }) }, M.sampleCode],
      [{ interfaceName: '实名认证' }, M.nameTaken('实名认证', 1882)],
    ];
    for (const [over, msg] of cases) {
      const body = await send('saveInterface', draft(over));
      expect(body.msg, JSON.stringify(over)).toBe(msg);
      expect(['ALL_0001', 'ALL_0013']).toContain(body.code);
    }
    expect((await send('interfaces', { keyword: '测试学历核验' })).total).toBe(0);
    expect(await send('saveInterface', draft({ id: '99999' }))).toMatchObject({ code: 'ALL_0011', msg: M.interfaceMissing });
  });

  it('creates an interface off sale, numbered after the highest id, with its documentation; a second submit is refused', async () => {
    const body = await send('saveInterface', draft());
    expect(body).toMatchObject({ code: 200, msg: M.created(9976), data: { id: 9976, changed: true } });
    const [row] = await t.database.db.select().from(interfaces).where(eq(interfaces.id, 9976));
    expect(row).toMatchObject({
      interfaceName: '测试学历核验',
      searchName: '测试学历核验',
      path: '/gov/edu/9976',
      status: 'off_sale',
      categoryId: 11,
      isNew: true,
      trialCalls: 5,
      priceFrom: null,
      sort: 161,
    });
    const [doc] = await t.database.db.select().from(interfaceDocs).where(eq(interfaceDocs.interfaceId, 9976));
    expect(doc?.sampleRequest).toEqual({ name: '张三', idcard: '110101199003074514', level: '本科' });
    expect(doc?.params[0]).toEqual({ name: 'name', type: 'string', required: true, description: '姓名', example: '张三' });

    const again = await send('saveInterface', draft());
    expect(again).toMatchObject({ code: 'ALL_0013', msg: M.nameTaken('测试学历核验', 9976) });
    expect((await send('interfaces', { keyword: '测试学历核验' })).total).toBe(1);

    const [audit, ...more] = await auditOf('interface', 9976);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({ action: 'catalogue.interface.create', actor: ops.editor.username, operatorId: ops.editor.id });
    expect(audit?.after).toMatchObject({ interfaceName: '测试学历核验', path: '/gov/edu/9976', status: 'off_sale' });

    // Off sale: the public catalogue does not show it yet.
    expect((await search({ ids: '9976' })).total).toBe(0);
    expect((await get(t, 'api/interface/9976')).json().code).toBe('ALL_0011');
  });

  it('edits only what changed, audits the difference, and says so when nothing changed', async () => {
    const full = draft({ id: '9976', path: '/gov/edu/9976', sort: '161' });
    const same = await send('saveInterface', full);
    expect(same).toMatchObject({ code: 200, msg: M.unchanged, data: { id: 9976, changed: false } });
    // The path without its id segment is the same path too.
    expect((await send('saveInterface', { ...full, path: '/gov/edu' })).msg).toBe(M.unchanged);
    expect(await auditOf('interface', 9976)).toHaveLength(1);

    expect(await send('saveInterface', { ...full, path: '/gov/edu/1882' })).toMatchObject({ code: 'ALL_0001', msg: M.pathId(9976) });

    const edited = await send('saveInterface', { ...full, summary: '核验学历是否与学信档案一致', enterpriseOnly: '1', path: '/gov/degree' });
    expect(edited).toMatchObject({ code: 200, msg: M.saved, data: { id: 9976, changed: true } });
    const d = (await send('interface', { id: '9976' })).data;
    expect(d).toMatchObject({ summary: '核验学历是否与学信档案一致', enterpriseOnly: true, path: '/gov/degree/9976', status: 'off_sale' });
    const [audit] = await auditOf('interface', 9976);
    expect(audit).toMatchObject({
      action: 'catalogue.interface.edit',
      before: { summary: '核验姓名、证件号与最高学历是否一致', enterpriseOnly: false, path: '/gov/edu/9976' },
      after: { summary: '核验学历是否与学信档案一致', enterpriseOnly: true, path: '/gov/degree/9976' },
    });
    expect(Object.keys(audit?.after as object).sort()).toEqual(['enterpriseOnly', 'path', 'summary']);
    // Saved back by an admin: the sample (jsonb, keys reordered) still compares equal.
    const back = await send('saveInterface', { ...full, summary: '核验学历是否与学信档案一致', enterpriseOnly: '1', path: '/gov/degree/9976' }, ops.admin);
    expect(back.msg).toBe(M.unchanged);
  });
});

describe('packages and the price from', () => {
  let first = 0;

  it('refuses bad package input with the rule’s own message', async () => {
    const base = { interfaceId: '9976', calls: '1000', price: '300', validityDays: '365' };
    const cases: Array<[Record<string, string>, string]> = [
      [{ calls: '0' }, M.calls],
      [{ calls: 'abc' }, M.calls],
      [{ calls: '100000001' }, M.calls],
      [{ price: '' }, M.price],
      [{ price: '1.234' }, M.price],
      [{ price: '-5' }, M.price],
      [{ price: '0' }, M.priceZero],
      [{ validityDays: '0' }, M.validityDays],
      [{ validityDays: '3651' }, M.validityDays],
      [{ interfaceId: '' }, M.interfaceMissing],
    ];
    for (const [over, msg] of cases) {
      const body = await send('savePackage', { ...base, ...over });
      expect([body.code, body.msg], JSON.stringify(over)).toEqual(['ALL_0001', msg]);
    }
    expect(await send('savePackage', { ...base, interfaceId: '99999' })).toMatchObject({ code: 'ALL_0011', msg: M.interfaceMissing });
    expect(await t.database.db.select().from(pricePackages).where(eq(pricePackages.interfaceId, 9976))).toEqual([]);
  });

  it('adds packages in yuan, keeps the price from in step, and refuses the same package twice', async () => {
    const a = await send('savePackage', { interfaceId: '9976', calls: '1000', price: '300', validityDays: '365' });
    expect(a).toMatchObject({ code: 200, msg: M.packageCreated, data: { changed: true } });
    first = a.data.id;
    const b = await send('savePackage', { interfaceId: '9976', calls: '10000', price: '2500.50', validityDays: '365' });
    expect(b.code).toBe(200);
    const dup = await send('savePackage', { interfaceId: '9976', calls: '1000', price: '280', validityDays: '365' });
    expect(dup).toMatchObject({ code: 'ALL_0013', msg: M.packageDup(1000, 365) });

    const d = (await send('interface', { id: '9976' })).data;
    expect(d.priceFrom).toBe(30000);
    expect(d.packages.map((p: { calls: number; priceFen: number; sort: number }) => [p.calls, p.priceFen, p.sort])).toEqual([
      [1000, 30000, 0],
      [10000, 250050, 1],
    ]);
    const [audit] = await auditOf('package', first);
    expect(audit).toMatchObject({
      action: 'catalogue.package.create',
      after: { interfaceId: 9976, calls: 1000, priceFen: 30000, validityDays: 365, onSale: true },
    });
  });

  it('changes a price: the lists’ price from follows, the same values again change nothing', async () => {
    const edit = { id: String(first), interfaceId: '9976', calls: '1000', price: '199.9', validityDays: '365' };
    expect(await send('savePackage', edit)).toMatchObject({ code: 200, msg: M.packageSaved });
    expect((await send('interfaces', { keyword: '9976' })).rows[0].priceFrom).toBe(19990);
    expect(await send('savePackage', edit)).toMatchObject({ code: 200, msg: M.packageUnchanged, data: { changed: false } });
    const audits = await auditOf('package', first);
    expect(audits.map((r) => r.action)).toEqual(['catalogue.package.edit', 'catalogue.package.create']);
    expect(audits[0]).toMatchObject({ before: { interfaceId: 9976, priceFen: 30000 }, after: { interfaceId: 9976, priceFen: 19990 } });
    // A package of another interface cannot be edited through this one.
    expect(await send('savePackage', { ...edit, interfaceId: '1882' })).toMatchObject({ code: 'ALL_0011', msg: M.packageMissing });

    // On the public catalogue, for an interface on sale: 1882's cheapest package gets cheaper.
    const [cheapest] = await t.database.db
      .select()
      .from(pricePackages)
      .where(and(eq(pricePackages.interfaceId, 1882), eq(pricePackages.calls, 1000)));
    expect((await search({ ids: '1882' })).rows[0]?.priceFrom).toBe(30000);
    await send('savePackage', { id: String(cheapest?.id), interfaceId: '1882', calls: '1000', price: '250', validityDays: '365' });
    expect((await search({ ids: '1882' })).rows[0]?.priceFrom).toBe(25000);
    expect((await get(t, 'api/interface/1882')).json().data.priceFrom).toBe(25000);
    await send('savePackage', { id: String(cheapest?.id), interfaceId: '1882', calls: '1000', price: '300', validityDays: '365' });
  });

  it('takes a package off sale and back; the second identical request says so; renewing members are told', async () => {
    const [pkg] = await t.database.db
      .select()
      .from(pricePackages)
      .where(and(eq(pricePackages.interfaceId, 1882), eq(pricePackages.calls, 10000)));
    await t.database.db.update(purchases).set({ autoRenewPackageId: pkg?.id }).where(eq(purchases.key, key));

    const off = await send('packageStatus', { id: String(pkg?.id), status: 'off_sale' });
    expect(off).toMatchObject({ code: 200, msg: M.packageOff, data: { changed: true } });
    expect(await send('packageStatus', { id: String(pkg?.id), status: 'off_sale' })).toMatchObject({
      code: 200,
      msg: M.packageAlreadyOff,
      data: { changed: false },
    });
    const fees = (await post(t, 'api/fee/list', { interfaceId: '1882' })).json();
    expect(fees.rows.map((r: { calls: number }) => r.calls)).toEqual([1000, 100000]);
    const told = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.memberId, buyer.memberId), eq(messages.title, '自动续费套餐已下架')));
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain('「实名认证」');
    expect(told[0]?.link).toBe('/userCenter/paymentManage/myRenew');

    expect((await send('packageStatus', { id: String(pkg?.id), status: 'on_sale' })).msg).toBe(M.packageOn);
    expect((await send('packageStatus', { id: String(pkg?.id), status: 'on_sale' })).msg).toBe(M.packageAlreadyOn);
    expect((await auditOf('package', pkg?.id ?? 0)).map((r) => [r.action, r.before, r.after])).toEqual([
      ['catalogue.package.onSale', { interfaceId: 1882, onSale: false }, { interfaceId: 1882, onSale: true }],
      ['catalogue.package.offSale', { interfaceId: 1882, onSale: true }, { interfaceId: 1882, onSale: false }],
    ]);
    await t.database.db.update(purchases).set({ autoRenewPackageId: null }).where(eq(purchases.key, key));

    // Every package of the new interface off sale: no price from (priced on request).
    const rows = await t.database.db.select().from(pricePackages).where(eq(pricePackages.interfaceId, 9976));
    for (const p of rows) await send('packageStatus', { id: String(p.id), status: 'off_sale' });
    expect((await send('interface', { id: '9976' })).data.priceFrom).toBeNull();
    await send('packageStatus', { id: String(first), status: 'on_sale' });
    expect((await send('interface', { id: '9976' })).data.priceFrom).toBe(19990);
    expect(await send('packageStatus', { id: '99999999', status: 'on_sale' })).toMatchObject({ code: 'ALL_0011', msg: M.packageMissing });
    expect(await send('packageStatus', { id: String(first), status: 'gone' })).toMatchObject({ code: 'ALL_0001', msg: M.statusRequired });
  });
});

describe('console/catalogue/interfaceStatus', () => {
  it('takes an interface off sale: the gateway answers SYSTEM_015 at once, the lists drop it, its buyers are told', async () => {
    expect((await gateway(PATH_1882, { key, ...ZHANG })).code).toBe('10000');
    expect((await search({ ids: '1882' })).total).toBe(1);

    const off = await send('interfaceStatus', { id: '1882', status: 'off_sale' });
    expect(off).toMatchObject({ code: 200, msg: M.offSale, data: { id: 1882, changed: true } });
    // No cache clearing here: the console's own call must have made the gateway forget.
    expect(await gateway(PATH_1882, { key, ...ZHANG })).toMatchObject({ code: 'SYSTEM_015', message: '接口已下架', data: null });
    expect((await search({ ids: '1882' })).total).toBe(0);
    expect((await search({ interfaceName: '实名认证' })).rows.map((r) => r.id)).not.toContain(1882);
    expect((await get(t, 'api/interface/1882')).json().code).toBe('ALL_0011');
    expect((await send('interfaces', { status: 'off_sale', keyword: '1882' })).rows[0]).toMatchObject({ id: 1882, status: 'off_sale' });

    const told = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.memberId, buyer.memberId), eq(messages.title, '接口「实名认证」已下架')));
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain('SYSTEM_015');

    // Again: nothing changes, nobody is told twice, no second audit row.
    expect(await send('interfaceStatus', { id: '1882', status: 'off_sale' }, ops.admin)).toMatchObject({
      code: 200,
      msg: M.alreadyOff,
      data: { changed: false },
    });
    expect(
      await t.database.db
        .select()
        .from(messages)
        .where(and(eq(messages.memberId, buyer.memberId), eq(messages.title, '接口「实名认证」已下架'))),
    ).toHaveLength(1);
    expect((await auditOf('interface', 1882)).map((r) => [r.action, r.actor, r.before, r.after])).toEqual([
      ['catalogue.interface.offSale', ops.editor.username, { status: 'on_sale' }, { status: 'off_sale' }],
    ]);

    const on = await send('interfaceStatus', { id: '1882', status: 'on_sale' });
    expect(on).toMatchObject({ code: 200, msg: M.onSale });
    expect((await gateway(PATH_1882, { key, ...ZHANG })).code).toBe('10000');
    expect((await search({ ids: '1882' })).total).toBe(1);
    expect(
      await t.database.db
        .select()
        .from(messages)
        .where(and(eq(messages.memberId, buyer.memberId), eq(messages.title, '接口「实名认证」已恢复上架'))),
    ).toHaveLength(1);
    expect(await send('interfaceStatus', { id: '1882', status: 'paused' })).toMatchObject({ code: 'ALL_0001', msg: M.statusRequired });
    expect(await send('interfaceStatus', { id: '99999', status: 'on_sale' })).toMatchObject({ code: 'ALL_0011', msg: M.interfaceMissing });
  });

  it('puts a new interface on sale: listed, bought and called through the gateway at its new path', async () => {
    // Enterprise-only since the edit above; the buyer is an authenticated company.
    expect(await send('interfaceStatus', { id: '9976', status: 'on_sale' })).toMatchObject({ code: 200, msg: M.onSale });
    const listed = await search({ ids: '9976' });
    expect(listed.rows).toEqual([expect.objectContaining({ id: 9976, priceFrom: 19990 })]);
    const page = (await get(t, 'api/interface/9976')).json().data;
    expect(page).toMatchObject({ interfaceName: '测试学历核验', path: '/gov/degree/9976', trialCalls: 5, scenarios: ['招聘背景调查', '人才引进'] });

    const newKey = await buyCheapest(t, buyer, 9976);
    expect(newKey).not.toBe('');
    const answer = await gateway('/gov/degree/9976', { key: newKey, name: '张三', idcard: '110101199003074514', level: '本科' });
    expect(answer).toMatchObject({ code: '10000', data: { result: '1', school: '示例大学' } });
    expect((await gateway('/gov/edu/9976', { key: newKey, name: '张三', idcard: '110101199003074514' })).code).toBe('SYSTEM_004');
  });
});

describe('an edit that changes how buyers call', () => {
  it('moves 1882 to a new path: the gateway follows at once and its buyers are told', async () => {
    const d = (await send('interface', { id: '1882' })).data;
    const fields = (path: string) => ({
      id: '1882',
      interfaceName: d.interfaceName,
      categoryId: String(d.categoryId),
      summary: d.summary,
      path,
      isHot: String(d.isHot),
      isNew: String(d.isNew),
      enterpriseOnly: String(d.enterpriseOnly),
      menuDisplay: String(d.menuDisplay),
      trialCalls: String(d.trialCalls),
      sort: String(d.sort),
      description: d.description,
      scenarios: JSON.stringify(d.scenarios),
      params: JSON.stringify(d.params),
      responseFields: JSON.stringify(d.responseFields),
      codes: JSON.stringify(d.codes),
      sampleResponse: JSON.stringify(d.sampleResponse),
    });
    expect((await send('saveInterface', fields(PATH_1882))).msg).toBe(M.unchanged);
    expect((await gateway(PATH_1882, { key, ...ZHANG })).code).toBe('10000');

    expect((await send('saveInterface', fields('/identity/personal'))).msg).toBe(M.saved);
    expect((await gateway(PATH_1882, { key, ...ZHANG })).code).toBe('SYSTEM_004');
    expect((await gateway('/identity/personal/1882', { key, ...ZHANG })).code).toBe('10000');
    const [told] = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.memberId, buyer.memberId), eq(messages.title, '接口「实名认证」的调用方式已变更')));
    expect(told?.body).toContain(`调用地址由 ${PATH_1882} 改为 /identity/personal/1882`);

    expect((await send('saveInterface', fields(PATH_1882))).msg).toBe(M.saved);
    expect((await gateway(PATH_1882, { key, ...ZHANG })).code).toBe('10000');
  });
});

describe('the audit trail', () => {
  it('shows every catalogue action under the catalogue prefix for the admin', async () => {
    const body = (await consolePost(t, 'audit/list', ops.admin, { action: 'catalogue', pageSize: '100' })).json();
    const actions = new Set(body.rows.map((r: { action: string }) => r.action));
    for (const a of [
      'catalogue.interface.create',
      'catalogue.interface.edit',
      'catalogue.interface.offSale',
      'catalogue.interface.onSale',
      'catalogue.package.create',
      'catalogue.package.edit',
      'catalogue.package.offSale',
      'catalogue.package.onSale',
    ]) {
      expect(actions.has(a), a).toBe(true);
    }
  });
});
