// Catalogue keyword search (issue 17): words in any field, synonyms, pinyin, relevance then
// popularity, the ranges to highlight. The seeded catalogue, a real database.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness';
import { get } from '../../test/identity';
import { refreshListing } from './listing';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Row = {
  id: number;
  interfaceName: string;
  summary: string;
  categoryId: number;
  highlight?: { interfaceName: Array<[number, number]>; summary: Array<[number, number]>; labels: string[] };
};
type Answer = { code: number; rows: Row[]; total: number; partial?: boolean };
const search = async (interfaceName: string, more: Record<string, string> = {}) =>
  (await get(t, 'api/interface/search', { interfaceName, pageSize: '50', ...more })).json() as Answer;
const ids = (a: Answer) => a.rows.map((r) => r.id);
/** The marked words of a row's name, as the page shows them. */
const marked = (r: Row | undefined) => (r?.highlight?.interfaceName ?? []).map(([s, e]) => r?.interfaceName.slice(s, e));

describe('keyword search', () => {
  it('手机号 finds every phone interface, 手机三要素 and 运营商在网时长 among them', async () => {
    const a = await search('手机号');
    expect(ids(a)).toEqual(expect.arrayContaining([1979, 9054, 1970, 1980, 1981, 1965]));
    const phone = (await get(t, 'api/interface/search', { categoryId: '5', pageSize: '50' })).json() as Answer;
    expect(ids(a)).toEqual(expect.arrayContaining(ids(phone)));
  });

  it('身份证 finds 实名认证; 「身份证 核验」 answers the ID checks, each holding both words', async () => {
    expect(ids(await search('身份证'))).toContain(1882);
    const both = await search('身份证 核验');
    expect(both.partial).toBeUndefined();
    expect(ids(both)).toEqual(expect.arrayContaining([1882, 1883, 1893, 2210]));
    expect(ids(both)).not.toContain(1985); // 身份证OCR reads a card, it verifies nothing
  });

  it.each([['sfz'], ['shenfenzheng'], ['SFZ']])('%s is pinyin for 身份证', async (letters) => {
    const a = await search(letters);
    expect(a.rows[0]?.interfaceName).toContain('身份证');
    expect(marked(a.rows[0])).toContain('身份证');
    expect(ids(a)).toContain(1882); // and 身份证 then brings its synonyms
  });

  it('answers where the words were found: in the name, the summary and the labels', async () => {
    const a = await search('手机号');
    expect(marked(a.rows.find((r) => r.id === 1979))).toEqual(['手机']);
    expect(marked(a.rows.find((r) => r.id === 9054))).toEqual(['运营商在网']);
    const bank = a.rows.find((r) => r.id === 2206);
    expect(marked(bank)).toEqual(['手机号']);
    const summary = bank?.highlight?.summary[0] ?? [0, 0];
    expect(bank?.summary.slice(...summary)).toMatch(/手机/);
    expect((await search('免费试用')).rows[0]?.highlight?.labels).toEqual(['免费试用']);
  });

  it('ranks names holding the word itself before synonyms, and the exact name first', async () => {
    const a = await search('手机号');
    expect(a.rows.slice(0, 4).every((r) => r.interfaceName.includes('手机号'))).toBe(true);
    expect(ids(a).indexOf(1973)).toBeLessThan(ids(a).indexOf(1979));
    expect((await search('实名认证')).rows[0]?.id).toBe(1882);
    const id = await search('身份证');
    expect(ids(id).indexOf(1883)).toBeLessThan(ids(id).indexOf(1882));
  });

  it('then by popularity: of two equally relevant, the one called more', async () => {
    const before = ids(await search('手机'));
    expect(before.indexOf(1979)).toBeLessThan(before.indexOf(1980));
    await t.database.db.execute(sql`update interfaces set hits = 100000 where id = 1980`);
    await refreshListing(t.database.db, [1980]);
    const after = ids(await search('手机'));
    expect(after.indexOf(1980)).toBeLessThan(after.indexOf(1979));
    await t.database.db.execute(sql`update interfaces set hits = 0 where id = 1980`);
    await refreshListing(t.database.db, [1980]);
  });

  it('when no interface holds every word, answers those named by some of them, flagged partial', async () => {
    const a = await search('身份证 天气');
    expect(a.partial).toBe(true);
    expect(ids(a)).toContain(1883);
    expect((await search('不存在的接口名称')).total).toBe(0);
  });

  it('keeps the other filters and orders', async () => {
    const ocr = await search('身份证', { categoryId: '3' });
    expect(ids(ocr)).toEqual([1985]);
    const cheap = (await search('核验', { sortId: '3' })).rows as Array<Row & { priceFrom: number | null }>;
    const prices = cheap.map((r) => r.priceFrom ?? Number.MAX_SAFE_INTEGER);
    expect([...prices].sort((x, y) => x - y)).toEqual(prices);
  });

  it('a renamed interface is found by its new name as soon as the catalogue is refreshed', async () => {
    await t.database.db.execute(sql`update interfaces set interface_name = '车辆尾气排放阶段查询' where id = 2020`);
    await refreshListing(t.database.db, [2020]);
    expect(ids(await search('尾气'))).toEqual([2020]);
    await t.database.db.execute(sql`update interfaces set interface_name = '车辆排放标准查询' where id = 2020`);
    await refreshListing(t.database.db, [2020]);
    expect(ids(await search('尾气'))).toEqual([]);
  });
});
