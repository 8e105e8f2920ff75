import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news } from '../../db/schema';
import { SEED_NEWS } from '../../db/seed/data/content/news';
import { buildTestApp, type TestApp } from '../../test/harness';
import { get } from '../../test/identity';
import { asDraft, BAD_IDS, expectNotFound, HOSTILE, ISO, newestFirst } from './content.testing';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ALL = newestFirst(SEED_NEWS, (n) => n.publishedAt);
const ofType = (type: number) => ALL.filter((n) => n.type === type);
const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);
const TYPE_NAMES: Record<number, string> = { 1: '行业资讯', 2: '公司新闻', 3: '领导视察' };

describe('GET api/news/list', () => {
  it('lists published news newest first, without the body', async () => {
    const res = await get(t, 'api/news/list');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, msg: '查询成功', total: 50 });
    expect(ids(body.rows)).toEqual(ids(ALL.slice(0, 10)));
    const first = body.rows[0];
    expect(Object.keys(first).sort()).toEqual(['id', 'publishedAt', 'source', 'summary', 'title', 'type', 'typeName', 'views']);
    expect(first.typeName).toBe(TYPE_NAMES[first.type]);
    expect(first.publishedAt).toMatch(ISO);
  });

  it('filters by type', async () => {
    for (const type of [1, 2, 3]) {
      const body = (await get(t, 'api/news/list', { type: String(type), pageSize: '100' })).json();
      expect(body.total).toBe(ofType(type).length);
      expect(ids(body.rows)).toEqual(ids(ofType(type)));
      expect(body.rows.every((r: { typeName: string }) => r.typeName === TYPE_NAMES[type])).toBe(true);
    }
  });

  it('an unknown or junk type lists nothing rather than failing', async () => {
    for (const type of ['4', 'abc', '-1', '1 or 1=1']) {
      const res = await get(t, 'api/news/list', { type });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ rows: [], total: 0 });
    }
    expect((await get(t, 'api/news/list', { type: '' })).json().total).toBe(50);
  });

  it('finds a keyword anywhere in the title, with the type', async () => {
    const expected = ALL.filter((n) => n.title.includes('数据'));
    const body = (await get(t, 'api/news/list', { keyword: ' 数据 ', pageSize: '100' })).json();
    expect(body.total).toBe(expected.length);
    expect(ids(body.rows)).toEqual(ids(expected));
    const typed = (await get(t, 'api/news/list', { keyword: '数据', type: '2', pageSize: '100' })).json();
    expect(ids(typed.rows)).toEqual(ids(expected.filter((n) => n.type === 2)));
  });

  it('pages: total, page 2, a page past the end', async () => {
    const page2 = (await get(t, 'api/news/list', { pageNum: '2', pageSize: '7' })).json();
    expect(page2.total).toBe(50);
    expect(ids(page2.rows)).toEqual(ids(ALL.slice(7, 14)));
    const past = (await get(t, 'api/news/list', { pageNum: '99', pageSize: '10' })).json();
    expect(past).toMatchObject({ rows: [], total: 50 });
    const junk = (await get(t, 'api/news/list', { pageNum: 'x', pageSize: 'y' })).json();
    expect(ids(junk.rows)).toEqual(ids(ALL.slice(0, 10)));
  });

  it('clamps pageSize to 100', async () => {
    await t.database.db.execute(sql`
      insert into news (id, type, title, summary, body, source, published_at)
      select 5000 + g, 1, '批量测试新闻' || g, '摘要', '[]'::jsonb, '测试', timestamptz '2020-01-01' + make_interval(days => g)
      from generate_series(1, 60) g`);
    try {
      const body = (await get(t, 'api/news/list', { pageSize: '100000' })).json();
      expect(body.total).toBe(110);
      expect(body.rows.length).toBe(100);
    } finally {
      await t.database.db.execute(sql`delete from news where id > 5000`);
    }
  });

  it('survives hostile keywords: 200 with nothing or literal matches only', async () => {
    for (const keyword of HOSTILE) {
      const res = await get(t, 'api/news/list', { keyword });
      expect(res.statusCode, keyword).toBe(200);
      const expected = ALL.filter((n) => n.title.includes(keyword));
      expect(res.json().total, keyword).toBe(expected.length);
    }
  });

  it('refuses a control character in the keyword, naming the field', async () => {
    const res = await get(t, 'api/news/list', { keyword: 'a\u0000b' });
    expect([res.statusCode, res.json()]).toEqual([400, { code: 'ALL_0001', msg: '「keyword」含有不允许的控制字符' }]);
  });
});

describe('GET api/news/getNewsType', () => {
  it('answers the three types with their counts', async () => {
    const res = await get(t, 'api/news/getNewsType');
    expect(res.json()).toEqual({
      code: 200,
      msg: '操作成功',
      data: [1, 2, 3].map((type) => ({ type, typeName: TYPE_NAMES[type], count: ofType(type).length })),
    });
  });
});

describe('GET api/news/:id', () => {
  it('answers an article with body, neighbours of its type and related articles', async () => {
    const list = ofType(1);
    const i = 5;
    const n = list[i];
    if (!n) throw new Error('seed too small');
    const res = await get(t, `api/news/${n.id}`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ id: n.id, type: 1, typeName: '行业资讯', title: n.title, body: n.body, source: n.source });
    expect(data.publishedAt).toMatch(ISO);
    expect(data.prev).toEqual({ id: list[i - 1]?.id, title: list[i - 1]?.title });
    expect(data.next).toEqual({ id: list[i + 1]?.id, title: list[i + 1]?.title });
    expect(ids(data.related)).toEqual(ids(list.filter((x) => x.id !== n.id).slice(0, 4)));
    expect(data.related[0]).toEqual({ id: list[0]?.id, title: list[0]?.title, publishedAt: expect.stringMatching(ISO) });
  });

  it('the newest of a type has no prev, the oldest no next', async () => {
    const list = ofType(3);
    const newest = (await get(t, `api/news/${list[0]?.id}`)).json().data;
    expect(newest.prev).toBeNull();
    expect(newest.next?.id).toBe(list[1]?.id);
    const oldest = (await get(t, `api/news/${list.at(-1)?.id}`)).json().data;
    expect(oldest.next).toBeNull();
    expect(oldest.prev?.id).toBe(list.at(-2)?.id);
  });

  it('counts a view on every read, without marking the article edited', async () => {
    const id = ofType(2)[3]?.id ?? 0;
    const edited = () =>
      t.database.db
        .select({ at: sql<string>`${news.updatedAt}::text` })
        .from(news)
        .where(eq(news.id, id));
    const before = await edited();
    const first = (await get(t, `api/news/${id}`)).json().data.views;
    const second = (await get(t, `api/news/${id}`)).json().data.views;
    expect(second).toBe(first + 1);
    expect(await edited()).toEqual(before);
    const listed = (await get(t, 'api/news/list', { type: '2', pageSize: '100' })).json().rows.find((r: { id: number }) => r.id === id);
    expect(listed.views).toBe(second);
  });

  it('an unknown id is 404 ALL_0011', async () => {
    expectNotFound(await get(t, 'api/news/999999'), '新闻不存在');
  });

  it('a non-numeric or malformed id is 404, never a 500', async () => {
    for (const bad of BAD_IDS) expectNotFound(await get(t, `api/news/${encodeURIComponent(bad)}`), '新闻不存在');
  });

  it('needs the sign like every portal call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/apiHome/api/news/1' });
    expect(res.json().code).toBe('ALL_0002');
  });
});

describe('drafts', () => {
  it('a draft is neither listed, counted, served, nor anyone’s neighbour or related article', async () => {
    const list = ofType(1);
    const [a, draft, c] = [list[0], list[1], list[2]];
    if (!a || !draft || !c) throw new Error('seed too small');
    await asDraft(t, 'news', draft.id, async () => {
      const listed = (await get(t, 'api/news/list', { type: '1', pageSize: '100' })).json();
      expect(listed.total).toBe(list.length - 1);
      expect(ids(listed.rows)).not.toContain(draft.id);
      expect((await get(t, 'api/news/list', { keyword: draft.title })).json().total).toBe(0);
      const types = (await get(t, 'api/news/getNewsType')).json().data;
      expect(types[0].count).toBe(list.length - 1);
      expectNotFound(await get(t, `api/news/${draft.id}`), '新闻不存在');
      const first = (await get(t, `api/news/${a.id}`)).json().data;
      expect(first.next.id).toBe(c.id);
      expect(ids(first.related)).not.toContain(draft.id);
      expect((await get(t, `api/news/${c.id}`)).json().data.prev.id).toBe(a.id);
    });
    expect((await get(t, `api/news/${draft.id}`)).statusCode).toBe(200);
  });
});
