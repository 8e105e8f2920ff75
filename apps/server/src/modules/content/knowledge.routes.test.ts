import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_KNOWLEDGE } from '../../db/seed/data/content/knowledge';
import { SEED_INTERFACES } from '../../db/seed/data/interfaces';
import { buildTestApp, type TestApp } from '../../test/harness';
import { get } from '../../test/identity';
import { asDraft, BAD_IDS, expectNotFound, HOSTILE, ISO, newestFirst } from './content.testing';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const KB = 'api/knowledgeBase';
const ALL = newestFirst(SEED_KNOWLEDGE, (k) => k.publishedAt);
const ofType = (type: string) => ALL.filter((k) => k.type === type);
const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);
const byKeyword = (k: string) => ALL.filter((a) => a.title.includes(k) || a.summary.includes(k));
const nameOf = (id: number) => SEED_INTERFACES.find((i) => i.id === id)?.interfaceName;
/** Seed types by count desc; the seed has no ties. */
const TYPES = [...new Set(ALL.map((k) => k.type))].map((type) => ({ type, count: ofType(type).length })).sort((a, b) => b.count - a.count);
const BIGGEST = TYPES[0]?.type ?? '';

describe('GET getTypeList', () => {
  it('answers each type with its count, the biggest first', async () => {
    const res = await get(t, `${KB}/getTypeList`);
    expect(res.json()).toEqual({ code: 200, msg: '操作成功', data: TYPES });
    expect(TYPES.length).toBe(6);
  });

  it('breaks a tie by name in code-point order', async () => {
    const [first, second] = TYPES;
    if (!first || !second || first.count !== second.count + 1) throw new Error('seed changed');
    await asDraft(t, 'knowledge', ofType(first.type)[0]?.id ?? 0, async () => {
      const data: Array<{ type: string; count: number }> = (await get(t, `${KB}/getTypeList`)).json().data;
      const tied = [first.type, second.type].sort();
      expect(data.slice(0, 2)).toEqual(tied.map((type) => ({ type, count: second.count })));
    });
  });
});

describe('GET getBaseList', () => {
  it('lists newest first without the body; filters by type and keyword', async () => {
    const all = (await get(t, `${KB}/getBaseList`)).json();
    expect(all).toMatchObject({ code: 200, msg: '查询成功', total: ALL.length });
    expect(ids(all.rows)).toEqual(ids(ALL.slice(0, 10)));
    expect(Object.keys(all.rows[0]).sort()).toEqual(['id', 'publishedAt', 'summary', 'title', 'type', 'views']);
    expect(all.rows[0].publishedAt).toMatch(ISO);

    const typed = (await get(t, `${KB}/getBaseList`, { type: BIGGEST, pageSize: '100' })).json();
    expect(ids(typed.rows)).toEqual(ids(ofType(BIGGEST)));
    const found = (await get(t, `${KB}/getBaseList`, { keyword: '白名单', pageSize: '100' })).json();
    expect(found.total).toBe(byKeyword('白名单').length);
    expect(ids(found.rows)).toEqual(ids(byKeyword('白名单')));
    const both = (await get(t, `${KB}/getBaseList`, { keyword: '白名单', type: BIGGEST, pageSize: '100' })).json();
    expect(ids(both.rows)).toEqual(ids(byKeyword('白名单').filter((k) => k.type === BIGGEST)));
    expect((await get(t, `${KB}/getBaseList`, { type: '不存在的分类' })).json()).toMatchObject({ rows: [], total: 0 });
  });

  it('pages and clamps', async () => {
    const page2 = (await get(t, `${KB}/getBaseList`, { pageNum: '2', pageSize: '20' })).json();
    expect(page2.total).toBe(ALL.length);
    expect(ids(page2.rows)).toEqual(ids(ALL.slice(20, 40)));
    expect((await get(t, `${KB}/getBaseList`, { pageSize: '100000' })).json().rows.length).toBe(ALL.length);
  });

  it('survives hostile keywords and types', async () => {
    for (const value of HOSTILE) {
      const k = await get(t, `${KB}/getBaseList`, { keyword: value });
      expect(k.statusCode, value).toBe(200);
      expect(k.json().total, value).toBe(byKeyword(value).length);
      const ty = await get(t, `${KB}/getBaseList`, { type: value });
      expect(ty.statusCode, value).toBe(200);
      expect(ty.json().total, value).toBe(0);
    }
  });
});

describe('GET getBaseInfo', () => {
  it('answers an article with body, neighbours of its type, its interfaces, and counts the view', async () => {
    const list = ofType(BIGGEST);
    const i = 2;
    const a = list[i];
    if (!a) throw new Error('seed too small');
    const res = await get(t, `${KB}/getBaseInfo`, { id: String(a.id) });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ id: a.id, type: a.type, title: a.title, summary: a.summary, body: a.body, views: 1 });
    expect(data.interfaceIds).toBeUndefined();
    expect(data.interfaces).toEqual([...new Set(a.interfaceIds)].map((id) => ({ id, interfaceName: nameOf(id) })));
    expect(data.prev).toEqual({ id: list[i - 1]?.id, title: list[i - 1]?.title });
    expect(data.next).toEqual({ id: list[i + 1]?.id, title: list[i + 1]?.title });
    expect((await get(t, `${KB}/getBaseInfo`, { id: String(a.id) })).json().data.views).toBe(2);
    expect((await get(t, `${KB}/getBaseInfo`, { id: String(list[0]?.id) })).json().data.prev).toBeNull();
    expect((await get(t, `${KB}/getBaseInfo`, { id: String(list.at(-1)?.id) })).json().data.next).toBeNull();
  });

  it('links only existing interfaces', async () => {
    const a = ALL[0];
    if (!a) throw new Error('seed too small');
    await t.database.db.execute(sql`update knowledge set interface_ids = '[777777, 1882]'::jsonb where id = ${a.id}`);
    try {
      const { data } = (await get(t, `${KB}/getBaseInfo`, { id: String(a.id) })).json();
      expect(data.interfaces).toEqual([{ id: 1882, interfaceName: nameOf(1882) }]);
    } finally {
      await t.database.db.execute(sql`update knowledge set interface_ids = ${JSON.stringify(a.interfaceIds)}::jsonb where id = ${a.id}`);
    }
  });

  it('a missing, unknown or malformed id is 404 ALL_0011', async () => {
    expectNotFound(await get(t, `${KB}/getBaseInfo`), '知识库文章不存在');
    expectNotFound(await get(t, `${KB}/getBaseInfo`, { id: '999999' }), '知识库文章不存在');
    for (const id of BAD_IDS) expectNotFound(await get(t, `${KB}/getBaseInfo`, { id }), '知识库文章不存在');
  });
});

describe('GET getFivePicture', () => {
  it('answers the five most read, newest first on a tie', async () => {
    await t.database.db.execute(sql`update knowledge set views = 0`);
    const newest = (await get(t, `${KB}/getFivePicture`)).json().data;
    expect(ids(newest)).toEqual(ids(ALL.slice(0, 5)));
    expect(Object.keys(newest[0]).sort()).toEqual(['id', 'summary', 'title', 'type']);

    const [old, older] = [ALL.at(-1), ALL.at(-2)];
    if (!old || !older) throw new Error('seed too small');
    await t.database.db.execute(sql`update knowledge set views = 50 where id = ${older.id}`);
    await t.database.db.execute(sql`update knowledge set views = 90 where id = ${old.id}`);
    const read = (await get(t, `${KB}/getFivePicture`)).json().data;
    expect(ids(read)).toEqual([old.id, older.id, ...ids(ALL.slice(0, 3))]);
    await t.database.db.execute(sql`update knowledge set views = 0`);
  });
});

describe('GET getTenAllTypeList', () => {
  it('answers every type in getTypeList order with up to ten newest titles', async () => {
    const { data } = (await get(t, `${KB}/getTenAllTypeList`)).json();
    expect(data).toEqual(
      TYPES.map(({ type }) => ({
        type,
        items: ofType(type)
          .slice(0, 10)
          .map(({ id, title }) => ({ id, title })),
      })),
    );
    expect(ofType(BIGGEST).length).toBeGreaterThan(10);
  });
});

describe('GET getListByType', () => {
  it('needs a type, with the Chinese message', async () => {
    for (const type of [undefined, '', '   ']) {
      const res = await get(t, `${KB}/getListByType`, type === undefined ? {} : { type });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'ALL_0001', msg: '请选择知识库分类' });
    }
  });

  it('answers every article of the type without the body; an unknown type has none', async () => {
    const { data } = (await get(t, `${KB}/getListByType`, { type: BIGGEST })).json();
    expect(ids(data)).toEqual(ids(ofType(BIGGEST)));
    expect(data[0].body).toBeUndefined();
    for (const type of ['不存在的分类', ...HOSTILE]) {
      const res = await get(t, `${KB}/getListByType`, { type });
      expect(res.statusCode, type).toBe(200);
      expect(res.json().data, type).toEqual([]);
    }
  });
});

describe('GET getInterfaceByType', () => {
  it('needs a type, with the Chinese message', async () => {
    const res = await get(t, `${KB}/getInterfaceByType`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'ALL_0001', msg: '请选择知识库分类' });
  });

  it('answers the distinct interfaces the type’s articles explain, in the order they are named', async () => {
    for (const { type } of TYPES) {
      const { data } = (await get(t, `${KB}/getInterfaceByType`, { type })).json();
      const expected = [...new Set(ofType(type).flatMap((k) => k.interfaceIds))];
      expect(
        data.map((i: { id: number }) => i.id),
        type,
      ).toEqual(expected);
      for (const i of data) {
        const seed = SEED_INTERFACES.find((s) => s.id === i.id);
        expect(i).toEqual({ id: i.id, interfaceName: seed?.interfaceName, summary: seed?.summary });
      }
    }
    expect((await get(t, `${KB}/getInterfaceByType`, { type: "' or 1=1 --" })).json().data).toEqual([]);
  });
});

describe('drafts', () => {
  it('a draft article is not listed, counted, served, a neighbour, most read or a source of interfaces', async () => {
    const list = ofType(BIGGEST);
    const [a, draft, c] = list;
    if (!a || !draft || !c) throw new Error('seed too small');
    await t.database.db.execute(sql`update knowledge set views = 1000 where id = ${draft.id}`);
    await t.database.db.execute(sql`update knowledge set interface_ids = '[9963]'::jsonb where id = ${draft.id}`);
    await asDraft(t, 'knowledge', draft.id, async () => {
      const listed = (await get(t, `${KB}/getBaseList`, { pageSize: '100' })).json();
      expect(listed.total).toBe(ALL.length - 1);
      expect(ids(listed.rows)).not.toContain(draft.id);
      const types = (await get(t, `${KB}/getTypeList`)).json().data;
      expect(types.find((x: { type: string }) => x.type === BIGGEST).count).toBe(list.length - 1);
      expectNotFound(await get(t, `${KB}/getBaseInfo`, { id: String(draft.id) }), '知识库文章不存在');
      expect((await get(t, `${KB}/getBaseInfo`, { id: String(a.id) })).json().data.next.id).toBe(c.id);
      expect(ids((await get(t, `${KB}/getFivePicture`)).json().data)).not.toContain(draft.id);
      const ten = (await get(t, `${KB}/getTenAllTypeList`)).json().data;
      expect(ids(ten.find((x: { type: string }) => x.type === BIGGEST).items)).not.toContain(draft.id);
      expect(ids((await get(t, `${KB}/getListByType`, { type: BIGGEST })).json().data)).not.toContain(draft.id);
      const linked = (await get(t, `${KB}/getInterfaceByType`, { type: BIGGEST })).json().data;
      expect(ids(linked)).not.toContain(9963);
    });
  });
});
